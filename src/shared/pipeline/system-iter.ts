// What a system callback sees for one result: the matched table's rows and field columns.
import type { Column, ColumnViews, Entity, Id, Table, World } from '../ecs';
import type { QueryResult } from '../query';
import type { CachedResult } from './cached-query';

const NO_ENTITIES: readonly Entity[] = [];

/** Per-result view given to system callbacks (one object per system, reused). */
export class SystemIter {
  /** Seconds since the previous frame. */
  deltaTime = 0;
  /** Seconds of simulated time since the app started. */
  time = 0;
  /** Frame number (from 1). */
  frame = 0;
  /** Table of the matched entities, null for systems without a query or without $this. */
  table: Table | null = null;
  /** Number of matched entities in this result. */
  count = 0;
  /** Rows of the table in this result; null means rows 0 … count-1. */
  rows: readonly number[] | null = null;
  /** @internal Results visited since the counters were last reset (the system's statistics). */
  matchedTables = 0;
  /** @internal Entities visited since the counters were last reset. */
  matchedEntities = 0;
  private result: QueryResult | null = null;
  /** Columns of the result's self fields when it is a cached one (resolved once per table). */
  private columns: readonly (Column | null)[] | null = null;

  constructor(readonly world: World, readonly system: Entity) {}

  /**
   * @internal Points the iterator at a result, counts it and calls the system with it. The call is
   * made here, not in the table loop: when V8 inlines a lone system's loop into the table loop,
   * the loop ran about 18% slower (move_100k), and from here it does not.
   */
  visit(r: QueryResult, count: number, run: (it: this) => void): void {
    this.result = r;
    this.table = r.table;
    this.count = count;
    this.rows = r.rows;
    this.columns = (r as Partial<CachedResult>).columns ?? null;
    this.matchedTables++;
    this.matchedEntities += count;
    run(this);
  }

  /** @internal Points the iterator at no result (a system without a query). */
  clear(): void {
    this.result = null;
    this.table = null;
    this.count = 0;
    this.rows = null;
    this.columns = null;
  }

  /** Entities of the table (index with `row(j)`). */
  get entities(): readonly Entity[] {
    return this.table?.entities ?? NO_ENTITIES;
  }

  /** Table row of the j-th matched entity. */
  row(j: number): number {
    return this.rows ? this.rows[j]! : j;
  }

  /** Entity of the j-th match. */
  entity(j: number): Entity {
    return this.table ? this.table.entities[this.row(j)]! : 0;
  }

  /** True when field i comes from the matched entities themselves (index its arrays by row). */
  isSelf(i: number): boolean {
    return this.result ? this.result.sources[i] === 0 : false;
  }

  /** True when field i matched (optional fields may not). */
  isSet(i: number): boolean {
    return this.result ? this.result.isSet[i] === true : false;
  }

  /** Matched id of field i. */
  id(i: number): Id {
    return this.result ? this.result.ids[i]! : 0;
  }

  /** Source entity of field i (0 = the matched entities). */
  source(i: number): Entity {
    return this.result ? this.result.sources[i]! : 0;
  }

  /**
   * Member arrays of field i: `{ x: Float32Array, y: Float32Array }`. For self fields index them
   * by row; for shared fields (inherited, or from another source) use `sharedRow(i)`.
   * Undefined for tags and unset fields.
   */
  field(i: number): ColumnViews | undefined {
    const c = this.columns?.[i];
    if (c) return c.views;
    const r = this.result;
    if (!r || !r.isSet[i]) return undefined;
    const src = r.sources[i]!;
    if (src === 0) return this.table?.column(r.ids[i]!)?.views;
    return this.world.tableOf(src).column(r.ids[i]!)?.views;
  }

  /** Row of a shared field's value in its arrays. */
  sharedRow(i: number): number {
    const src = this.result?.sources[i] ?? 0;
    return src === 0 ? 0 : this.world.locate(src).row;
  }

  /** Value of a query variable in this result (by name without `$`), or 0. */
  variable(index: number): Entity {
    return this.result?.vars[index] ?? 0;
  }
}
