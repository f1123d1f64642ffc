// The world: one object that owns the parts of the store and offers their API. Each part holds
// one concept (docs/architecture.md lists them); the world wires them together and
// decides, for every change, the order: check the arguments, then queue it (deferred) or apply
// it now (storage). Its methods are short delegations, grouped by concept below.
import { bootstrap } from './builtins';
import { Checks } from './checks';
import { newCommandCounters, Op, type CommandCounters, type CommandQueue } from './commands';
import type { ComponentInfo } from './component';
import type { CoreIds } from './core-ids';
import { Creation, type ComponentOptions, type EntityOptions } from './creation';
import { Deferred } from './deferred';
import { Docs, type DocField } from './docs';
import { EntityIndex } from './entity-index';
import { EcsError } from './errors';
import { Hierarchy } from './hierarchy';
import type { IdRecord } from './id-record';
import { entityIndex, pairFirstIndex, pairSecondIndex, type Entity, type Id } from './ids';
import { newInheritPlan } from './inherit-copy';
import { Inheritance } from './inheritance';
import { Names } from './names';
import { Observers, type ObserverEvent, type ObserverFn } from './observers';
import { Prefabs } from './prefabs';
import { Reflection, type SetPlan } from './reflection';
import { RelationshipRules } from './relationship-rules';
import type { SchemaSpec } from './schema';
import { Storage, type EntityLocation } from './storage';
import type { Table } from './table';
import { TableIndex, type StoreCounters, type TableListener } from './table-index';
import type { LeafWrite, WriteOptions } from './values';
import type { ImageSeries } from './image-series';
import { lendImage, loadImage, takeImage, type ImagePart, type ImageSources, type SavedTable, type WorldImage } from './world-image';

export type { ComponentOptions, EntityOptions } from './creation';
export type { DocField } from './docs';

/** One component of an atomic multi-set: id and (partial) value. */
export interface SetEntry {
  readonly id: Id;
  readonly value?: unknown;
}

/** An entity-component world. docs/store.md tours the API. */
export class World {
  // ---------------------------------------------------------------- parts
  // Created in dependency order; the rules are handed to storage in the constructor because
  // they in turn use storage.

  /** Entity records: alive ids, and the table and row of each. */
  readonly entities = new EntityIndex();
  /** Names and hierarchy. */
  readonly hierarchy = new Hierarchy();
  /** Observers of add / remove / set. */
  readonly observers = new Observers();
  readonly commands: CommandCounters = newCommandCounters();
  /** Entity indices of built-in entities (cannot be deleted). */
  readonly builtin = new Set<number>();
  /**
   * Components that REST clients may set on the World entity although it is built in (world
   * settings such as ecs.app.TimeControl); everything else on built-ins stays read-only.
   */
  readonly worldSettings = new Set<number>();
  private readonly names = new Names(this.entities, this.hierarchy);
  private readonly checks = new Checks(this.entities, this.names);
  private readonly reflection = new Reflection(this.checks, this.names);
  /** Registered components by entity index. */
  readonly components = this.reflection.components;
  /** All tables and their id records. */
  readonly index: TableIndex = new TableIndex(this);
  /** Tables by id, in creation order. */
  readonly tables = this.index.tables;
  /** Id records (including wildcard patterns). */
  readonly records = this.index.records;
  readonly counters: StoreCounters = this.index.counters;
  private readonly inheritance = new Inheritance(this.entities, this.records);
  private readonly store = new Storage(this.entities, this.index, this.hierarchy, this.observers, this.commands, this.components, this.inheritance);
  /** The empty table (entities without ids). */
  readonly root: Table = this.store.root;
  private readonly deferred = new Deferred(this.entities, this.store, this.commands);
  private readonly creation = new Creation(this, this.names, this.components);
  private readonly prefabs = new Prefabs(this);
  private readonly rules = new RelationshipRules(this.entities, this.records, this.hierarchy, this.store, this.names, this.inheritance, this.prefabs);
  private readonly docs = new Docs(this);
  private readonly imageParts = new Map<string, ImagePart>();
  private readonly restoreListeners: (() => void)[] = [];
  /** Each table's image in the last snapshot, which the next one shares what did not change with. */
  private readonly savedTables = new WeakMap<Table, SavedTable>();

  constructor() {
    this.store.rules = this.rules;
    bootstrap(this);
  }

  /** Built-in ids; set by the bootstrap before anything else is created. */
  get core(): CoreIds {
    return this.names.core;
  }

