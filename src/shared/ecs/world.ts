// The world's public API: creating entities, components and tags; names, paths and lookup;
// hierarchy and IsA rules; docs; enable/disable; prefab instancing.
import { bootstrap } from './builtins';
import type { ComponentInfo } from './component';
import { EcsError } from './errors';
import { entityIndex, isPair, makePair, pairFirstIndex, pairSecondIndex, type Entity, type Id } from './ids';
import { inheritCopyProblem, newInheritPlan, type InheritPlan } from './inherit-copy';
import { makeSchema, type SchemaSpec } from './schema';
import type { Table } from './table';
import { unitInfo } from './units';
import type { WriteOptions } from './values';
import { WorldCore } from './world-core';

/** Options of `world.entity()`. */
export interface EntityOptions {
  /** Name, unique among siblings. */
  name?: string;
  /** Parent entity (adds (ChildOf, parent)). */
  parent?: Entity;
  /** A specific id to make alive (fixtures that reproduce ids). */
  id?: Entity;
}

/** Options of `world.component()` / `world.tag()`. */
export interface ComponentOptions {
  /** Parent scope (a module or any entity). */
  parent?: Entity;
  /** A specific id to use. */
  id?: Entity;
  /** False: take an ordinary id, leaving the low ids (below 256) to the app's own components. */
  low?: boolean;
  /** Doc brief. */
  brief?: string;
}

/** The doc fields of an entity (stored as (ecs.doc.Description, <field>) pairs). */
export type DocField = 'name' | 'brief' | 'link' | 'color';

/** One component of an atomic multi-set: id and (partial) value. */
export interface SetEntry {
  readonly id: Id;
  readonly value?: unknown;
}

const NAME_RULE = /^[^./\s][^./]*$/;
const MAX_DEPTH = 64;

/** An entity-component world. See the README for a tour of the API. */
export class World extends WorldCore {
  constructor() {
    super();
    bootstrap(this);
  }

  // ---------------------------------------------------------------- creation

  /** Creates an entity, optionally named and parented. Throws on a name clash. */
  entity(nameOrOptions?: string | EntityOptions): Entity {
    const o: EntityOptions = typeof nameOrOptions === 'string' ? { name: nameOrOptions } : nameOrOptions ?? {};
    if (o.name !== undefined) this.checkName(o.name, o.parent ?? 0, 0);
    if (o.parent !== undefined) this.checkAlive(o.parent);
    const e = this.newEntity({ id: o.id });
    if (o.parent !== undefined) this.add(e, this.pair(this.core.ChildOf, o.parent));
    if (o.name !== undefined) this.setName(e, o.name);
    return e;
  }

  /** Creates a prefab (an entity with ecs.core.Prefab, skipped by queries unless asked). */
  prefab(nameOrOptions?: string | EntityOptions): Entity {
    const e = this.entity(nameOrOptions);
    this.add(e, this.core.Prefab);
    return e;
  }

  /** Registers a tag (an id without data). */
  tag(name: string, opts: ComponentOptions = {}): Entity {
    const e = this.entity({ name, parent: opts.parent, id: opts.id });
    if (opts.brief) this.setDoc(e, 'brief', opts.brief);
    return e;
  }

  /**
   * Registers a component with reflection: `world.component('Position', { x: 'f32', y: 'f32' })`.
   * Members may be primitives, enums, nested structs and fixed arrays (see schema.ts).
   */
  component(name: string, schema: SchemaSpec, opts: ComponentOptions = {}): Entity {
    const s = makeSchema(schema);
    for (const leaf of s.leaves) if (leaf.unit !== undefined) unitInfo(this, leaf.unit);
    return this.registerComponent(name, opts, (id, path) => ({ id, name: path, schema: s, size: s.size, alignment: s.alignment }), true);
  }

  /** Registers a component without reflection: values are opaque JS values (serialized as 0). */
  opaqueComponent(name: string, opts: ComponentOptions & { size?: number; default?: unknown } = {}): Entity {
    const size = opts.size ?? 8;
    return this.registerComponent(name, opts, (id, path) => ({ id, name: path, schema: undefined, size, alignment: Math.min(size, 8), opaqueDefault: opts.default }), false);
  }

  private registerComponent(name: string, opts: ComponentOptions, make: (id: Entity, path: string) => ComponentInfo, reflected: boolean): Entity {
    this.checkName(name, opts.parent ?? 0, 0);
    const e = this.newEntity({ id: opts.id, low: opts.id === undefined && opts.low !== false });
    try {
      if (opts.parent !== undefined) this.add(e, this.pair(this.core.ChildOf, opts.parent));
      this.setName(e, name);
      const info = make(e, this.pathOf(e));
      this.components.set(entityIndex(e), info);
      markComponent(this, e, info, reflected);
      if (opts.brief) this.setDoc(e, 'brief', opts.brief);
    } catch (err) {
      this.delete(e);
      throw err;
    }
    return e;
  }

