// Storage changes, applied now: creating entities, moving them between tables when ids are added
// or removed, writing values, renaming, deleting (with every use of the deleted entity as an id),
// and the counters that tell readers what changed. Arguments are checked and deferral decided
// by the World before these run; relationship rules are asked around pair changes.
import type { CommandCounters } from './commands';
import type { ComponentInfo } from './component';
import type { CoreIds } from './core-ids';
import type { EntityIndex } from './entity-index';
import { notAliveError } from './errors';
import type { Hierarchy } from './hierarchy';
import { entityIndex, isPair, makePair, pairFirstIndex, pairSecondIndex, type Entity, type Id } from './ids';
import type { Inheritance } from './inheritance';
import type { Observers } from './observers';
import type { Table } from './table';
import type { TableIndex } from './table-index';
import type { LeafWrite } from './values';
import { WriteClock } from './write-clock';

/** Where an alive entity is stored. */
export interface EntityLocation {
  readonly table: Table;
  readonly row: number;
}

/** What storage asks the relationship rules around a pair change (relationship-rules.ts has it). */
export interface PairRules {
  /** Throws if adding the pair would break a rule; makes room for an exclusive pair. */
  beforeAdd(e: Entity, from: Table, id: Id): void;
  /** Bookkeeping after the pair was added (parent index, prefab children). */
  afterAdd(e: Entity, id: Id): void;
  /** Throws if removing the pair would break a rule; bookkeeping before it goes. */
  beforeRemove(e: Entity, id: Id): void;
}

/** The entities and tables of a world, changed in place. */
export class Storage {
  /** Built-in ids; set by the World when the bootstrap makes them. */
  core!: CoreIds;
  /** Set by the World once the rules exist (they need storage themselves). */
  rules!: PairRules;
  /** The empty table (entities without ids). */
  readonly root: Table;
  /** See World.structureVersion. */
  structureVersion = 0;
  /** See World.changeCount. */
  changeCount = 0;
  /** When each component's values were last written (see World.writtenAt). */
  readonly writes = new WriteClock();
  /** Per entity index: 1 when the entity appears in some table's type (as id or pair part). */
  private usedAsId = new Uint8Array(1024);
  /** The entities used as ids before a restore (noteIdUses), reused from one restore to the next; count -1 when none are noted. */
  private readonly noted = { count: -1, index: [] as number[], entity: [] as Entity[], table: [] as (Table | undefined)[] };
  /**
   * The removals whose 'remove' observers run now, as entity, id, entity, id, …: a removal an
   * observer asks for again (of the id it is told of, or by deleting the entity) is already under
   * way, so it does nothing instead of telling the observer again, without end.
   */
  private readonly removing: number[] = [];
  /** The entities being deleted now (their observers running): deleting one again, or removing its ids, is part of that delete. */
  private readonly deleting: Entity[] = [];

  constructor(
    private readonly entities: EntityIndex,
    private readonly index: TableIndex,
    private readonly hierarchy: Hierarchy,
    private readonly observers: Observers,
    private readonly commands: CommandCounters,
    private readonly components: Map<number, ComponentInfo>,
    private readonly inheritance: Inheritance,
  ) {
    this.root = index.forType([]);
  }

  // ---------------------------------------------------------------- images (world-image.ts)

  /** Which entity indices are used as ids, for a world image. */
  saveUsedAsId(): Uint8Array {
    return this.usedAsId.slice();
  }

  /** The used-as-id marks as they stand, not copied, for a lent image: good until this store next changes. */
  lendUsedAsId(): Uint8Array {
    return this.usedAsId;
  }

  /**
   * Before a restore (world-image.ts): notes every entity used as an id, with its generation and
   * table, so that loadUsedAsId can tell whether the restore changed any of them.
   */
  noteIdUses(): void {
    const used = this.usedAsId, noted = this.noted;
    let k = 0;
    for (let i = 0; i < used.length; i++) {
      if (used[i] !== 1) continue;
      noted.index[k] = i;
      noted.entity[k] = this.entities.aliveAt(i);
      noted.table[k] = this.entities.table[i];
      k++;
    }
    noted.count = k;
  }

