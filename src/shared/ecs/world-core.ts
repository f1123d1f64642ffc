// The storage core of the world: entities, archetype tables, components with reflection, pairs,
// IsA lookups, deferred commands. Names, paths, docs, built-ins and prefab instancing are layered
// on in world.ts.
import { CommandQueue, newCommandCounters, Op, type CommandCounters, type SetPayload } from './commands';
import type { ComponentInfo } from './component';
import type { CoreIds } from './core-ids';
import { EntityIndex } from './entity-index';
import { EcsError } from './errors';
import { Hierarchy } from './hierarchy';
import type { IdRecord } from './id-record';
import { TableIndex, type StoreCounters, type TableListener } from './table-index';
export type { StoreCounters, TableListener } from './table-index';
import { entityIndex, isPair, makePair, pairFirstIndex, pairSecondIndex, type Entity, type Id } from './ids';
import { Observers, type ObserverEvent, type ObserverFn } from './observers';
import type { Table } from './table';
import { planWrite, readValue, type LeafWrite, type WriteOptions } from './values';


/** Where an alive entity is stored. */
export interface EntityLocation {
  readonly table: Table;
  readonly row: number;
}

const MAX_INHERIT_DEPTH = 32;

/** The storage core of a world. Use `World` (world-api) for the full API. */
export class WorldCore {
  /** Entity records. */
  readonly entities = new EntityIndex();
  /** Names and hierarchy. */
  readonly hierarchy = new Hierarchy();
  /** Observers of add / remove / set. */
  readonly observers = new Observers();
  /** Registered components by entity index. */
  readonly components = new Map<number, ComponentInfo>();
  /** All tables and their id records. */
  readonly index: TableIndex = new TableIndex(this);
  /** Tables by id, in creation order. */
  readonly tables = this.index.tables;
  /** Id records (including wildcard patterns). */
  readonly records = this.index.records;
  /** Built-in ids; set by the bootstrap before anything else is created. */
  core!: CoreIds;
  /** Entity indices of built-in entities (cannot be deleted). */
  readonly builtin = new Set<number>();
  /**
   * Components that REST clients may set on the World entity although it is built in (world
   * settings such as ecs.app.TimeControl); everything else on built-ins stays read-only.
   */
  readonly worldSettings = new Set<number>();
  readonly commands: CommandCounters = newCommandCounters();
  readonly counters: StoreCounters = this.index.counters;
  /** The empty table (entities without ids). */
  readonly root: Table;
  private deferDepth = 0;
  /** Entity indices of relationships whose pairs carry no data even though they are components. */
  private readonly tagPairs = new Set<number>();
  /**
   * Bumped whenever an entity that other tables refer to (a component, relationship, pair target,
   * IsA base or parent) changes its type or is deleted. Caches of matches that depend on other
   * entities (inheritance, traversal) stay valid while it is unchanged.
   */
  structureVersion = 0;
  /**
   * Bumped by every change the store sees: an entity created, moved between tables (add,
   * remove, enable, parent), renamed or deleted, a value set, a frame run (systems write columns
   * in place), modified(). An unchanged count means unchanged state, so readers may reuse what
   * they built from it (the REST router's reply cache). Code that writes a column in place
   * outside a system must call modified(), as in Flecs.
   */
  changeCount = 0;
  /** Per entity index: 1 when the entity appears in some table's type (as id or pair part). */
  private usedAsId = new Uint8Array(1024);
  /** True while an exclusive pair is being replaced (the remove is half of a move). */
  protected replacingExclusive = false;
  private readonly queue = new CommandQueue();

  constructor() {
    this.root = this.index.forType([]);
  }

  // ---------------------------------------------------------------- entities

  /** True when the id is alive (a stale id of a recycled index is not). */
  isAlive(e: Entity): boolean {
    return this.entities.isAlive(e);
  }

