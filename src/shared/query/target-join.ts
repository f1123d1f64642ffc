// A join started from the variable's side. For `(ChildOf, $p), Planet($p)` the matcher's usual
// order walks every table of the `(ChildOf, *)` record and asks each one's parent for Planet; when
// fewer entities have Planet than `(ChildOf, *)` has tables, it is cheaper to start from them: each
// candidate value v of $p has one record `(ChildOf, v)` listing the tables where the pair sits.
// This file gathers those places and puts them back in the order the usual walk meets them, so
// the results come out as the rules engine gives them: the `(R, *)` record lists its tables in
// creation order, which is ascending table id (IdRecord.tables), and a table's pairs in type order.
import { entityIndex, type Entity, type IdRecord, type Table } from '../ecs';

/** Which tables a query's walks take: those with entities (unless empty ones are asked for), and disabled or prefab ones only when the query matches them. */
export interface JoinFilter {
  readonly keepEmpty: boolean;
  readonly keepDisabled: boolean;
  readonly keepPrefab: boolean;
}

/** True when `filter` takes table `t` (small enough for the optimizing compiler to inline into each walk's loop). */
export function takesTable(t: Table, filter: JoinFilter): boolean {
  const flags = t.flags;
  return !((t.count === 0 && !filter.keepEmpty) || (flags.disabled && !filter.keepDisabled) || (flags.prefab && !filter.keepPrefab));
}

/** The places (table, index in its type) of the pairs `(R, v)` for a set of values v, in walk order. */
export class TargetJoin {
  /**
   * The tables, one entry per pair found, in the `(R, *)` walk's order once `collect` returns
   * (entries past the count collect returned are left from earlier evaluations, tables cleared).
   */
  readonly tables: (Table | null)[] = [];
  /** The index of the pair in each entry's table type. */
  readonly indices: number[] = [];
  /** Each entry's value, as its position in the `values` given to collect. */
  readonly from: number[] = [];
  /** How many entries the last collect found. */
  private size = 0;
  private readonly order: number[] = [];
  private readonly byOrder: Table[] = [];
  private readonly numbersByOrder: number[] = [];

  /**
   * Finds every pair `(R, v)` for v in `values` (each value once) in the tables `filter` takes,
   * and orders the places by table id, then type index. `byTarget` is the `(R, *)` record's index
   * of its `(R, t)` records (IdRecord.byTarget: keyed by small integers, where looking a pair id up
   * in the world's records hashes a heap number). Returns how many places it found; call clear()
   * once they are used.
   */
  collect(byTarget: ReadonlyMap<number, IdRecord>, values: readonly Entity[], filter: JoinFilter): number {
    const tables = this.tables, indices = this.indices, from = this.from;
    let sorted = true, lastId = -1, lastIndex = -1, n = 0;
    for (let i = 0; i < values.length; i++) {
      const record = byTarget.get(entityIndex(values[i]!));
      if (record === undefined) continue;
      const ts = record.tables, lists = record.lists;
      for (let j = 0; j < ts.length; j++) {
        const t = ts[j]!;
        if (!takesTable(t, filter)) continue;
        // An exact pair sits once in a type: its list has one index.
        const index = lists[j]![0]!;
        if (t.id < lastId || (t.id === lastId && index < lastIndex)) sorted = false;
        lastId = t.id; lastIndex = index;
        // The lists keep their storage from one evaluation to the next: written in place, grown by push.
        if (n < tables.length) { tables[n] = t; indices[n] = index; from[n] = i; } else { tables.push(t); indices.push(index); from.push(i); }
        n++;
      }
    }
    this.size = n;
    if (!sorted) this.sort();
    return n;
  }

  /** Lets go of the tables found (so that the lists hold none between evaluations); the lists keep their storage. */
  clear(): void {
    // (A loop, not fill(): fill() is a call into the runtime at about 25 instructions an entry.)
    const tables = this.tables, n = this.size;
    for (let i = 0; i < n; i++) tables[i] = null;
    this.size = 0;
  }

  private sort(): void {
    const tables = this.tables, indices = this.indices, from = this.from, order = this.order, n = this.size;
    for (let i = 0; i < n; i++) order.push(i);
    order.sort((a, b) => (tables[a]!.id - tables[b]!.id) || (indices[a]! - indices[b]!));
    const t2 = this.byOrder, n2 = this.numbersByOrder;
    for (let i = 0; i < n; i++) { t2.push(tables[order[i]!]!); n2.push(indices[order[i]!]!); n2.push(from[order[i]!]!); }
    for (let i = 0; i < n; i++) { tables[i] = t2[i]!; indices[i] = n2[2 * i]!; from[i] = n2[2 * i + 1]!; }
    t2.length = 0; n2.length = 0; order.length = 0;
  }
}