  set core(ids: CoreIds) {
    // Every part that reads built-in ids gets them once, as a plain field.
    this.names.core = ids;
    this.checks.core = ids;
    this.reflection.core = ids;
    this.inheritance.core = ids;
    this.store.core = ids;
    this.store.writes.setWildcards(entityIndex(ids.Wildcard), entityIndex(ids.Any));
    this.rules.core = ids;
  }

  /**
   * Bumped whenever an entity that other tables refer to (a component, relationship, pair target,
   * IsA base or parent) changes its type or is deleted. Caches of matches that depend on other
   * entities (inheritance, traversal) stay valid while it is unchanged.
   */
  get structureVersion(): number {
    return this.store.structureVersion;
  }

  /**
   * Bumped by every change the store sees: an entity created, moved between tables (add,
   * remove, enable, parent), renamed or deleted, a value set, a frame run (systems write columns
   * in place), modified(). An unchanged count means unchanged state, so readers may reuse what
   * they built from it (the REST router's reply cache). Code that writes a column in place
   * outside a system must call modified(), as in Flecs; a system writes in place only the
   * components its query may write (any access but [in], [none] and [filter]).
   */
  get changeCount(): number {
    return this.store.changeCount;
  }

  // ---------------------------------------------------------------- creation (creation.ts, prefabs.ts)

  /** Creates an anonymous entity in the root table (also while deferred: ids are immediate). */
  newEntity(opts: { id?: Entity; low?: boolean } = {}): Entity {
    return this.store.newEntity(opts.id, opts.low === true);
  }

  /** Creates an entity, optionally named and parented. Throws on a name clash. */
  entity(nameOrOptions?: string | EntityOptions): Entity {
    return this.creation.entity(nameOrOptions);
  }

  /** Creates a prefab (an entity with ecs.core.Prefab, skipped by queries unless asked). */
  prefab(nameOrOptions?: string | EntityOptions): Entity {
    return this.creation.prefab(nameOrOptions);
  }

  /** Registers a tag (an id without data). */
  tag(name: string, opts: ComponentOptions = {}): Entity {
    return this.creation.tag(name, opts);
  }

  /**
   * Registers a component with reflection: `world.component('Position', { x: 'f32', y: 'f32' })`.
   * Members may be primitives, enums, nested structs and fixed arrays (see schema.ts).
   */
  component(name: string, schema: SchemaSpec, opts: ComponentOptions = {}): Entity {
    return this.creation.component(name, schema, opts);
  }

  /** Registers a component without reflection: values are opaque JS values (serialized as 0). */
  opaqueComponent(name: string, opts: ComponentOptions & { size?: number; default?: unknown } = {}): Entity {
    return this.creation.opaqueComponent(name, opts);
  }

  /** Creates an instance of a prefab: (IsA, prefab) plus copies of the prefab's children. */
  instantiate(prefab: Entity, opts: EntityOptions = {}): Entity {
    return this.prefabs.instantiate(prefab, opts);
  }

  // ---------------------------------------------------------------- where entities are (storage.ts)

  /** True when the id is alive (a stale id of a recycled index is not). */
  isAlive(e: Entity): boolean {
    return this.entities.isAlive(e);
  }

  /** The alive entity at an index, or 0 (resolves pair parts). */
  aliveAt(index: number): Entity {
    return this.entities.aliveAt(index);
  }

  /** Table and row of an alive entity; throws EcsError('not_alive'). */
  locate(e: Entity): EntityLocation {
    return this.store.locate(e);
  }

  /** The table of an alive entity. */
  tableOf(e: Entity): Table {
    return this.store.tableOf(e);
  }

  /** The ids the entity owns, sorted (its table's type). */
  typeOf(e: Entity): readonly Id[] {
    return this.store.tableOf(e).type;
  }

  /**
   * Tells the store that values were written in place (outside set()): of `components` when
   * given (an empty list: the state changed, no value written), else of any component.
   */
  modified(components?: readonly Id[]): void {
    this.store.changeCount++;
    const writes = this.store.writes;
    if (components === undefined) writes.markAll();
    else for (let i = 0; i < components.length; i++) writes.mark(components[i]!);
  }

  /**
   * A clock reading that moves whenever values of `component` may have been written: set(), a
   * system whose query may write it, modified() naming it or naming nothing. Equal readings mean
   * no value of it was written in between (rows added or moved change Table.version instead).
   */
  writtenAt(component: Id): number {
    return this.store.writes.at(component);
  }