  /** Component info of a component entity, or undefined for tags and other entities. */
  componentInfo(id: Id): ComponentInfo | undefined {
    return this.dataOf(id);
  }

  // ---------------------------------------------------------------- components

  /** True when the entity has the id, itself or inherited through IsA. Wildcard pairs allowed. */
  has(e: Entity, id: Id): boolean {
    return this.hasId(e, id);
  }

  /** True when the entity has the id itself (not inherited). */
  owns(e: Entity, id: Id): boolean {
    return this.ownsId(e, id);
  }

  /** The component value (own or inherited) as a plain object, or undefined. */
  get<T = Record<string, unknown>>(e: Entity, id: Id): T | undefined {
    return this.getValue(e, id) as T | undefined;
  }

  /** Sets a (partial) component value; adds the component when missing. Validates first. */
  set(e: Entity, id: Id, value: unknown, opts?: WriteOptions): void {
    this.checkAlive(e);
    this.applySet(e, id, this.planSet(id, value, opts));
  }

  /**
   * Sets several components atomically: every entry is validated before any is applied, so on
   * error nothing changes. An entry without `value` on a tag or data-less pair adds the id.
   */
  setMany(e: Entity, entries: readonly SetEntry[], opts?: WriteOptions): void {
    this.checkAlive(e);
    // An entry without a value adds the id (a component starts at its default, or as a copy of an inherited value).
    const plan = newInheritPlan();
    const plans = entries.map((entry, i) => {
      try {
        this.checkId(entry.id);
        this.checkPairAdd(e, entry.id, plan);
        return entry.value === undefined ? null : this.planSet(entry.id, entry.value, opts);
      } catch (err) {
        if (err instanceof EcsError) err.entry = i;
        throw err;
      }
    });
    entries.forEach((entry, i) => {
      const plan = plans[i];
      if (plan) this.applySet(e, entry.id, plan);
      else this.add(e, entry.id);
    });
  }

  /** The ids the entity owns, sorted (its table's type). */
  typeOf(e: Entity): readonly Id[] {
    return this.tableOf(e).type;
  }

  // ---------------------------------------------------------------- enable / disable

  /** Adds ecs.core.Disabled: queries that do not mention it skip the entity. */
  disable(e: Entity): void {
    this.add(e, this.core.Disabled);
  }

  /** Removes ecs.core.Disabled. */
  enable(e: Entity): void {
    this.remove(e, this.core.Disabled);
  }

  /** True unless the entity has ecs.core.Disabled. */
  isEnabled(e: Entity): boolean {
    return !this.ownsId(e, this.core.Disabled);
  }

  // ---------------------------------------------------------------- names and paths

  /** Sets (or with undefined removes) the name; names are unique among siblings. */
  setName(e: Entity, name: string | undefined): void {
    this.checkAlive(e);
    if (name !== undefined) this.checkName(name, this.parentOf(e), e);
    if (this.queueRename(e, name)) return;
    this.renameNow(e, name);
  }

  protected override renameNow(e: Entity, name: string | undefined): void {
    const nameId = makePair(this.core.Identifier, this.core.Name);
    this.hierarchy.setName(e, name);
    this.changeCount++;
    if (name === undefined) this.removeNow(e, nameId);
    else this.addNow(e, nameId);
  }

  private checkName(name: string, parent: Entity, self: Entity): void {
    if (typeof name !== 'string' || !NAME_RULE.test(name) || /^\d+$/.test(name)) {
      throw new EcsError('invalid_name', `invalid name ${JSON.stringify(name)}: a name is non-empty, has no '.' or '/', does not start with a space and is not a number`);
    }
    const other = this.hierarchy.childNamed(parent, name);
    if (other !== undefined && other !== self) {
      throw new EcsError('name_clash', `${parent ? this.pathOf(parent) : 'the root'} already has a child named '${name}' (${this.describe(other)})`);
    }
  }

  /** The entity's name, or undefined. */
  nameOf(e: Entity): string | undefined {
    return this.hierarchy.nameOf(e);
  }

  /** The parent (ChildOf target), or 0 for root entities. */
  parentOf(e: Entity): Entity {
    return this.hierarchy.parentOf(e);
  }

  /** Children (ChildOf sources) of an entity. */
  childrenOf(e: Entity): readonly Entity[] {
    return [...this.hierarchy.childrenOf(e)];
  }