  /** Creates an anonymous entity in the root table (also while deferred: ids are immediate). */
  newEntity(opts: { id?: Entity; low?: boolean } = {}): Entity {
    const e = opts.id !== undefined ? this.entities.makeAlive(opts.id) : this.entities.allocate(opts.low === true);
    const row = this.root.appendRow(e);
    const i = entityIndex(e);
    this.entities.table[i] = this.root;
    this.entities.row[i] = row;
    this.changeCount++;
    return e;
  }

  /** Tells the store that a value was written in place (outside a system and outside set()). */
  modified(): void {
    this.changeCount++;
  }

  /** Table and row of an alive entity; throws EcsError('not_alive'). */
  locate(e: Entity): EntityLocation {
    if (!this.entities.isAlive(e)) throw notAlive(e);
    const i = entityIndex(e);
    return { table: this.entities.table[i]!, row: this.entities.row[i]! };
  }

  /** The table of an alive entity. */
  tableOf(e: Entity): Table {
    return this.locate(e).table;
  }

  /** The alive entity at an index, or 0 (resolves pair parts). */
  aliveAt(index: number): Entity {
    return this.entities.aliveAt(index);
  }

  // ---------------------------------------------------------------- ids

  /** The pair (relationship, target). Both must be alive (or wildcards). */
  pair(rel: Entity, target: Entity): Id {
    if (!this.isAlive(rel)) throw notAlive(rel, 'relationship');
    if (!this.isAlive(target)) throw notAlive(target, 'target');
    return makePair(rel, target);
  }

  /** Relationship entity of a pair (0 if not alive). */
  pairFirst(id: Id): Entity {
    return this.aliveAt(pairFirstIndex(id));
  }

  /** Target entity of a pair (0 if not alive). */
  pairSecond(id: Id): Entity {
    return this.aliveAt(pairSecondIndex(id));
  }

  /** True when the id (or both parts of a pair) refers to alive entities. */
  isValidId(id: Id): boolean {
    if (isPair(id)) return this.aliveAt(pairFirstIndex(id)) !== 0 && this.aliveAt(pairSecondIndex(id)) !== 0;
    return this.isAlive(id);
  }

  /**
   * Makes pairs of a component relationship tags, as `(ecs.alerts.Alert, Warning)`: the component
   * keeps its data, its pairs have none. Call before any such pair exists.
   */
  pairsAreTags(rel: Entity): void {
    this.tagPairs.add(entityIndex(rel));
  }

  /** Component info of the data an id carries (a pair uses its relationship's, else its target's type). */
  dataOf(id: Id): ComponentInfo | undefined {
    if (!isPair(id)) return this.components.get(entityIndex(id));
    if (this.tagPairs.has(pairFirstIndex(id))) return undefined;
    const rel = this.components.get(pairFirstIndex(id));
    if (rel) return rel;
    const rIndex = pairFirstIndex(id);
    if (rIndex === entityIndex(this.core.ChildOf) || rIndex === entityIndex(this.core.IsA)) return undefined;
    return this.components.get(pairSecondIndex(id));
  }

  /** The id record of an id or wildcard pattern, if any table has it. */
  record(id: Id): IdRecord | undefined {
    return this.records.get(id);
  }

  // ---------------------------------------------------------------- tables

  /** Registers a listener of table creation/deletion; it is called for existing tables now. */
  addTableListener(l: TableListener): () => void {
    return this.index.addListener(l);
  }

  /** The table with exactly this (sorted) type, created if needed. */
  tableForType(type: readonly Id[]): Table {
    return this.index.forType(type);
  }

  /** Moves an entity to another table, copying shared columns; new columns are left to the caller. */
  private move(e: Entity, from: Table, row: number, to: Table, map: Int32Array): number {
    const dst = to.appendRow(e);
    const cols = to.columns;
    for (let i = 0; i < cols.length; i++) {
      const src = map[i]!;
      if (src >= 0) cols[i]!.copyRowFrom(from.columns[src]!, row, dst);
    }
    const moved = from.removeRow(row);
    if (moved !== -1) this.entities.row[entityIndex(moved)] = row;
    this.changeCount++;
    const i = entityIndex(e);
    if (this.usedAsId[i] === 1) this.structureVersion++;
    this.entities.table[i] = to;
    this.entities.row[i] = dst;
    return dst;
  }

