// Prefab instancing: an instance is an entity with (IsA, prefab); adding that pair copies the
// prefab's children (with their values) under the instance, recursively. Whether the copying
// could fail part way is checked before the add, in inherit-copy.ts.
import type { ComponentInfo } from './component';
import type { EntityOptions } from './creation';
import { entityIndex, isPair, makePair, pairFirstIndex, type Entity, type Id } from './ids';
import { inheritCopyProblem, type InheritPlan, type InheritView } from './inherit-copy';
import type { EcsError } from './errors';
import type { Table } from './table';

/** What instancing uses of a world (the World has it; declared here so this file does not import world.ts). */
export interface PrefabWorld extends InheritView {
  /** The live children index: copying walks it without making a copy per level. */
  readonly hierarchy: { childrenOf(e: Entity): ReadonlySet<Entity> };
  checkAlive(e: Entity): void;
  entity(opts: EntityOptions): Entity;
  newEntity(): Entity;
  tableOf(e: Entity): Table;
  add(e: Entity, id: Id): void;
  setName(e: Entity, name: string | undefined): void;
  dataOf(id: Id): ComponentInfo | undefined;
  getValue(e: Entity, id: Id): unknown;
  set(e: Entity, id: Id, value: unknown): void;
  applySet(e: Entity, id: Id, plan: { writes: null; opaque: unknown }): void;
}

/** Instancing of prefabs in one world. */
export class Prefabs {
  constructor(private readonly world: PrefabWorld) {}

  /** Creates an instance of a prefab: (IsA, prefab) plus copies of the prefab's children. */
  instantiate(prefab: Entity, opts: EntityOptions): Entity {
    const w = this.world;
    w.checkAlive(prefab);
    const e = w.entity(opts);
    w.add(e, w.pair(w.core.IsA, prefab));
    return e;
  }

  /** Why adding (IsA, base) to e would fail part way, or undefined (see inherit-copy.ts). */
  copyProblem(e: Entity, base: Entity, plan?: InheritPlan): EcsError | undefined {
    return inheritCopyProblem(this.world, e, base, plan);
  }

  /** Copies the prefab's children (names, ids and values, recursively) under the instance. */
  copyChildren(prefab: Entity, instance: Entity): void {
    const w = this.world, c = w.core;
    const skip = new Set<Id>([makePair(c.Identifier, c.Name), c.Prefab]);
    for (const child of w.hierarchy.childrenOf(prefab)) {
      const copy = w.newEntity();
      const type = w.tableOf(child).type;
      w.add(copy, w.pair(c.ChildOf, instance));
      const name = w.nameOf(child);
      if (name !== undefined) w.setName(copy, name);
      for (const id of type) {
        if (skip.has(id) || (isPair(id) && pairFirstIndex(id) === entityIndex(c.ChildOf))) continue;
        const value = w.dataOf(id) ? w.getValue(child, id) : undefined;
        if (value === undefined) w.add(copy, id);
        else if (w.dataOf(id)!.schema) w.set(copy, id, value);
        else w.applySet(copy, id, { writes: null, opaque: value });
      }
      this.copyChildren(child, copy);
    }
  }
}
