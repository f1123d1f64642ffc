// All tables of a world: lookup by type, creation (with the id records that let queries find
// tables by id or wildcard pattern), the add/remove edges between tables, and deletion.
import type { ComponentInfo } from './component';
import type { CoreIds } from './core-ids';
import { IdRecord } from './id-record';
import { entityIndex, isPair, makePair, pairFirstIndex, pairSecondIndex, type Id } from './ids';
import { Table, mapColumns, type Edge, type TableFlags } from './table';

/** What restoring tables needs to know of each: its id and type (a world image's tables have them). */
export interface TableShape {
  readonly id: number;
  readonly type: readonly Id[];
}

/** Listener of table creation and deletion (query caches). */
export interface TableListener {
  onTableCreate(table: Table): void;
  onTableDelete(table: Table): void;
}

/** Counters of table and id churn (cumulative). */
export interface StoreCounters {
  tablesCreated: number;
  tablesDeleted: number;
  idsCreated: number;
  idsDeleted: number;
  /** Rows added to or removed from any table, or tables reloaded (every Table.version bump): unchanged means no table's rows changed. */
  rowChanges: number;
}

/** What the index needs from its world. */
export interface TableEnv {
  /** Built-in ids (undefined while the world bootstraps). */
  readonly core: CoreIds | undefined;
  dataOf(id: Id): ComponentInfo | undefined;
  /** Called for every id of a new table (the world tracks which entities are used as ids). */
  markUsedAsId(id: Id): void;
}

/** The tables of a world and their id records. */
export class TableIndex {
  /** Tables by id, in creation order. */
  readonly tables = new Map<number, Table>();
  /** Id records (including wildcard patterns). */
  readonly records = new Map<Id, IdRecord>();
  readonly counters: StoreCounters = { tablesCreated: 0, tablesDeleted: 0, idsCreated: 0, idsDeleted: 0, rowChanges: 0 };
  private readonly byKey = new Map<string, Table>();
  private readonly listeners: TableListener[] = [];
  private nextTableId = 0;

  constructor(private readonly env: TableEnv) {}