  // ---------------------------------------------------------------- defer

  /** True while changes are being queued. */
  get isDeferred(): boolean {
    return this.deferDepth > 0;
  }

  /** Starts queuing structural changes (nests). */
  deferBegin(): void {
    this.deferDepth++;
  }

  /** Stops queuing; at the outermost level applies the queued changes in order. */
  deferEnd(): void {
    if (this.deferDepth === 0) throw new EcsError('invalid_argument', 'deferEnd without deferBegin');
    if (--this.deferDepth > 0) return;
    if (this.queue.length === 0) return;
    this.commands.merges++;
    // Commands queued by observers during the flush are applied in the same flush.
    this.deferDepth++;
    const q = this.queue;
    try {
      for (let i = 0; i < q.length; i++) this.apply(q.op[i]!, q.e[i]!, q.id[i]!, q.payload[i]);
    } finally {
      q.clear();
      this.deferDepth--;
    }
  }

  /** Runs fn with changes deferred, then applies them. */
  defer<T>(fn: () => T): T {
    this.deferBegin();
    try { return fn(); } finally { this.deferEnd(); }
  }

  private enqueue(op: Op, e: Entity, id: Id, payload?: unknown): void {
    this.commands.enqueued++;
    this.queue.push(op, e, id, payload);
  }

  private apply(op: Op, e: Entity, id: Id, payload: unknown): void {
    if (!this.entities.isAlive(e)) { this.commands.discard++; return; }
    switch (op) {
      case Op.Add: if (this.isValidId(id)) this.addNow(e, id); else this.commands.discard++; return;
      case Op.Remove: this.removeNow(e, id); return;
      case Op.Set: {
        const p = payload as SetPayload;
        if (this.isValidId(id)) this.setNow(e, id, p.writes, p.opaque); else this.commands.discard++;
        return;
      }
      case Op.Delete: this.deleteNow(e); return;
      case Op.Name: this.renameNow(e, payload === null ? undefined : (payload as string)); return;
    }
  }

  // ---------------------------------------------------------------- add / remove

  /** Adds an id (component, tag or pair) to an entity. */
  add(e: Entity, id: Id): void {
    this.checkAlive(e);
    this.checkId(id);
    if (this.deferDepth > 0) { this.enqueue(Op.Add, e, id); return; }
    this.addNow(e, id);
  }

  /** Removes an id (pairs may use the wildcard as relationship or target). */
  remove(e: Entity, id: Id): void {
    this.checkAlive(e);
    if (this.deferDepth > 0) { this.enqueue(Op.Remove, e, id); return; }
    this.removeNow(e, id);
  }

  /** Adds without queueing or validation of the arguments (they are checked by the caller). */
  protected addNow(e: Entity, id: Id): void {
    const i = entityIndex(e);
    const from = this.entities.table[i]!;
    if (from.typeIndex.has(id)) return;
    this.beforeAdd(e, from, id);
    const exclusive = isPair(id) ? this.exclusiveSibling(from, id) : 0;
    if (exclusive !== 0) {
      this.replacingExclusive = true;
      try { this.removeNow(e, exclusive); } finally { this.replacingExclusive = false; }
    }
    const src = this.entities.table[i]!;
    const edge = this.index.edge(src, id, true);
    const row = this.move(e, src, this.entities.row[i]!, edge.to, edge.map);
    const col = edge.to.columnOf.get(id);
    if (col !== undefined) this.initAddedColumn(e, edge.to, col, row, id);
    this.commands.add++;
    this.afterAdd(e, id);
    this.observers.emit(id, 'add', e);
  }

