// Making entities: named and parented entities, prefabs, tags, and components with their
// reflection ids (ecs.core.Component value, meta tags, (OnDelete, Panic)). A component that
// cannot be completed is deleted again, so a failed registration leaves nothing behind.
import type { ComponentInfo } from './component';
import type { CoreIds } from './core-ids';
import { entityIndex, type Entity, type Id } from './ids';
import type { Names } from './names';
import { makeSchema, type SchemaSpec } from './schema';
import { unitInfo, type UnitsHost } from './units';

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

/** What creation uses of a world (the World has it; declared here so this file does not import world.ts). */
export interface CreationWorld extends UnitsHost {
  readonly core: CoreIds;
  checkAlive(e: Entity): void;
  newEntity(opts?: { id?: Entity; low?: boolean }): Entity;
  pair(rel: Entity, target: Entity): Id;
  setName(e: Entity, name: string | undefined): void;
  setDoc(e: Entity, field: 'brief', text: string | undefined): void;
  pairsAreTags(rel: Entity): void;
  delete(e: Entity): void;
}

/** Creation of entities, tags and components in one world. */
export class Creation {
  constructor(
    private readonly world: CreationWorld,
    private readonly names: Names,
    private readonly components: Map<number, ComponentInfo>,
  ) {}

  /** Creates an entity, optionally named and parented. Throws on a name clash. */
  entity(nameOrOptions?: string | EntityOptions): Entity {
    const w = this.world;
    const o: EntityOptions = typeof nameOrOptions === 'string' ? { name: nameOrOptions } : nameOrOptions ?? {};
    if (o.name !== undefined) this.names.checkName(o.name, o.parent ?? 0, 0);
    if (o.parent !== undefined) w.checkAlive(o.parent);
    const e = w.newEntity({ id: o.id });
    if (o.parent !== undefined) w.add(e, w.pair(w.core.ChildOf, o.parent));
    if (o.name !== undefined) w.setName(e, o.name);
    return e;
  }

  /** Creates a prefab (an entity with ecs.core.Prefab, skipped by queries unless asked). */
  prefab(nameOrOptions?: string | EntityOptions): Entity {
    const e = this.entity(nameOrOptions);
    this.world.add(e, this.world.core.Prefab);
    return e;
  }

  /**
   * Registers a tag (an id without data). It carries ecs.core.Tag, so what it is stays a stored
   * fact (the explorer groups it with the tags whether or not anything has it now), and, as that
   * trait says, its pairs carry no data either.
   */
  tag(name: string, opts: ComponentOptions): Entity {
    const e = this.entity({ name, parent: opts.parent, id: opts.id });
    this.world.add(e, this.world.core.Tag);
    this.world.pairsAreTags(e);
    if (opts.brief) this.world.setDoc(e, 'brief', opts.brief);
    return e;
  }

  /** Registers a component with reflection (see World.component). */
  component(name: string, schema: SchemaSpec, opts: ComponentOptions): Entity {
    const s = makeSchema(schema);
    for (const leaf of s.leaves) if (leaf.unit !== undefined) unitInfo(this.world, leaf.unit);
    return this.register(name, opts, (id, path) => ({ id, name: path, schema: s, size: s.size, alignment: s.alignment }), true);
  }

  /** Registers a component without reflection: values are opaque JS values (serialized as 0). */
  opaqueComponent(name: string, opts: ComponentOptions & { size?: number; default?: unknown }): Entity {
    const size = opts.size ?? 8;
    return this.register(name, opts, (id, path) => ({ id, name: path, schema: undefined, size, alignment: Math.min(size, 8), opaqueDefault: opts.default }), false);
  }

  private register(name: string, opts: ComponentOptions, make: (id: Entity, path: string) => ComponentInfo, reflected: boolean): Entity {
    const w = this.world;
    this.names.checkName(name, opts.parent ?? 0, 0);
    const e = w.newEntity({ id: opts.id, low: opts.id === undefined && opts.low !== false });
    try {
      if (opts.parent !== undefined) w.add(e, w.pair(w.core.ChildOf, opts.parent));
      w.setName(e, name);
      const info = make(e, w.pathOf(e));
      this.components.set(entityIndex(e), info);
      this.markComponent(e, info, reflected);
      if (opts.brief) w.setDoc(e, 'brief', opts.brief);
    } catch (err) {
      w.delete(e);
      throw err;
    }
    return e;
  }

  /** Adds the reflection ids every component carries (ecs.core.Component value, meta tags). */
  private markComponent(e: Entity, info: ComponentInfo, reflected: boolean): void {
    const w = this.world, c = w.core;
    w.set(e, c.Component, { size: info.size, alignment: info.alignment });
    if (reflected) {
      w.set(e, c.MetaType, { kind: 'StructType' });
      w.add(e, c.MetaTypeSerialized);
      w.add(e, c.Struct);
    }
    w.add(e, w.pair(c.OnDelete, c.Panic));
  }
}