  /** Registers a listener; it is called for the existing tables now. Returns an unsubscribe function. */
  addListener(l: TableListener): () => void {
    this.listeners.push(l);
    for (const t of this.tables.values()) l.onTableCreate(t);
    return () => {
      const i = this.listeners.indexOf(l);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** The table with exactly this (sorted) type, created if needed. */
  forType(type: readonly Id[]): Table {
    return this.byKey.get(type.join(',')) ?? this.create(type);
  }

  /** The cached transition from `from` when `id` is added (or removed). */
  edge(from: Table, id: Id, add: boolean): Edge {
    const edges = add ? from.addEdges : from.removeEdges;
    let e = edges.get(id);
    if (e) return e;
    const type = add ? insertSorted(from.type, id) : from.type.filter((x) => x !== id);
    const to = this.forType(type);
    e = { to, map: mapColumns(from, to) };
    edges.set(id, e);
    to.incoming.push({ from, id, add });
    return e;
  }

  /** Forgets a table (its entities must be gone): records, edges, listeners. */
  delete(table: Table): void {
    if (!this.tables.has(table.id) || table.type.length === 0) return;
    for (const l of this.listeners) l.onTableDelete(table);
    this.tables.delete(table.id);
    this.byKey.delete(table.key);
    // Only the records the table registered in (see create) can hold it.
    this.forEachPattern(table.type, (pattern) => {
      const rec = this.records.get(pattern);
      if (!rec) return;
      rec.remove(table);
      if (rec.tables.length === 0) { this.records.delete(pattern); this.counters.idsDeleted++; this.unlistTarget(pattern); }
    });
    for (const inc of table.incoming) (inc.add ? inc.from.addEdges : inc.from.removeEdges).delete(inc.id);
    for (const [, edge] of table.addEdges) removeIncoming(edge.to, table);
    for (const [, edge] of table.removeEdges) removeIncoming(edge.to, table);
    this.counters.tablesDeleted++;
  }

  /**
   * First half of restoring an image's tables (`tables`: ids and types in creation order): keeps
   * the leading tables that match the image (same id and type), deletes every other one and returns
   * how many were kept. The root (type []) is table 0 in every world, so it is always kept.
   */
  keepLeading(tables: readonly TableShape[]): number {
    const current = [...this.tables.values()];
    let keep = 0;
    while (keep < current.length && keep < tables.length && current[keep]!.id === tables[keep]!.id && sameType(current[keep]!.type, tables[keep]!.type)) keep++;
    for (let i = current.length - 1; i >= keep; i--) this.delete(current[i]!);
    return keep;
  }

  /**
   * Second half: creates the image's tables from index `from` on with their own ids (so the order
   * of tables, which replies and systems follow, is the image's), then sets the next table id.
   * Call it once the entities that the types name are alive again. Returns the tables in image order.
   */
  createRest(tables: readonly TableShape[], from: number, nextTableId: number): Table[] {
    const out = [...this.tables.values()];
    for (let i = from; i < tables.length; i++) {
      this.nextTableId = tables[i]!.id;
      out.push(this.create(tables[i]!.type));
    }
    this.nextTableId = nextTableId;
    return out;
  }

  /** The id the next table gets (a world image keeps it, so replayed frames make the same tables). */
  get nextId(): number {
    return this.nextTableId;
  }

  private create(type: readonly Id[]): Table {
    const env = this.env;
    const table = new Table(this.nextTableId++, type, type.map((id) => env.dataOf(id)), this.flagsOf(type), this.counters);
    this.tables.set(table.id, table);
    this.byKey.set(table.key, table);
    this.counters.tablesCreated++;
    if (env.core) {
      for (const id of type) env.markUsedAsId(id);
      this.forEachPattern(type, (pattern, i) => this.recordFor(pattern).add(table, i));
    }
    for (const l of this.listeners) l.onTableCreate(table);
    return table;
  }

  /**
   * Calls fn for every id pattern a type index matches: the id, `*`, and (R, *), (*, T), (*, *) for pairs.
   * The patterns are made from the pair's indices, never from which entity is alive there: a table
   * is deleted after its relationship or target may already be (a cascade deletes a child used as a
   * relationship before the parent's table goes), and it must leave the records it registered in.
   */
  private forEachPattern(type: readonly Id[], fn: (pattern: Id, typeIndex: number) => void): void {
    const W = this.env.core!.Wildcard;
    for (let i = 0; i < type.length; i++) {
      const id = type[i]!;
      fn(id, i);
      fn(W, i);
      if (isPair(id)) {
        fn(makePair(pairFirstIndex(id), W), i);
        fn(makePair(W, pairSecondIndex(id)), i);
        fn(makePair(W, W), i);
      }
    }
  }

  private recordFor(id: Id): IdRecord {
    let r = this.records.get(id);
    if (!r) { r = new IdRecord(id); this.records.set(id, r); this.counters.idsCreated++; this.listTarget(r); }
    return r;
  }

  /** The `(R, *)` pattern whose byTarget lists a new or deleted record, or 0 when it is no `(R, t)` pair with both sides concrete. */
  private relPattern(id: Id): Id {
    if (!isPair(id)) return 0;
    const W = this.env.core!.Wildcard, w = entityIndex(W), rel = pairFirstIndex(id);
    // The same pattern forEachPattern registers the type's `(R, *)` index under.
    return rel === w || pairSecondIndex(id) === w ? 0 : makePair(rel, W);
  }

  /** Lists a new `(R, t)` record in its `(R, *)` record's byTarget (created first if needed: the same type registers it next). */
  private listTarget(r: IdRecord): void {
    const rel = this.relPattern(r.id);
    if (rel === 0) return;
    const all = this.recordFor(rel);
    (all.byTarget ??= new Map()).set(pairSecondIndex(r.id), r);
  }

  /** Drops a deleted `(R, t)` record from its `(R, *)` record's byTarget (that record, holding every table of it, is still there). */
  private unlistTarget(id: Id): void {
    const rel = this.relPattern(id);
    if (rel !== 0) this.records.get(rel)?.byTarget?.delete(pairSecondIndex(id));
  }

  private flagsOf(type: readonly Id[]): TableFlags {
    const c = this.env.core;
    const flags: TableFlags = { disabled: false, prefab: false, parentIndex: 0, hasIsA: false };
    if (!c) return flags;
    const childOf = entityIndex(c.ChildOf), isA = entityIndex(c.IsA);
    for (const id of type) {
      if (id === c.Disabled) flags.disabled = true;
      else if (id === c.Prefab) flags.prefab = true;
      else if (isPair(id)) {
        const r = pairFirstIndex(id);
        if (r === childOf) flags.parentIndex = pairSecondIndex(id);
        else if (r === isA) flags.hasIsA = true;
      }
    }
    return flags;
  }
}

function insertSorted(type: readonly Id[], id: Id): Id[] {
  const out: Id[] = [];
  let placed = false;
  for (const x of type) {
    if (!placed && id < x) { out.push(id); placed = true; }
    out.push(x);
  }
  if (!placed) out.push(id);
  return out;
}

function removeIncoming(to: Table, from: Table): void {
  for (let i = to.incoming.length - 1; i >= 0; i--) if (to.incoming[i]!.from === from) to.incoming.splice(i, 1);
}

/** True when two types hold the same ids in the same order (cheaper than comparing their keys' text). */
function sameType(a: readonly Id[], b: readonly Id[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