  /** @internal Marks the entity indices an id refers to (so deleting them purges their uses). */
  markUsedAsId(id: Id): void {
    this.store.markUsedAsId(id);
  }

  // ---------------------------------------------------------------- tables (table-index.ts)

  /** Registers a listener of table creation/deletion; it is called for existing tables now. */
  addTableListener(l: TableListener): () => void {
    return this.index.addListener(l);
  }

  /** The table with exactly this (sorted) type, created if needed. */
  tableForType(type: readonly Id[]): Table {
    return this.index.forType(type);
  }

  /** The id record of an id or wildcard pattern, if any table has it. */
  record(id: Id): IdRecord | undefined {
    return this.records.get(id);
  }

  // ---------------------------------------------------------------- ids and checks (checks.ts)

  /** The pair (relationship, target). Both must be alive (or wildcards). */
  pair(rel: Entity, target: Entity): Id {
    return this.checks.pair(rel, target);
  }

  /** Relationship entity of a pair (0 if not alive). */
  pairFirst(id: Id): Entity {
    return this.entities.aliveAt(pairFirstIndex(id));
  }

  /** Target entity of a pair (0 if not alive). */
  pairSecond(id: Id): Entity {
    return this.entities.aliveAt(pairSecondIndex(id));
  }

  /** True when the id (or both parts of a pair) refers to alive entities. */
  isValidId(id: Id): boolean {
    return this.entities.isValidId(id);
  }

  /** Throws EcsError('not_alive') unless e is alive. */
  checkAlive(e: Entity): void {
    this.checks.checkAlive(e);
  }

  /** Throws unless the id refers to alive entities. */
  checkId(id: Id): void {
    this.checks.checkId(id);
  }

  // ---------------------------------------------------------------- changes: check, then queue or apply

  /** Adds an id (component, tag or pair) to an entity. */
  add(e: Entity, id: Id): void {
    this.checks.checkAlive(e);
    this.checks.checkId(id);
    if (this.deferred.active) this.deferred.enqueue(Op.Add, e, id);
    else this.store.addNow(e, id);
  }

  /** Removes an id (pairs may use the wildcard as relationship or target). */
  remove(e: Entity, id: Id): void {
    this.checks.checkAlive(e);
    if (this.deferred.active) this.deferred.enqueue(Op.Remove, e, id);
    else this.store.removeNow(e, id);
  }

  /** Sets a (partial) component value; adds the component when missing. Validates first. */
  set(e: Entity, id: Id, value: unknown, opts?: WriteOptions): void {
    this.checks.checkAlive(e);
    this.applySet(e, id, this.reflection.planSet(id, value, opts));
  }

