// Reuses the text of component values while they do not change. Formatting numbers is what makes
// JSON slow (docs/benchmarks.md, Serialization), and most rows of a live world do not change between two
// requests: each numeric column keeps, per row, the numbers it last printed and their text, and
// the joined texts of the last runs of rows it printed (pages: several clients, or one paging
// through, ask for different runs between two frames).
import type { Column, World } from '../ecs';
import { writeValue, writeValueBytes, type ValueTemplate } from './value-writer';
import { AsciiWriter } from './ascii-writer';
import { WORLD_NAMES, type DialectNames } from './dialect-names';

interface RowCache {
  /** Leaves per row. */
  readonly width: number;
  /** Last printed leaf values, row-major (width per row). */
  vals: Float64Array;
  /** Last printed text per row (undefined: none yet). */
  texts: (string | undefined)[];
  /** Per row, the value of `clock` when its numbers in `vals` last changed. */
  ticks: Float64Array;
  /** Counts changes of `vals` (a double: exact far beyond any process's life). */
  clock: number;
  /** Joined texts of recent runs of rows, by runKey, oldest first. */
  runs: Map<number, Run>;
  /** The key of the one kept run that had rows printed anew and was not read since (-1: none). */
  fresh: number;
}

/** The joined text of rows [start, start + count), made when the column's clock stood at `made`. */
interface Run {
  readonly start: number;
  readonly count: number;
  readonly made: number;
  readonly text: string;
}

/**
 * Runs kept per column: more than the pages of the load mix's paging query (30 of 100 rows over
 * 3,000 entities), so a page asked again within a frame finds its text; a run of 100 rows of
 * three f32s is about 3.6 KB of text.
 */
const RUNS_KEPT = 64;
/** Runs are keyed by start · RUN_KEY + count; longer runs are not kept. */
const RUN_KEY = 2 ** 20;

const caches = new WeakMap<Column, RowCache>();

function cacheFor(column: Column, rows: number): RowCache {
  let c = caches.get(column);
  const width = column.arrays.length;
  if (!c) {
    const size = Math.max(16, rows);
    c = { width, vals: new Float64Array(size * width), texts: [], ticks: new Float64Array(size), clock: 0, runs: new Map(), fresh: -1 };
    caches.set(column, c);
  }
  if (rows * width > c.vals.length) {
    const next = new Float64Array(Math.max(c.vals.length * 2, rows * width));
    next.set(c.vals);
    c.vals = next;
    const ticks = new Float64Array(next.length / width);
    ticks.set(c.ticks);
    c.ticks = ticks;
  }
  return c;
}

/**
 * True when a run's text still shows its rows: no row's remembered numbers changed since it was
 * made (a row printed anew elsewhere, by another run or alone, moves its tick past `made`), and
 * the rows hold those numbers now.
 */
function runHolds(c: RowCache, column: Column, run: Run): boolean {
  const ticks = c.ticks, made = run.made, end = run.start + run.count;
  let row = run.start;
  // Four rows a step, as in unchanged().
  for (const last = end - 3; row < last; row += 4) {
    if (ticks[row]! > made || ticks[row + 1]! > made || ticks[row + 2]! > made || ticks[row + 3]! > made) return false;
  }
  for (; row < end; row++) if (ticks[row]! > made) return false;
  return unchanged(c, column, run.start, run.count);
}

/**
 * True when rows [start, start+count) hold the numbers they held when last printed. Four rows a
 * step: V8 checks both arrays' kinds and lengths again after each loop iteration's interrupt
 * check, so one compare a step cost about 33 instructions (a kept run of 1,000 rows of two
 * three-f32 columns was two thirds of an uncached /query reply's own work); four compares share
 * those checks.
 */