  /** Path of an entity with `sep` between levels; anonymous levels show their id. */
  pathOf(e: Entity, sep = '.'): string {
    if (e === this.core.Wildcard) return '*';
    if (e === this.core.Any) return '_';
    const parts: string[] = [];
    let cur = e;
    for (let depth = 0; cur !== 0 && depth < MAX_DEPTH; depth++) {
      parts.push(this.hierarchy.nameOf(cur) ?? String(cur));
      cur = this.hierarchy.parentOf(cur);
    }
    return parts.reverse().join(sep);
  }

  /**
   * Finds an entity by path: levels separated by `sep` ('.' by default, '/' for URLs); a level
   * made of digits is an entity id (which must be a child of the previous level). Returns 0 when
   * nothing matches.
   */
  lookup(path: string, sep = '.', scope: Entity = 0): Entity {
    if (path === '*') return this.core.Wildcard;
    if (path === '_') return this.core.Any;
    if (path === '.' || path === 'this') return scope === 0 && path === '.' ? this.core.This : this.lookupIn(path, sep, scope);
    if (path === '$') return this.core.Variable;
    return this.lookupIn(path, sep, scope);
  }

  private lookupIn(path: string, sep: string, scope: Entity): Entity {
    if (path === '') return 0;
    let cur = scope;
    for (const part of path.split(sep)) {
      if (part === '') return 0;
      if (/^\d+$/.test(part)) {
        const id = Number(part);
        if (!Number.isSafeInteger(id) || !this.isAlive(id)) return 0;
        if (cur !== 0 && this.parentOf(id) !== cur) return 0;
        cur = id;
        continue;
      }
      const next = this.hierarchy.childNamed(cur, part);
      if (next === undefined) return 0;
      cur = next;
    }
    return cur;
  }

  /** Looks up a name as queries do: from the root, then in ecs.core (so `ChildOf`, `Prefab` work). */
  lookupSymbol(path: string): Entity {
    return this.lookup(path) || this.lookup(path, '.', this.core.coreModule);
  }

  // ---------------------------------------------------------------- docs

  /** Sets (or with undefined removes) a doc field: name (label), brief, link, color. */
  setDoc(e: Entity, field: DocField, text: string | undefined): void {
    const id = this.pair(this.core.Description, this.docTarget(field));
    if (text === undefined) this.remove(e, id);
    else this.set(e, id, { value: text });
  }

  /** A doc field of the entity (own only), or undefined. */
  doc(e: Entity, field: DocField): string | undefined {
    const id = makePair(this.core.Description, this.docTarget(field));
    if (!this.ownsId(e, id)) return undefined;
    return (this.getValue(e, id) as { value: string } | undefined)?.value;
  }

  /** What the explorer shows: the doc name, else the name, else the id. */
  label(e: Entity): string {
    return this.doc(e, 'name') ?? this.nameOf(e) ?? String(e);
  }

  private docTarget(field: DocField): Entity {
    const c = this.core;
    return field === 'name' ? c.Name : field === 'brief' ? c.Brief : field === 'link' ? c.Link : c.Color;
  }

  // ---------------------------------------------------------------- prefabs

  /** Creates an instance of a prefab: (IsA, prefab) plus copies of the prefab's children. */
  instantiate(prefab: Entity, opts: EntityOptions = {}): Entity {
    this.checkAlive(prefab);
    const e = this.entity(opts);
    this.add(e, this.pair(this.core.IsA, prefab));
    return e;
  }

  // ---------------------------------------------------------------- rules (hooks of the core)

  protected override beforeAdd(e: Entity, _table: Table, id: Id): void {
    this.checkPairAdd(e, id);
  }

  /**
   * Throws if adding the pair `id` to `e` would break a rule: a ChildOf or IsA cycle, a name clash
   * under the new parent, an IsA whose copied children could not all be made. `plan` carries what
   * earlier ids of the same setMany will have done.
   */
  private checkPairAdd(e: Entity, id: Id, plan?: InheritPlan): void {
    if (!isPair(id)) return;
    const rel = this.aliveAt(pairFirstIndex(id)), target = this.aliveAt(pairSecondIndex(id));
    if (rel === this.core.ChildOf) {
      if (this.isAncestorOrSelf(e, target)) throw new EcsError('cycle', `cannot make ${this.describe(e)} a child of ${this.describe(target)}: that would make a ChildOf cycle`);
      const name = this.nameOf(e);
      if (name !== undefined) this.checkName(name, target, e);
      plan?.newParents.push(target);
    } else if (rel === this.core.IsA || this.ownsId(rel, this.core.Acyclic)) {
      if (this.reaches(target, e, rel, 0)) throw new EcsError('cycle', `cannot add (${this.pathOf(rel)}, ${this.pathOf(target)}) to ${this.describe(e)}: that would make a cycle`);
      if (rel === this.core.IsA) {
        const problem = inheritCopyProblem(this, e, target, plan);
        if (problem) throw problem;
      }
    }
  }

