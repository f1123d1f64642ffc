// A join started from the variable's side. For `(ChildOf, $p), Planet($p)` the matcher's usual
// order walks every table of the `(ChildOf, *)` record and asks each one's parent for Planet; when
// fewer entities have Planet than `(ChildOf, *)` has tables, it is cheaper to start from them: each
// candidate value v of $p has one record `(ChildOf, v)` listing the tables where the pair sits.
// This file gathers those places and puts them back in the order the usual walk meets them, so
// the results come out as the rules engine gives them: the `(R, *)` record lists its tables in
// creation order, which is ascending table id (IdRecord.tables), and a table's pairs in type order.
import { entityIndex, type Entity, type IdRecord, type Table } from '../ecs';

/** The places (table, index in its type) of the pairs `(R, v)` for a set of values v, in walk order. */
export class TargetJoin {
  /** The tables, one entry per pair found, in the `(R, *)` walk's order once `collect` returns. */
  readonly tables: Table[] = [];
  /** The index of the pair in each entry's table type. */
  readonly indices: number[] = [];
  /** Each entry's value, as its position in the `values` given to collect. */
  readonly from: number[] = [];
  private readonly order: number[] = [];
  private readonly byOrder: Table[] = [];
  private readonly numbersByOrder: number[] = [];

  /**
   * Finds every pair `(R, v)` for v in `values` (each value once) in the tables `allowed` takes,
   * and orders the places by table id, then type index. `byTarget` is the `(R, *)` record's index
   * of its `(R, t)` records (IdRecord.byTarget: keyed by small integers, where looking a pair id up
   * in the world's records hashes a heap number). Returns how many places it found; call clear()
   * once they are used.
   */
  collect(byTarget: ReadonlyMap<number, IdRecord>, values: readonly Entity[], allowed: (t: Table) => boolean): number {
    const tables = this.tables, indices = this.indices, from = this.from;
    let sorted = true, lastId = -1, lastIndex = -1;
    for (let i = 0; i < values.length; i++) {
      const record = byTarget.get(entityIndex(values[i]!));
      if (record === undefined) continue;
      const ts = record.tables, lists = record.lists;
      for (let j = 0; j < ts.length; j++) {
        const t = ts[j]!;
        if (!allowed(t)) continue;
        // An exact pair sits once in a type: its list has one index.
        const index = lists[j]![0]!;
        if (t.id < lastId || (t.id === lastId && index < lastIndex)) sorted = false;
        lastId = t.id; lastIndex = index;
        tables.push(t); indices.push(index); from.push(i);
      }
    }
    if (!sorted) this.sort();
    return tables.length;
  }

  /**
   * Empties the lists (so that they hold no tables between evaluations). Popped, not cut to length
   * 0, which would drop their storage: the next evaluation fills them again.
   */
  clear(): void {
    const tables = this.tables, indices = this.indices, from = this.from;
    while (tables.length > 0) { tables.pop(); indices.pop(); from.pop(); }
  }

  private sort(): void {
    const tables = this.tables, indices = this.indices, from = this.from, order = this.order;
    for (let i = 0; i < tables.length; i++) order.push(i);
    order.sort((a, b) => (tables[a]!.id - tables[b]!.id) || (indices[a]! - indices[b]!));
    const t2 = this.byOrder, n2 = this.numbersByOrder, n = order.length;
    for (let i = 0; i < n; i++) { t2.push(tables[order[i]!]!); n2.push(indices[order[i]!]!); n2.push(from[order[i]!]!); }
    for (let i = 0; i < n; i++) { tables[i] = t2[i]!; indices[i] = n2[2 * i]!; from[i] = n2[2 * i + 1]!; }
    t2.length = 0; n2.length = 0; order.length = 0;
  }
}
