// A component column of a table: one array per reflected leaf, or one plain array for opaque data.
import type { ComponentInfo } from './component';
import type { RowArena } from './row-arena';
import { leafArrayType } from './schema';
import type { LeafArray } from './values';

/**
 * Saved rows of a column: one array per leaf (reflected), or the opaque values. A saved image's
 * arrays hold exactly the table's rows; a lent image's (world-image.ts) are a column's own arrays,
 * whose leaf arrays run on to the column's capacity: readers take the first rows they need.
 */
export type ColumnRows = readonly LeafArray[] | readonly unknown[];

/** Member views of a column: leaf key -> array (e.g. { x: Float32Array, y: Float32Array }). */
export type ColumnViews = Record<string, LeafArray>;

function cloneDefault(v: unknown): unknown {
  return v !== null && typeof v === 'object' ? structuredCloneSafe(v) : v;
}

function structuredCloneSafe(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v)) as unknown;
}

/** Storage of one component in one table. */
export class Column {
  readonly info: ComponentInfo;
  /** Leaf arrays (reflected components); empty for opaque ones. This array is kept (grow replaces its items): a lent image holds it. */
  readonly arrays: LeafArray[] = [];
  /** Values of an opaque component; null for reflected ones. Set once, changed in place. */
  readonly values: unknown[] | null = null;
  /** Leaf key -> array, rebuilt when the arrays grow. */
  views: ColumnViews = {};

  constructor(info: ComponentInfo, capacity: number) {
    this.info = info;
    if (info.schema) {
      for (const leaf of info.schema.leaves) {
        const T = leafArrayType(leaf.kind);
        this.arrays.push(T ? new T(capacity) : new Array<string>(capacity).fill(''));
      }
      this.rebuildViews();
    } else {
      this.values = [];
    }
  }

  private rebuildViews(): void {
    const views: ColumnViews = {};
    const leaves = this.info.schema!.leaves;
    for (let i = 0; i < leaves.length; i++) views[leaves[i]!.key] = this.arrays[i]!;
    this.views = views;
  }

  /** Grows leaf arrays to a new capacity, keeping the first `count` rows. */
  grow(capacity: number, count: number): void {
    if (!this.info.schema) return;
    for (let i = 0; i < this.arrays.length; i++) {
      const old = this.arrays[i]!;
      if (Array.isArray(old)) { old.length = capacity; old.fill('', count); continue; }
      const next = new (old.constructor as new (n: number) => Float64Array)(capacity);
      next.set((old as Float64Array).subarray(0, count));
      this.arrays[i] = next;
    }
    this.rebuildViews();
  }

  /** Writes the default value at a row. */
  initRow(row: number): void {
    if (this.values) { this.values[row] = cloneDefault(this.info.opaqueDefault); return; }
    const leaves = this.info.schema!.leaves;
    for (let i = 0; i < leaves.length; i++) (this.arrays[i] as unknown as (number | string)[])[row] = leaves[i]!.defaultValue;
  }

  /** Copies a row from another column of the same component. */
  copyRowFrom(src: Column, srcRow: number, dstRow: number): void {
    if (this.values) { this.values[dstRow] = src.values![srcRow]; return; }
    const a = this.arrays, b = src.arrays;
    for (let i = 0; i < a.length; i++) (a[i] as unknown as unknown[])[dstRow] = (b[i] as unknown as unknown[])[srcRow];
  }

  /** Moves the last row into `row` (swap-remove); `last` is the index of the last row. */
  moveLastInto(row: number, last: number): void {
    if (this.values) { this.values[row] = this.values[last]; this.values.length = last; return; }
    const a = this.arrays;
    for (let i = 0; i < a.length; i++) {
      const arr = a[i] as unknown as unknown[];
      arr[row] = arr[last];
    }
  }

  /**
   * A copy of the first `count` rows (leaf arrays, or opaque values by reference), for a world
   * image; with an arena, small typed leaf arrays are views into its shared buffers (row-arena.ts).
   */
  saveRows(count: number, arena?: RowArena): ColumnRows {
    if (this.values) return this.values.slice(0, count);
    const arrays = this.arrays, out: LeafArray[] = [];
    for (let i = 0; i < arrays.length; i++) {
      const a = arrays[i]!;
      out.push(Array.isArray(a) ? a.slice(0, count) : arena === undefined ? a.slice(0, count) : arena.copy(a, count, i));
    }
    return out;
  }

  /**
   * The first `count` rows without copying the leaf arrays (views into this column), for an image
   * that is copied into another world at once (valid until this world changes).
   */
  viewRows(count: number): ColumnRows {
    if (this.values) return this.values.slice(0, count);
    return this.arrays.map((a) => (Array.isArray(a) ? a.slice(0, count) : a.subarray(0, count)) as LeafArray);
  }

  /**
   * Writes the first `count` rows of `rows` (saveRows' arrays, or another column's own, which may
   * be longer) into rows 0..count-1, in place. The table has made room: each leaf array here is
   * at least as long as the one read, so a typed array is copied whole in one call (rows past
   * `count` are spare capacity, never read).
   */
  loadRows(rows: ColumnRows, count: number): void {
    const values = this.values;
    if (values) {
      const src = rows as readonly unknown[];
      for (let r = 0; r < count; r++) values[r] = src[r];
      values.length = count;
      return;
    }
    const saved = rows as readonly LeafArray[];
    for (let i = 0; i < this.arrays.length; i++) {
      const dst = this.arrays[i]!, src = saved[i]!;
      if (Array.isArray(dst)) for (let r = 0; r < count; r++) dst[r] = (src as string[])[r]!;
      else (dst as Float64Array).set(src as Float64Array);
    }
  }

  /** The column's own arrays as ColumnRows, not copied (leaf arrays run on to the capacity), for a lent image: good until the column next changes. */
  get ownRows(): ColumnRows {
    return this.values ?? this.arrays;
  }

  /** How many rows the arrays of `rows` hold (a saved image's: the table's rows; a lent column's: its capacity), so a table can make room for them. */
  rowsLength(rows: ColumnRows): number {
    if (this.values) return rows.length;
    const first = rows[0] as ArrayLike<unknown> | undefined;
    return first === undefined ? 0 : first.length;
  }

  /** Truncates opaque storage after a removal of the last row. */
  dropLast(last: number): void {
    if (this.values) this.values.length = last;
  }
}