  protected override afterAdd(e: Entity, id: Id): void {
    if (!isPair(id)) return;
    const rel = this.aliveAt(pairFirstIndex(id));
    if (rel === this.core.ChildOf) this.hierarchy.setParent(e, this.aliveAt(pairSecondIndex(id)));
    else if (rel === this.core.IsA) this.copyPrefabChildren(this.aliveAt(pairSecondIndex(id)), e);
  }

  protected override beforeRemove(e: Entity, id: Id): void {
    if (!isPair(id) || pairFirstIndex(id) !== entityIndex(this.core.ChildOf)) return;
    // Replacing the parent (exclusive ChildOf): afterAdd moves it straight to the new parent.
    if (this.replacingExclusive) return;
    const name = this.nameOf(e);
    if (name !== undefined && this.hierarchy.childNamed(0, name) !== undefined) {
      throw new EcsError('name_clash', `cannot move ${this.describe(e)} to the root: the root already has an entity named '${name}'`);
    }
    this.hierarchy.setParent(e, 0);
  }

  private isAncestorOrSelf(e: Entity, of: Entity): boolean {
    let cur = of;
    for (let d = 0; cur !== 0 && d < MAX_DEPTH; d++) {
      if (cur === e) return true;
      cur = this.parentOf(cur);
    }
    return false;
  }

  private reaches(from: Entity, to: Entity, rel: Entity, depth: number): boolean {
    if (from === to) return true;
    if (depth > MAX_DEPTH) return true;
    const t = this.tableOf(from);
    const matches = this.record(makePair(rel, this.core.Wildcard))?.indices.get(t);
    if (!matches) return false;
    return matches.some((ti) => this.reaches(this.aliveAt(pairSecondIndex(t.type[ti]!)), to, rel, depth + 1));
  }

  private copyPrefabChildren(prefab: Entity, instance: Entity): void {
    const skip = new Set<Id>([makePair(this.core.Identifier, this.core.Name), this.core.Prefab]);
    for (const child of this.hierarchy.childrenOf(prefab)) {
      const copy = this.newEntity();
      const type = this.tableOf(child).type;
      this.add(copy, this.pair(this.core.ChildOf, instance));
      const name = this.nameOf(child);
      if (name !== undefined) this.setName(copy, name);
      for (const id of type) {
        if (skip.has(id) || (isPair(id) && pairFirstIndex(id) === entityIndex(this.core.ChildOf))) continue;
        const value = this.dataOf(id) ? this.getValue(child, id) : undefined;
        if (value === undefined) this.add(copy, id);
        else if (this.dataOf(id)!.schema) this.set(copy, id, value);
        else this.applySet(copy, id, { writes: null, opaque: value });
      }
      this.copyPrefabChildren(child, copy);
    }
  }

  // ---------------------------------------------------------------- text

  /** Paths of an id: [component] or [relationship, target]. */
  idPath(id: Id, sep = '.'): string[] {
    if (!isPair(id)) return [this.pathOf(id, sep)];
    return [this.pathOf(this.aliveAt(pairFirstIndex(id)), sep), this.pathOf(this.aliveAt(pairSecondIndex(id)), sep)];
  }

  override idText(id: Id): string {
    if (!isPair(id)) return this.isAlive(id) ? this.pathOf(id) : String(id);
    const r = this.aliveAt(pairFirstIndex(id)), t = this.aliveAt(pairSecondIndex(id));
    return `(${r ? this.pathOf(r) : pairFirstIndex(id)}, ${t ? this.pathOf(t) : pairSecondIndex(id)})`;
  }

  override describe(e: Entity): string {
    return this.isAlive(e) && this.nameOf(e) !== undefined ? `'${this.pathOf(e)}'` : `entity ${e}`;
  }

  /** Resolves entity-typed member values given as id or (lenient) path. */
  protected override resolveEntityValue(raw: number | string): number | undefined {
    if (typeof raw === 'number') return this.isAlive(raw) ? raw : undefined;
    const e = this.lookup(raw);
    return e === 0 ? undefined : e;
  }
}

/** Adds the reflection ids every component carries (ecs.core.Component value, meta tags). */
function markComponent(world: World, e: Entity, info: ComponentInfo, reflected: boolean): void {
  const c = world.core;
  world.set(e, c.Component, { size: info.size, alignment: info.alignment });
  if (reflected) {
    world.set(e, c.MetaType, { kind: 'StructType' });
    world.add(e, c.MetaTypeSerialized);
    world.add(e, c.Struct);
  }
  world.add(e, world.pair(c.OnDelete, c.Panic));
}

export { markComponent };