  /** Removes without queueing. */
  protected removeNow(e: Entity, id: Id): void {
    const i = entityIndex(e);
    const from = this.entities.table[i]!;
    if (isPair(id) && (pairFirstIndex(id) === entityIndex(this.core.Wildcard) || pairSecondIndex(id) === entityIndex(this.core.Wildcard))) {
      const matches = this.records.get(id)?.indices.get(from);
      if (!matches) return;
      for (const id2 of matches.map((t) => from.type[t]!)) this.removeNow(e, id2);
      return;
    }
    if (!from.typeIndex.has(id)) return;
    const edge = this.index.edge(from, id, false);
    this.beforeRemove(e, id);
    this.observers.emit(id, 'remove', e);
    this.move(e, from, this.entities.row[i]!, edge.to, edge.map);
    this.commands.remove++;
  }

  /** The pair of an exclusive relationship that the new pair replaces, or 0. */
  private exclusiveSibling(table: Table, id: Id): Id {
    const rel = this.aliveAt(pairFirstIndex(id));
    if (!this.isExclusive(rel)) return 0;
    const matches = this.records.get(makePair(rel, this.core.Wildcard))?.indices.get(table);
    return matches ? table.type[matches[0]!]! : 0;
  }

  /** True when the relationship has the Exclusive trait. */
  isExclusive(rel: Entity): boolean {
    return rel === this.core.ChildOf || this.ownsId(rel, this.core.Exclusive);
  }

  /** Hook for subclasses: validation before an add (cycles, name clashes). */
  protected beforeAdd(_e: Entity, _table: Table, _id: Id): void {}
  /** Hook for subclasses: bookkeeping after an add (hierarchy, instancing). */
  protected afterAdd(_e: Entity, _id: Id): void {}
  /** Hook for subclasses: bookkeeping before a remove. */
  protected beforeRemove(_e: Entity, _id: Id): void {}

  private initAddedColumn(e: Entity, table: Table, col: number, row: number, id: Id): void {
    const column = table.columns[col]!;
    // A component inherited from a base starts as a copy of the base's value (an override).
    const base = this.findBaseWith(e, id, 0);
    if (base) {
      const loc = this.locate(base);
      column.copyRowFrom(loc.table.column(id)!, loc.row, row);
    } else {
      column.initRow(row);
    }
  }

  // ---------------------------------------------------------------- has / get

  /** True when the entity owns the id itself (no inheritance; wildcards allowed). */
  ownsId(e: Entity, id: Id): boolean {
    if (!this.isAlive(e)) return false;
    const t = this.entities.table[entityIndex(e)]!;
    if (t.typeIndex.has(id)) return true;
    if (isPair(id) || id === this.core.Wildcard) return this.records.get(id)?.indices.has(t) ?? false;
    return false;
  }

  /** True when the entity has the id, itself or through IsA. */
  hasId(e: Entity, id: Id): boolean {
    return this.ownsId(e, id) || this.findBaseWith(e, id, 0) !== 0;
  }

  /** A base (through IsA, depth-first) that owns the id, or 0. */
  findBaseWith(e: Entity, id: Id, depth: number): Entity {
    if (depth > MAX_INHERIT_DEPTH || !this.core) return 0;
    const t = this.entities.table[entityIndex(e)];
    if (!t || !t.flags.hasIsA) return 0;
    const isAs = this.records.get(makePair(this.core.IsA, this.core.Wildcard))?.indices.get(t);
    if (!isAs) return 0;
    for (const ti of isAs) {
      const base = this.aliveAt(pairSecondIndex(t.type[ti]!));
      if (base === 0) continue;
      if (this.ownsId(base, id)) return base;
      const deeper = this.findBaseWith(base, id, depth + 1);
      if (deeper) return deeper;
    }
    return 0;
  }

  /** The value of a component (own or inherited) as a plain object, or undefined. */
  getValue(e: Entity, id: Id): unknown {
    this.checkAlive(e);
    const owner = this.ownsId(e, id) ? e : this.findBaseWith(e, id, 0);
    if (!owner) return undefined;
    const { table, row } = this.locate(owner);
    const column = table.column(id);
    if (!column) return undefined;
    if (column.values) return column.values[row];
    return readValue(column.info.schema!, column.arrays, row);
  }