function unchanged(c: RowCache, column: Column, start: number, count: number): boolean {
  const arrays = column.arrays, w = c.width, vals = c.vals, end = start + count;
  for (let i = 0; i < w; i++) {
    const a = arrays[i] as Float64Array;
    let row = start, k = start * w + i;
    for (const last = end - 3; row < last; row += 4, k += 4 * w) {
      if (vals[k] !== a[row] || vals[k + w] !== a[row + 1] || vals[k + 2 * w] !== a[row + 2] || vals[k + 3 * w] !== a[row + 3]) return false;
    }
    for (; row < end; row++, k += w) if (vals[k] !== a[row]) return false;
  }
  return true;
}

/** True when `row` holds the numbers it held when it was last printed (NaN never does). */
function holdsStill(c: RowCache, arrays: Column['arrays'], row: number): boolean {
  const w = c.width, base = row * w, vals = c.vals;
  for (let i = 0; i < w; i++) {
    if (vals[base + i] !== (arrays[i]![row] as number)) return false;
  }
  return true;
}

/**
 * Records a row just printed. Its text is kept only once the row printed the same numbers twice
 * in a row (`still`): the text of a row that changes every frame (a moving entity) would be
 * garbage by the next request, and keeping it alive in a long-lived array makes every
 * young-generation collection copy it (measured: scavenge pauses of 5 to 11 ms under load,
 * against under 2 ms without). Otherwise its numbers are remembered and any kept text dropped.
 * `text` is the row's text when `still` (not needed otherwise).
 */
function printed(c: RowCache, arrays: Column['arrays'], row: number, still: boolean, text: string | undefined): void {
  if (still) {
    c.texts[row] = text;
  } else {
    const w = c.width, base = row * w, vals = c.vals;
    for (let i = 0; i < w; i++) vals[base + i] = arrays[i]![row] as number;
    if (c.texts[row] !== undefined) c.texts[row] = undefined;
    // Runs made before hold this row's old text.
    c.ticks[row] = ++c.clock;
  }
}

/** Text of one row: the kept text while its numbers hold still, else printed anew. */
function cachedRow(c: RowCache, column: Column, t: ValueTemplate, row: number, world: World): string {
  const arrays = column.arrays, still = holdsStill(c, arrays, row), kept = c.texts[row];
  if (still && kept !== undefined) return kept;
  const text = writeValue(t, arrays, row, world);
  printed(c, arrays, row, still, text);
  return text;
}

/** Where rowsText writes runs of rows whose text is ASCII (one per process: rowsText does not re-enter). */
const writer = new AsciiWriter();

/** cachedRow through the writer: returns the kept text, or undefined when the row was written into `w`. */
function writeCachedRow(c: RowCache, column: Column, t: ValueTemplate, row: number, w: AsciiWriter): string | undefined {
  const arrays = column.arrays, still = holdsStill(c, arrays, row), kept = c.texts[row];
  if (still && kept !== undefined) return kept;
  const start = w.pos;
  writeValueBytes(t, arrays, row, w);
  printed(c, arrays, row, still, still ? w.text(start) : undefined);
  return undefined;
}

/**
 * The rows' texts, comma-separated (the template has `bytes`): rows printed now go into the
 * writer, and a run of them becomes one string when a kept row text interrupts it or at the end;
 * kept texts are joined as they are (copying them into the writer would cost more than the join).
 */
function writeRows(c: RowCache, column: Column, t: ValueTemplate, rows: readonly number[] | null, start: number, count: number): string {
  const w = writer, parts: string[] = [];
  w.reset();
  writeRowRun(c, column, t, rows, start, count, w, parts);
  if (w.pos !== 0) parts.push(w.text());
  return parts.length === 1 ? parts[0]! : parts.join(',');
}

