// Reuses the text of component values while they do not change. Formatting numbers is what makes
// JSON slow (DESIGN "Measured facts"), and most rows of a live world do not change between two
// requests: each numeric column keeps, per row, the numbers it last printed and their text, and
// the joined text of the last run of rows it printed.
import type { Column, World } from '../ecs';
import { writeValue, writeValueBytes, type ValueTemplate } from './value-writer';
import { AsciiWriter } from './ascii-writer';

interface RowCache {
  /** Leaves per row. */
  readonly width: number;
  /** Last printed leaf values, row-major (width per row). */
  vals: Float64Array;
  /** Last printed text per row (undefined: none yet). */
  texts: (string | undefined)[];
  /** The last joined run of rows: first row, count and text ('' when none). */
  runStart: number;
  runCount: number;
  runText: string;
}

const caches = new WeakMap<Column, RowCache>();

function cacheFor(column: Column, rows: number): RowCache {
  let c = caches.get(column);
  const width = column.arrays.length;
  if (!c) {
    c = { width, vals: new Float64Array(Math.max(16, rows) * width), texts: [], runStart: 0, runCount: 0, runText: '' };
    caches.set(column, c);
  }
  if (rows * width > c.vals.length) {
    const next = new Float64Array(Math.max(c.vals.length * 2, rows * width));
    next.set(c.vals);
    c.vals = next;
  }
  return c;
}

/** True when rows [start, start+count) hold the numbers they held when last printed. */
function unchanged(c: RowCache, column: Column, start: number, count: number): boolean {
  const arrays = column.arrays, w = c.width, vals = c.vals, end = start + count;
  for (let i = 0; i < w; i++) {
    const a = arrays[i] as Float64Array;
    for (let row = start, k = start * w + i; row < end; row++, k += w) {
      if (vals[k] !== a[row]) return false;
    }
  }
  return true;
}

/**
 * Text of one row, from the cache when its numbers are the last printed ones. A row's text is
 * kept only once the row printed the same numbers twice in a row: the text of a row that changes
 * every frame (a moving entity) would be garbage by the next request, and keeping it alive in a
 * long-lived array makes every young-generation collection copy it (measured: scavenge pauses of
 * 5 to 11 ms under load, against under 2 ms without).
 */
function cachedRow(c: RowCache, column: Column, t: ValueTemplate, row: number, world: World): string {
  const arrays = column.arrays, w = c.width, base = row * w, vals = c.vals;
  let same = true;
  for (let i = 0; i < w; i++) {
    if (vals[base + i] !== (arrays[i]![row] as number)) { same = false; break; }
  }
  const cached = c.texts[row];
  if (same && cached !== undefined) return cached;
  const text = writeValue(t, arrays, row, world);
  if (same) {
    c.texts[row] = text;
  } else {
    for (let i = 0; i < w; i++) vals[base + i] = arrays[i]![row] as number;
    if (cached !== undefined) c.texts[row] = undefined;
  }
  // The joined run may contain this row's old text.
  c.runText = '';
  return text;
}

/** Where rowsText writes runs of rows whose text is ASCII (one per process: rowsText does not re-enter). */
const writer = new AsciiWriter();

/**
 * cachedRow through the writer: the text of a row that did not change since it was printed
 * twice, else the row written into `w` (and, when its numbers held still, its text kept from
 * there). Returns the kept text, or undefined when the row went into the writer.
 */
function writeCachedRow(c: RowCache, column: Column, t: ValueTemplate, row: number, w: AsciiWriter): string | undefined {
  const arrays = column.arrays, width = c.width, base = row * width, vals = c.vals;
  let same = true;
  for (let i = 0; i < width; i++) {
    if (vals[base + i] !== (arrays[i]![row] as number)) { same = false; break; }
  }
  const cached = c.texts[row];
  if (same && cached !== undefined) return cached;
  const start = w.pos;
  writeValueBytes(t, arrays, row, w);
  if (same) {
    c.texts[row] = w.text(start);
  } else {
    for (let i = 0; i < width; i++) vals[base + i] = arrays[i]![row] as number;
    if (cached !== undefined) c.texts[row] = undefined;
  }
  c.runText = '';
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
  for (let i = 0; i < count; i++) {
    if (w.pos !== 0) w.char(44 /* , */);
    const kept = writeCachedRow(c, column, t, rows ? rows[start + i]! : start + i, w);
    if (kept === undefined) continue;
    if (w.pos !== 0) { parts.push(w.text(0, w.pos - 1)); w.reset(); } // without its trailing comma
    parts.push(kept);
  }
  if (w.pos !== 0) parts.push(w.text());
  return parts.length === 1 ? parts[0]! : parts.join(',');
}

/** JSON text of the value at `row` of a reflected column (NaN never equals, so it is reprinted). */
export function rowText(column: Column, t: ValueTemplate, row: number, world: World): string {
  if (!t.numeric) return writeValue(t, column.arrays, row, world);
  return cachedRow(cacheFor(column, row + 1), column, t, row, world);
}

/**
 * JSON text of the values of `count` rows, comma-separated: rows `start…` of the column, or
 * `rows[start…]` when a row list is given.
 */
export function rowsText(column: Column, t: ValueTemplate, rows: readonly number[] | null, start: number, count: number, world: World): string {
  const parts: string[] = [];
  if (!t.numeric) {
    for (let i = 0; i < count; i++) parts[i] = writeValue(t, column.arrays, rows ? rows[start + i]! : start + i, world);
    return parts.join(',');
  }
  if (rows) {
    let max = 0;
    for (let i = 0; i < count; i++) max = Math.max(max, rows[start + i]!);
    const c = cacheFor(column, max + 1);
    if (t.bytes) return writeRows(c, column, t, rows, start, count);
    for (let i = 0; i < count; i++) parts[i] = cachedRow(c, column, t, rows[start + i]!, world);
    return parts.join(',');
  }
  const c = cacheFor(column, start + count);
  if (c.runText !== '' && c.runStart === start && c.runCount === count && unchanged(c, column, start, count)) return c.runText;
  let text: string;
  if (t.bytes) {
    text = writeRows(c, column, t, null, start, count);
  } else {
    for (let i = 0; i < count; i++) parts[i] = cachedRow(c, column, t, start + i, world);
    text = parts.join(',');
  }
  c.runStart = start;
  c.runCount = count;
  c.runText = text;
  return text;
}