  // ---------------------------------------------------------------- set

  /**
   * Validates a value for a data id and returns what to write; throws EcsError naming the
   * culprit. Does not touch storage (so several sets can be checked before any is applied).
   */
  planSet(id: Id, value: unknown, opts: WriteOptions = {}): { writes: LeafWrite[] | null; opaque?: unknown } {
    this.checkId(id);
    const info = this.dataOf(id);
    if (!info) throw new EcsError('not_a_component', `${this.idText(id)} carries no data (a tag or a pair without a data type): add it instead of setting a value`);
    if (!info.schema) return { writes: null, opaque: value };
    return { writes: planWrite(this.idText(id), info.schema, value, { resolveEntity: (raw) => this.resolveEntityValue(raw), ...opts }) };
  }

  /** Resolves an entity-typed member value (id or path); undefined if nothing alive. */
  protected resolveEntityValue(raw: number | string): number | undefined {
    if (typeof raw === 'number') return this.isAlive(raw) ? raw : undefined;
    return undefined;
  }

  /** Applies a planned set (adds the component first when missing). */
  applySet(e: Entity, id: Id, plan: { writes: readonly LeafWrite[] | null; opaque?: unknown }): void {
    this.checkAlive(e);
    if (this.deferDepth > 0) { this.enqueue(Op.Set, e, id, plan); return; }
    this.setNow(e, id, plan.writes, plan.opaque);
  }

  private setNow(e: Entity, id: Id, writes: readonly LeafWrite[] | null, opaque: unknown): void {
    const i = entityIndex(e);
    if (!this.entities.table[i]!.typeIndex.has(id)) this.addNow(e, id);
    const table = this.entities.table[i]!, row = this.entities.row[i]!;
    const column = table.column(id)!;
    if (writes === null) column.values![row] = opaque;
    else for (const [leaf, v] of writes) (column.arrays[leaf] as unknown as (number | string)[])[row] = v;
    this.commands.set++;
    this.changeCount++;
    this.observers.emit(id, 'set', e);
  }

  // ---------------------------------------------------------------- delete

  /** Deletes an entity, its children (ChildOf) and every use of it as an id or pair part. */
  delete(e: Entity): void {
    this.checkAlive(e);
    if (this.builtin.has(entityIndex(e))) throw new EcsError('builtin', `${this.describe(e)} is built in and cannot be deleted`);
    if (this.deferDepth > 0) { this.enqueue(Op.Delete, e, 0); return; }
    this.deleteNow(e);
  }

  protected deleteNow(e: Entity): void {
    if (!this.isAlive(e)) return;
    const i = entityIndex(e);
    const children = this.hierarchy.childrenOf(e);
    if (children.size > 0) for (const child of [...children]) this.deleteNow(child);
    // Most entities are never used as an id; only those need their uses purged.
    if (this.usedAsId[i] === 1) { this.purgeIdUses(e); this.structureVersion++; }
    const table = this.entities.table[i]!;
    for (const id of table.type) this.observers.emit(id, 'remove', e);
    const moved = table.removeRow(this.entities.row[i]!);
    if (moved !== -1) this.entities.row[entityIndex(moved)] = this.entities.row[i]!;
    if (table.flags.parentIndex !== 0 || this.hierarchy.nameOf(e) !== undefined || children.size > 0) this.hierarchy.forget(e);
    this.components.delete(i);
    this.usedAsId[i] = 0;
    this.entities.release(e);
    this.commands.delete++;
    this.changeCount++;
  }

  /** @internal Marks the entity indices an id refers to (so deleting them purges their uses). */
  markUsedAsId(id: Id): void {
    if (isPair(id)) { this.markIndex(pairFirstIndex(id)); this.markIndex(pairSecondIndex(id)); }
    else this.markIndex(entityIndex(id));
  }