  /**
   * Restores the used-as-id marks (copied in place when the lengths agree), once the restored
   * entities stand in their tables. Values may all have changed (changeCount and the write clock
   * move). structureVersion moves unless noteIdUses was called before the restore, the restore
   * made no table (`tablesMade`: a new table's cached matches were worked out while the entities
   * were still being put back, so they must be worked out again) and the same entities are used as
   * ids, each with its generation and in the same table object as before: then nothing a cached
   * match depends on changed (a kept table keeps its type), and query caches of inheritance and
   * traversal stay valid, as they do across frames that move no such entity.
   */
  loadUsedAsId(used: Uint8Array, tablesMade: boolean): void {
    const noted = this.noted;
    let same = noted.count >= 0 && !tablesMade;
    if (same) {
      let n = 0;
      for (let i = 0; i < used.length; i++) if (used[i] === 1) n++;
      same = n === noted.count;
      for (let k = 0; k < noted.count; k++) {
        const i = noted.index[k]!;
        if (same) same = used[i] === 1 && this.entities.aliveAt(i) === noted.entity[k] && this.entities.table[i] === noted.table[k];
        // Not kept: a deleted table must not stay reachable from here.
        noted.table[k] = undefined;
      }
    }
    noted.count = -1;
    if (used.length === this.usedAsId.length) this.usedAsId.set(used);
    else this.usedAsId = used.slice();
    if (!same) this.structureVersion++;
    this.changeCount++;
    this.writes.markAll();
  }

  // ---------------------------------------------------------------- entities

  /** Creates an anonymous entity in the root table. */
  newEntity(id: Entity | undefined, low: boolean): Entity {
    const e = id !== undefined ? this.entities.makeAlive(id) : this.entities.allocate(low);
    const row = this.root.appendRow(e);
    const i = entityIndex(e);
    this.entities.table[i] = this.root;
    this.entities.row[i] = row;
    this.changeCount++;
    return e;
  }

  /** Table and row of an alive entity; throws EcsError('not_alive'). */
  locate(e: Entity): EntityLocation {
    if (!this.entities.isAlive(e)) throw notAliveError(e);
    const i = entityIndex(e);
    return { table: this.entities.table[i]!, row: this.entities.row[i]! };
  }