/** writeRows' loop, alone in its function (see entity-list.ts: V8 and code after a long first loop). */
function writeRowRun(c: RowCache, column: Column, t: ValueTemplate, rows: readonly number[] | null, start: number, count: number, w: AsciiWriter, parts: string[]): void {
  for (let i = 0; i < count; i++) {
    if (w.pos !== 0) w.char(44 /* , */);
    const kept = writeCachedRow(c, column, t, rows ? rows[start + i]! : start + i, w);
    if (kept === undefined) continue;
    if (w.pos !== 0) { parts.push(w.text(0, w.pos - 1)); w.reset(); } // without its trailing comma
    parts.push(kept);
  }
}

/**
 * JSON text of the value at `row` of a reflected column (NaN never equals, so it is reprinted).
 * Entity members print in the names of `names`; values with them are never kept (not numeric).
 */
export function rowText(column: Column, t: ValueTemplate, row: number, world: World, names: DialectNames = WORLD_NAMES): string {
  if (!t.numeric) return writeValue(t, column.arrays, row, world, names);
  return cachedRow(cacheFor(column, row + 1), column, t, row, world);
}

/**
 * JSON text of the values of `count` rows, comma-separated: rows `start…` of the column, or
 * `rows[start…]` when a row list is given.
 */
export function rowsText(column: Column, t: ValueTemplate, rows: readonly number[] | null, start: number, count: number, world: World, names: DialectNames = WORLD_NAMES): string {
  if (!t.numeric) {
    const parts = new Array<string>(count);
    for (let i = 0; i < count; i++) parts[i] = writeValue(t, column.arrays, rows ? rows[start + i]! : start + i, world, names);
    return parts.join(',');
  }
  if (rows) {
    let max = 0;
    for (let i = 0; i < count; i++) max = Math.max(max, rows[start + i]!);
    return printRows(cacheFor(column, max + 1), column, t, rows, start, count, world);
  }
  const c = cacheFor(column, start + count);
  if (count >= RUN_KEY) return printRows(c, column, t, null, start, count, world);
  const key = start * RUN_KEY + count, runs = c.runs;
  const kept = runs.get(key);
  if (kept !== undefined && runHolds(c, column, kept)) {
    if (c.fresh === key) c.fresh = -1; // read again: kept as any other run from now on
    return kept.text;
  }
  const clock = c.clock;
  const text = printRows(c, column, t, null, start, count, world);
  if (kept !== undefined) runs.delete(key);
  // A run with rows printed anew (each moves the clock) is kept only until another such run is
  // printed, unless it is read again first. Rows that move every frame make its text garbage by
  // the next frame, and when such runs filled the RUNS_KEPT slots they outlived young-generation
  // collections: under the load mix (100 pages over 10,000 moving asteroids, each asked less than
  // once a frame) every run was kept and none read, 5 MB promoted per scavenge (in-process,
  // page@27). A run asked again within the frame (one page polled) is still read back.
  if (c.clock !== clock) {
    if (c.fresh !== -1 && c.fresh !== key) runs.delete(c.fresh);
    c.fresh = key;
  } else if (c.fresh === key) {
    c.fresh = -1;
  }
  // Re-inserted, so the oldest run is the first the map lists.
  if (runs.size >= RUNS_KEPT) {
    const oldest = runs.keys().next().value as number;
    runs.delete(oldest);
    if (oldest === c.fresh) c.fresh = -1;
  }
  runs.set(key, { start, count, made: c.clock, text });
  return text;
}

/** Runs of rows whose joined text the column keeps now (for tests). */
export function keptRuns(column: Column): number {
  return caches.get(column)?.runs.size ?? 0;
}

/** The rows' texts through the row cache, comma-separated: as bytes when the template allows, else as strings. */
function printRows(c: RowCache, column: Column, t: ValueTemplate, rows: readonly number[] | null, start: number, count: number, world: World): string {
  if (t.bytes) return writeRows(c, column, t, rows, start, count);
  const parts = new Array<string>(count);
  for (let i = 0; i < count; i++) parts[i] = cachedRow(c, column, t, rows ? rows[start + i]! : start + i, world);
  return parts.join(',');
}