  /**
   * Sets several components atomically: every entry is validated before any is applied, so on
   * error nothing changes. An entry without `value` on a tag or data-less pair adds the id.
   */
  setMany(e: Entity, entries: readonly SetEntry[], opts?: WriteOptions): void {
    this.checks.checkAlive(e);
    // An entry without a value adds the id (a component starts at its default, or as a copy of an inherited value).
    const plan = newInheritPlan();
    const plans = entries.map((entry, i) => {
      try {
        this.checks.checkId(entry.id);
        this.rules.checkPairAdd(e, entry.id, plan);
        return entry.value === undefined ? null : this.reflection.planSet(entry.id, entry.value, opts);
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

  /**
   * Validates a value for a data id and returns what to write; throws EcsError naming the
   * culprit. Does not touch storage (so several sets can be checked before any is applied).
   */
  planSet(id: Id, value: unknown, opts: WriteOptions = {}): SetPlan {
    return this.reflection.planSet(id, value, opts);
  }

  /** Applies a planned set (adds the component first when missing). */
  applySet(e: Entity, id: Id, plan: { writes: readonly LeafWrite[] | null; opaque?: unknown }): void {
    this.checks.checkAlive(e);
    if (this.deferred.active) this.deferred.enqueue(Op.Set, e, id, plan);
    else this.store.setNow(e, id, plan.writes, plan.opaque);
  }

  /** Deletes an entity, its children (ChildOf) and every use of it as an id or pair part. */
  delete(e: Entity): void {
    this.checks.checkAlive(e);
    if (this.builtin.has(entityIndex(e))) throw new EcsError('builtin', `${this.names.describe(e)} is built in and cannot be deleted`);
    if (this.deferred.active) this.deferred.enqueue(Op.Delete, e, 0);
    else this.store.deleteNow(e);
  }

  /** Sets (or with undefined removes) the name; names are unique among siblings. */
  setName(e: Entity, name: string | undefined): void {
    this.checks.checkAlive(e);
    if (name !== undefined) this.names.checkName(name, this.hierarchy.parentOf(e), e);
    if (this.deferred.active) this.deferred.enqueue(Op.Name, e, 0, name === undefined ? null : name);
    else this.store.renameNow(e, name);
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

  /** True unless the entity has ecs.core.Disabled itself (a dead entity reads as enabled). */
  isEnabled(e: Entity): boolean {
    // The table's flag (set from its type, as queries skip disabled tables by it), not a lookup
    // in its type index: the pipeline asks once per system and frame, and the hash lookup was a
    // fifth of a system's frame work without entities (Node 24, perf).
    const es = this.entities;
    return !es.isAlive(e) || !es.table[entityIndex(e)]!.flags.disabled;
  }

  // ---------------------------------------------------------------- deferral (deferred.ts)

  /** True while changes are being queued. */
  get isDeferred(): boolean {
    return this.deferred.active;
  }

  /** Starts queuing structural changes (nests). */
  deferBegin(): void {
    this.deferred.begin();
  }

  /** Stops queuing; at the outermost level applies the queued changes in order. */
  deferEnd(): void {
    this.deferred.end();
  }

  /** Runs fn with changes deferred, then applies them. */
  defer<T>(fn: () => T): T {
    return this.deferred.run(fn);
  }

  /**
   * Sets (or clears, with undefined) the one recorder of queued commands: it is called with the
   * queue at every flush (sync point), before the commands are applied.
   */
  recordCommands(recorder: ((queue: CommandQueue) => void) | undefined): void {
    this.deferred.onFlush = recorder;
  }

  // ---------------------------------------------------------------- what an entity has (inheritance.ts)

  /** True when the entity owns the id itself (no inheritance; wildcards allowed). */
  ownsId(e: Entity, id: Id): boolean {
    return this.inheritance.ownsId(e, id);
  }

  /** True when the entity has the id itself (not inherited). */
  owns(e: Entity, id: Id): boolean {
    return this.inheritance.ownsId(e, id);
  }

  /** True when the entity has the id, itself or through IsA. */
  hasId(e: Entity, id: Id): boolean {
    return this.inheritance.hasId(e, id);
  }

  /** True when the entity has the id, itself or inherited through IsA. Wildcard pairs allowed. */
  has(e: Entity, id: Id): boolean {
    return this.inheritance.hasId(e, id);
  }

  /** A base (through IsA, depth-first) that owns the id, or 0. */
  findBaseWith(e: Entity, id: Id, depth: number): Entity {
    return this.inheritance.findBaseWith(e, id, depth);
  }

  /** The value of a component (own or inherited) as a plain object, or undefined. */
  getValue(e: Entity, id: Id): unknown {
    this.checks.checkAlive(e);
    return this.inheritance.valueOf(e, id);
  }

  /** The component value (own or inherited) as a plain object, or undefined. */
  get<T = Record<string, unknown>>(e: Entity, id: Id): T | undefined {
    return this.getValue(e, id) as T | undefined;
  }

  // ---------------------------------------------------------------- reflection (reflection.ts)

  /** Component info of the data an id carries (a pair uses its relationship's, else its target's type). */
  dataOf(id: Id): ComponentInfo | undefined {
    return this.reflection.dataOf(id);
  }

  /** Component info of a component entity, or undefined for tags and other entities. */
  componentInfo(id: Id): ComponentInfo | undefined {
    return this.reflection.dataOf(id);
  }

  /**
   * Makes pairs of a component relationship tags, as `(ecs.alerts.Alert, Warning)`: the component
   * keeps its data, its pairs have none. Call before any such pair exists.
   */
  pairsAreTags(rel: Entity): void {
    this.reflection.pairsAreTags(rel);
  }

  // ---------------------------------------------------------------- relationships (relationship-rules.ts)

  /** True when the relationship has the Exclusive trait. */
  isExclusive(rel: Entity): boolean {
    return this.rules.isExclusive(rel);
  }

  // ---------------------------------------------------------------- names and paths (names.ts)

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
    return this.names.childrenOf(e);
  }

  /** Path of an entity with `sep` between levels; anonymous levels show their id. */
  pathOf(e: Entity, sep = '.'): string {
    return this.names.pathOf(e, sep);
  }

  /**
   * Finds an entity by path: levels separated by `sep` ('.' by default, '/' for URLs); a level
   * made of digits is an entity id (which must be a child of the previous level). Returns 0 when
   * nothing matches.
   */
  lookup(path: string, sep = '.', scope: Entity = 0): Entity {
    return this.names.lookup(path, sep, scope);
  }

  /** Looks up a name as queries do: from the root, then in ecs.core (so `ChildOf`, `Prefab` work). */
  lookupSymbol(path: string): Entity {
    return this.names.lookupSymbol(path);
  }

  /** Paths of an id: [component] or [relationship, target]. */
  idPath(id: Id, sep = '.'): string[] {
    return this.names.idPath(id, sep);
  }

  /** Text of an id for messages: its path, or (relationship, target). */
  idText(id: Id): string {
    return this.names.idText(id);
  }

  /** Text of an entity for messages: its quoted path when named, else its id. */
  describe(e: Entity): string {
    return this.names.describe(e);
  }

  // ---------------------------------------------------------------- docs (docs.ts)

  /** Sets (or with undefined removes) a doc field: name (label), brief, link, color. */
  setDoc(e: Entity, field: DocField, text: string | undefined): void {
    this.docs.set(e, field, text);
  }

  /** A doc field of the entity (own only), or undefined. */
  doc(e: Entity, field: DocField): string | undefined {
    return this.docs.get(e, field);
  }

  /** What the explorer shows: the doc name, else the name, else the id. */
  label(e: Entity): string {
    return this.docs.label(e);
  }

  // ---------------------------------------------------------------- images (world-image.ts)

  /**
   * A copy of the whole store (and the registered parts) now, between frames; see world-image.ts.
   * `borrow`: the rows are views into this world, good only until it next changes: restore it into
   * another world at once, never into this one (a restore from a replica does, saving a 0.5 MB copy
   * at 3,000 asteroids).
   */
  snapshot(borrow = false): WorldImage {
    return takeImage(this.imageSources(), borrow);
  }

  /**
   * A snapshot in `series` (a history's keyframes): it shares with the series' previous image
   * instead of this world's last snapshot, and reuses the arrays of images the series was given
   * back (see image-series.ts).
   */
  snapshotIn(series: ImageSeries): WorldImage {
    return takeImage(this.imageSources(), false, series);
  }

  /**
   * Makes the world the image's in place (ids, generations, tables, rows, values, names, the
   * registered parts), then tells the restore listeners. The image must come from this world or
   * one built by the same code (same components and systems).
   */
  restore(image: WorldImage): void {
    loadImage(this.imageSources(), image);
    for (const l of [...this.restoreListeners]) l();
  }

  /**
   * Makes this world the one `source` holds now, as restore(source.snapshot()) would, but reading
   * the source's arrays where they are instead of copying them into an image first (a history
   * restore copies its replica into the live world so). `source` is built by the same code and is
   * not this world; neither may be inside a system.
   */
  restoreFrom(source: World): void {
    if (source === this) throw new EcsError('invalid_argument', 'a world cannot be restored from itself: take a snapshot and restore that');
    this.restore(lendImage(source.imageSources()));
  }

  /** Registers state kept outside the store that images carry under `name` (one part per name). */
  addImagePart(name: string, part: ImagePart): void {
    if (this.imageParts.has(name)) throw new EcsError('invalid_argument', `an image part named '${name}' is already registered`);
    this.imageParts.set(name, part);
  }

  /** Calls fn after every restore (caches of derived state rebuild); returns an unsubscribe function. */
  onRestore(fn: () => void): () => void {
    this.restoreListeners.push(fn);
    return () => { const i = this.restoreListeners.indexOf(fn); if (i >= 0) this.restoreListeners.splice(i, 1); };
  }

  private imageSources(): ImageSources {
    return {
      entities: this.entities, hierarchy: this.hierarchy, index: this.index, store: this.store, reflection: this.reflection,
      components: this.components, builtin: this.builtin, worldSettings: this.worldSettings, parts: this.imageParts, isDeferred: this.deferred.active,
      saved: this.savedTables, writes: this.store.writes,
    };
  }

  // ---------------------------------------------------------------- observers (observers.ts)

  /** Calls fn after `event` happens for `id` on any entity; returns an unsubscribe function. */
  observe(id: Id, event: ObserverEvent, fn: ObserverFn): () => void {
    return this.observers.on(id, event, fn);
  }
}
