// A join started from the variable's side. For `(ChildOf, $p), Planet($p)` the matcher's usual
// order walks every table of the `(ChildOf, *)` record and asks each one's parent for Planet; when
// fewer entities have Planet than `(ChildOf, *)` has tables, it is cheaper to start from them: each
// candidate value v of $p has one record `(ChildOf, v)` listing the tables where the pair sits.
// This file gathers those places and puts them back in the order the usual walk meets them, so
// the results come out as the rules engine gives them: the `(R, *)` record lists its tables in
// creation order, which is ascending table id (IdRecord.tables), and a table's pairs in type order.
import { makePair, type Entity, type Table, type World } from '../ecs';

/** The places (table, index in its type) of the pairs `(R, v)` for a set of values v, in walk order. */
export class TargetJoin {
  /** The tables, one entry per pair found, in the `(R, *)` walk's order once `collect` returns. */
  readonly tables: Table[] = [];
  /** The index of the pair in each entry's table type. */
  readonly indices: number[] = [];
  private readonly order: number[] = [];
  private readonly byOrder: Table[] = [];
  private readonly indicesByOrder: number[] = [];

  /**
   * Finds every pair `(rel, v)` for v in `values` (each value once) in the tables `allowed` takes,
   * and orders the places by table id, then type index. Returns how many places it found.
   */
  collect(world: World, rel: Entity, values: readonly Entity[], allowed: (t: Table) => boolean): number {
    const tables = this.tables, indices = this.indices;
    tables.length = 0; indices.length = 0;
    let sorted = true, lastId = -1, lastIndex = -1;
    for (let i = 0; i < values.length; i++) {
      const record = world.record(makePair(rel, values[i]!));
      if (record === undefined) continue;
      const ts = record.tables, lists = record.lists;
      for (let j = 0; j < ts.length; j++) {
        const t = ts[j]!;
        if (!allowed(t)) continue;
        // An exact pair sits once in a type: its list has one index.
        const index = lists[j]![0]!;
        if (t.id < lastId || (t.id === lastId && index < lastIndex)) sorted = false;
        lastId = t.id; lastIndex = index;
        tables.push(t); indices.push(index);
      }
    }
    if (!sorted) this.sort();
    return tables.length;
  }

  /** Empties the lists (so that they hold no tables between evaluations). */
  clear(): void {
    this.tables.length = 0; this.indices.length = 0;
  }

  private sort(): void {
    const tables = this.tables, indices = this.indices, order = this.order;
    order.length = 0;
    for (let i = 0; i < tables.length; i++) order.push(i);
    order.sort((a, b) => (tables[a]!.id - tables[b]!.id) || (indices[a]! - indices[b]!));
    const t2 = this.byOrder, i2 = this.indicesByOrder;
    t2.length = 0; i2.length = 0;
    for (let i = 0; i < order.length; i++) { t2.push(tables[order[i]!]!); i2.push(indices[order[i]!]!); }
    for (let i = 0; i < order.length; i++) { tables[i] = t2[i]!; indices[i] = i2[i]!; }
    t2.length = 0;
  }
}