  private markIndex(i: number): void {
    if (i >= this.usedAsId.length) {
      let cap = this.usedAsId.length;
      while (cap <= i) cap *= 2;
      const next = new Uint8Array(cap);
      next.set(this.usedAsId);
      this.usedAsId = next;
    }
    this.usedAsId[i] = 1;
  }

  /** Removes every use of e as an id, relationship or target, and deletes the tables involved. */
  private purgeIdUses(e: Entity): void {
    const W = this.core.Wildcard;
    const patterns = [e, makePair(e, W), makePair(W, e)];
    const dead = new Set<Table>();
    for (const p of patterns) {
      const rec = this.records.get(p);
      if (!rec) continue;
      for (const table of [...rec.tables]) {
        dead.add(table);
        const purge = new Set(rec.indices.get(table)!.map((ti) => table.type[ti]!));
        for (const other of table.entities.slice()) {
          if (other === e || !this.isAlive(other)) continue;
          for (const id of purge) this.removeNow(other, id);
        }
      }
    }
    for (const t of dead) if (t.count === 0 || t.entities.every((x) => x === e)) this.deleteTableLater(t, e);
  }

  private deleteTableLater(t: Table, e: Entity): void {
    // The entity being deleted may still sit in one of these tables; move it to the root first.
    if (t.count > 0) {
      const i = entityIndex(e);
      this.move(e, t, this.entities.row[i]!, this.root, new Int32Array(0));
    }
    this.index.delete(t);
  }

  // ---------------------------------------------------------------- names (storage part)

  /** Renames an entity (undefined removes the name); queued while deferred. */
  protected renameNow(_e: Entity, _name: string | undefined): void {}

  /** Queues a rename while deferred; returns true if it was queued. */
  protected queueRename(e: Entity, name: string | undefined): boolean {
    if (this.deferDepth === 0) return false;
    this.enqueue(Op.Name, e, 0, name === undefined ? null : name);
    return true;
  }

  // ---------------------------------------------------------------- observers

  /** Calls fn after `event` happens for `id` on any entity; returns an unsubscribe function. */
  observe(id: Id, event: ObserverEvent, fn: ObserverFn): () => void {
    return this.observers.on(id, event, fn);
  }

  // ---------------------------------------------------------------- checks and text

  /** Throws EcsError('not_alive') unless e is alive. */
  checkAlive(e: Entity): void {
    if (!this.entities.isAlive(e)) throw notAlive(e);
  }

  /** Throws unless the id refers to alive entities. */
  checkId(id: Id): void {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) throw new EcsError('invalid_argument', `invalid id ${String(id)}`);
    if (!this.isValidId(id)) throw new EcsError('not_alive', `id ${this.idText(id)} refers to an entity that is not alive`);
    // An entity holding e.g. (Eats, *) would match every query for an Eats pair, and every removal.
    if (this.core !== undefined && (isPair(id) ? this.isPlaceholder(pairFirstIndex(id)) || this.isPlaceholder(pairSecondIndex(id)) : this.isPlaceholder(entityIndex(id)))) {
      throw new EcsError('invalid_argument', `${this.idText(id)} holds a query placeholder (*, _, $this or $): those match ids in queries and are not ids to add; name the actual component, tag or pair target`);
    }
  }

  /**
   * True for the entity index of a query placeholder: *, _, $this or $ (Wildcard, Any, This,
   * Variable). Built-ins are never recycled, so their ids are their indices.
   */
  private isPlaceholder(index: number): boolean {
    const c = this.core;
    return index === c.Wildcard || index === c.Any || index === c.This || index === c.Variable;
  }

  /** Short text of an id for messages (overridden with paths by the full world). */
  idText(id: Id): string {
    return isPair(id) ? `(${pairFirstIndex(id)}, ${pairSecondIndex(id)})` : String(id);
  }

  /** Short text of an entity for messages (overridden with paths by the full world). */
  describe(e: Entity): string {
    return `entity ${e}`;
  }
}

function notAlive(e: Entity, what = 'entity'): EcsError {
  return new EcsError('not_alive', `${what} ${e} is not alive (deleted or never created)`);
}