  /** The table of an alive entity; throws EcsError('not_alive'). */
  tableOf(e: Entity): Table {
    if (!this.entities.isAlive(e)) throw notAliveError(e);
    return this.entities.table[entityIndex(e)]!;
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

  // ---------------------------------------------------------------- add / remove / set

  /** Adds an id to an alive entity (no-op when it has it). */
  addNow(e: Entity, id: Id): void {
    const i = entityIndex(e);
    const from = this.entities.table[i]!;
    if (from.typeIndex.has(id)) return;
    const pair = isPair(id);
    if (pair) this.rules.beforeAdd(e, from, id);
    // The rules may have moved the entity (an exclusive pair replaced).
    const src = this.entities.table[i]!;
    const edge = this.index.edge(src, id, true);
    const row = this.move(e, src, this.entities.row[i]!, edge.to, edge.map);
    const col = edge.to.columnOf.get(id);
    if (col !== undefined) this.initAddedColumn(e, edge.to, col, row, id);
    this.commands.add++;
    if (pair) this.rules.afterAdd(e, id);
    this.observers.emit(id, 'add', e);
  }

  /** Removes an id (pairs may use the wildcard as relationship or target) from an alive entity. */
  removeNow(e: Entity, id: Id): void {
    const i = entityIndex(e);
    const from = this.entities.table[i]!;
    if (isPair(id) && (pairFirstIndex(id) === entityIndex(this.core.Wildcard) || pairSecondIndex(id) === entityIndex(this.core.Wildcard))) {
      const matches = this.index.records.get(id)?.indices.get(from);
      if (!matches) return;
      for (const id2 of matches.map((t) => from.type[t]!)) this.removeNow(e, id2);
      return;
    }
    if (!from.typeIndex.has(id)) return;
    if ((this.deleting.length > 0 && this.deleting.includes(e)) || (this.removing.length > 0 && this.isRemoving(e, id))) return;
    if (isPair(id)) this.rules.beforeRemove(e, id);
    if (this.observers.watches(id, 'remove')) this.tellRemove(e, id);
    // A 'remove' observer sees the value still there, and may itself change the entity: move it
    // from the table it is in now (moving it from `from` would overwrite another entity's row).
    if (!this.entities.isAlive(e)) return;
    const at = this.entities.table[i]!;
    if (!at.typeIndex.has(id)) return;
    const edge = this.index.edge(at, id, false);
    this.move(e, at, this.entities.row[i]!, edge.to, edge.map);
    this.commands.remove++;
  }

  /** Tells the 'remove' observers of `id` about `e`, with the removal marked as under way meanwhile. */
  private tellRemove(e: Entity, id: Id): void {
    this.removing.push(e, id);
    try {
      this.observers.emit(id, 'remove', e);
    } finally {
      this.removing.length -= 2;
    }
  }

  /** True while the removal of `id` from `e` tells its observers. */
  private isRemoving(e: Entity, id: Id): boolean {
    const r = this.removing;
    for (let k = 0; k < r.length; k += 2) if (r[k] === e && r[k + 1] === id) return true;
    return false;
  }

  private initAddedColumn(e: Entity, table: Table, col: number, row: number, id: Id): void {
    const column = table.columns[col]!;
    // A component inherited from a base starts as a copy of the base's value (an override).
    const base = this.inheritance.findBaseWith(e, id, 0);
    if (base) {
      const loc = this.locate(base);
      column.copyRowFrom(loc.table.column(id)!, loc.row, row);
    } else {
      column.initRow(row);
    }
  }

  /** Writes a planned value (adding the id first when missing). */
  setNow(e: Entity, id: Id, writes: readonly LeafWrite[] | null, opaque: unknown): void {
    const i = entityIndex(e);
    if (!this.entities.table[i]!.typeIndex.has(id)) this.addNow(e, id);
    const table = this.entities.table[i]!, row = this.entities.row[i]!;
    const column = table.column(id)!;
    if (writes === null) column.values![row] = opaque;
    else for (const [leaf, v] of writes) (column.arrays[leaf] as unknown as (number | string)[])[row] = v;
    this.commands.set++;
    this.changeCount++;
    this.writes.mark(id);
    this.observers.emit(id, 'set', e);
  }

  /** Stores a name (undefined removes it): the hierarchy's index and the (Identifier, Name) pair. */
  renameNow(e: Entity, name: string | undefined): void {
    const nameId = makePair(this.core.Identifier, this.core.Name);
    this.hierarchy.setName(e, name);
    this.changeCount++;
    if (name === undefined) this.removeNow(e, nameId);
    else this.addNow(e, nameId);
  }

  // ---------------------------------------------------------------- delete

  /** Deletes an entity (if alive), its children (ChildOf) and every use of it as an id or pair part. */
  deleteNow(e: Entity): void {
    if (!this.entities.isAlive(e) || (this.deleting.length > 0 && this.deleting.includes(e))) return;
    this.deleting.push(e);
    try {
      this.deleteAlive(e);
    } finally {
      this.deleting.pop();
    }
  }

  private deleteAlive(e: Entity): void {
    const i = entityIndex(e);
    const children = this.hierarchy.childrenOf(e);
    if (children.size > 0) for (const child of [...children]) this.deleteNow(child);
    // Most entities are never used as an id; only those need their uses purged.
    if (this.usedAsId[i] === 1) { this.purgeIdUses(e); this.structureVersion++; }
    // An id whose removal is under way (a remove observer deleting its entity) has told its observers.
    for (const id of this.entities.table[i]!.type) if (this.removing.length === 0 || !this.isRemoving(e, id)) this.observers.emit(id, 'remove', e);
    // The observers may have changed the entity's type: remove it from the table it is in now.
    if (!this.entities.isAlive(e)) return;
    const table = this.entities.table[i]!;
    const moved = table.removeRow(this.entities.row[i]!);
    if (moved !== -1) this.entities.row[entityIndex(moved)] = this.entities.row[i]!;
    if (table.flags.parentIndex !== 0 || this.hierarchy.nameOf(e) !== undefined || children.size > 0) this.hierarchy.forget(e);
    this.components.delete(i);
    this.usedAsId[i] = 0;
    this.entities.release(e);
    this.commands.delete++;
    this.changeCount++;
  }

  /** Marks the entity indices an id refers to (so deleting them purges their uses). */
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
      const rec = this.index.records.get(p);
      if (!rec) continue;
      for (const table of [...rec.tables]) {
        dead.add(table);
        const purge = new Set(rec.indices.get(table)!.map((ti) => table.type[ti]!));
        for (const other of table.entities.slice()) {
          if (other === e || !this.entities.isAlive(other)) continue;
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
}
