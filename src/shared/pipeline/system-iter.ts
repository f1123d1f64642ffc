// What a system callback sees for one result: the matched table's rows and field columns.
import type { Column, ColumnViews, Entity, Id, Table, World } from '../ecs';
import type { QueryResult } from '../query';
import type { CachedResult } from './cached-query';
import { ANY_ROWS, KERNEL_SHAPE, fieldSources, makeKernel, type TableKernel } from './table-kernel';

const NO_ENTITIES: readonly Entity[] = [];

/**
 * Rows from which a cached table runs its systems through a kernel (table-kernel.ts), on every
 * runtime. CPU time per frame after 20,000-30,000 frames, kernels from 32 rows against none under
 * 4,096: on Node 20 packed_5 (1,000-row tables) 3.29 -> 2.25 µs, simple_iter 6.61 -> 3.65,
 * frag_iter (100-row tables) 2.46 -> 1.78; on Node 24 (stepped kernels) packed_5 2.19 -> 1.97,
 * simple_iter 3.88 -> 3.70, frag_iter 1.72 -> 1.62. Smaller tables keep the plain path: each
 * kernel is a compilation and a closure per (system, table), and their loops are short.
 */
export const KERNEL_MIN_ROWS = 32;

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
    this.point(r, count);
    this.matchedTables++;
    this.matchedEntities += count;
    run(this);
  }

  /**
   * @internal Runs the system on a cached result (the caller counts it) through the result's table
   * kernel (table-kernel.ts), made once the table holds KERNEL_MIN_ROWS entities and again when its
   * arrays have grown; results that are not kernelable (a field from another entity, a volatile
   * entry), smaller tables and runtimes that refuse generated code are visited the plain way. The
   * plain way is tested first: each instruction here is paid per table.
   */
  visitCached(r: CachedResult, count: number, run: (it: SystemIter) => void): void {
    let k = r.kernel;
    if (k !== null) {
      // A kernel made for a row count serves that count only; the table's next kernel takes any.
      if (k.rows !== count && k.rows !== ANY_ROWS) { r.exactKernel = false; k = r.kernel = null; }
      else if (k.capacity !== r.table!.capacity) k = r.kernel = null;
    }
    if (k === null && (count < KERNEL_MIN_ROWS || !r.kernelable || (k = this.kernelFor(r, count, run)) === null)) {
      this.result = r;
      this.table = r.table;
      this.count = count;
      this.rows = r.rows;
      this.columns = r.columns;
      run(this);
      return;
    }
    k.run(this, count);
  }

  /**
   * A new kernel for a cached result, kept on it; null when the runtime refuses generated code.
   * Made for the result's row count while its table has kept one count since its first kernel
   * (see ANY_ROWS in table-kernel.ts), for any count after that.
   */
  private kernelFor(r: CachedResult, count: number, run: (it: SystemIter) => void): TableKernel | null {
    const sources = fieldSources(r.columns);
    const rows = r.exactKernel ? count : ANY_ROWS;
    const k = makeKernel(new KernelIter(this.world, this.system, r, sources, rows), r.table!.capacity, run, KERNEL_SHAPE, rows);
    r.kernel = k;
    return k;
  }

  /** @internal Points the iterator at a result without counting it or calling anything. */
  protected point(r: QueryResult, count: number): void {
    this.result = r;
    this.table = r.table;
    this.count = count;
    this.rows = r.rows;
    this.columns = (r as Partial<CachedResult>).columns ?? null;
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
   * by row; for shared fields (inherited, or from another source) use `sharedRow(i)`. An array may
   * end at `count` or run on past it (spare rows): read and write rows below `count` only.
   * Undefined for tags and unset fields.
   */
  field(i: number): ColumnViews | undefined {
    // Compared, not tested for truth: a truth test of a value that may be null or undefined
    // compiled to a chain of seven comparisons on Node 24, paid once per table.
    const cs = this.columns;
    if (cs !== null) {
      const c = cs[i];
      if (c !== undefined && c !== null) return c.views;
    }
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

/**
 * The iterator of one table kernel (table-kernel.ts): pointed at its result once, with the views
 * of its self fields frozen copies made once, so that a kernel's compiled code can take the arrays
 * as constants (V8 folds a frozen object's properties and a field written only in the constructor).
 */
class KernelIter extends SystemIter {
  /** Frozen views per field: a frozen copy of the column's views for self fields, undefined for tags and unset fields. */
  // Declared, not defined: a class field would be written twice (undefined, then the views), and
  // V8 folds only a field written once.
  private declare readonly frozen: readonly (ColumnViews | undefined)[];

  /** `rows`: the kernel's row count (the self fields' typed arrays are cut to it), or ANY_ROWS. */
  constructor(world: World, system: Entity, r: CachedResult, sources: readonly (ColumnViews | null)[], rows: number) {
    super(world, system);
    this.point(r, r.count);
    this.frozen = Object.freeze(sources.map((v) => (v ? frozenViews(v, rows) : undefined)));
  }

  // No branch here: V8 folds `it.field(0).x` only when what field() returns is already a
  // constant while the system is inlined, and a conditional return is not yet one then.
  override field(i: number): ColumnViews | undefined {
    return this.frozen[i];
  }
}

/**
 * A frozen copy of a column's views (cut to `rows` rows unless ANY_ROWS): V8 folds a frozen object's properties as constants. Copied key
 * by key, not spread: a spread's copy gets a hidden class of its own once the spread's inline cache
 * has warmed (about the tenth copy), so each kernel handed its system views of a new class. A
 * system's closures in two worlds (the history's replica) share one optimized code, which V8
 * dropped when the other world's kernel called it with a class it had not seen; the live world
 * then ran the system's loop in slower on-stack-replaced code until its kernels were optimized.
 * Added key by key, copies of the same keys all take one class.
 */
function frozenViews(v: ColumnViews, rows: number): ColumnViews {
  const copy: ColumnViews = {};
  for (const key of Object.keys(v)) {
    const a = v[key]!;
    // A kernel made for `rows` rows gets typed arrays of exactly that length (views of the
    // column's, so writes land there): see ANY_ROWS in table-kernel.ts. Strings stay arrays.
    copy[key] = rows !== ANY_ROWS && !Array.isArray(a) ? a.subarray(0, rows) : a;
  }
  return Object.freeze(copy);
}
