// Common output of every benchmark suite: a table on stdout and bench/out/<suite>.json as an
// array of { case, ours, peer, peer_value, unit, ratio } (ratio > 1 means ours is better).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One benchmark row. */
export interface BenchRow {
  case: string;
  ours: number;
  peer: string;
  peer_value: number;
  unit: string;
  ratio: number;
}

/** Units where a smaller number is better (times, sizes). */
const LOWER_IS_BETTER = /^(ns|µs|us|ms|s|bytes|B)\b|\/(entity|frame|op|req)$|^bytes|latency/;

/** Makes a row; the ratio is oriented so that > 1 means ours is better. */
export function row(name: string, ours: number, peer: string, peerValue: number, unit: string): BenchRow {
  const lower = LOWER_IS_BETTER.test(unit);
  const ratio = lower ? peerValue / ours : ours / peerValue;
  return { case: name, ours: round(ours), peer, peer_value: round(peerValue), unit, ratio: round(ratio, 3) };
}

function round(x: number, digits = 4): number {
  if (!Number.isFinite(x)) return x;
  const m = 10 ** Math.max(0, digits - Math.ceil(Math.log10(Math.abs(x) + 1e-12)));
  return Math.round(x * m) / m;
}

/** Median of numbers. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** A percentile (0–100) of numbers already sorted ascending (nearest rank); NaN when there are none. */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** A percentile (0–100) of numbers. */
export function percentile(xs: readonly number[], p: number): number {
  return percentileOfSorted([...xs].sort((a, b) => a - b), p);
}

/** Prints the rows as a table and writes bench/out/<suite>.json. */
export function report(suite: string, rows: BenchRow[]): void {
  const out = join(import.meta.dirname, '..', 'out');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `${suite}.json`), JSON.stringify(rows, null, 2) + '\n');
  const fmt = (n: number) => (Math.abs(n) >= 1000 ? n.toFixed(0) : n.toPrecision(4));
  const lines = [['case', 'ours', 'peer', 'peer value', 'unit', 'ratio'], ...rows.map((r) => [r.case, fmt(r.ours), r.peer, fmt(r.peer_value), r.unit, r.ratio.toFixed(3)])];
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const [i, l] of lines.entries()) {
    console.log(l.map((c, j) => (j === 0 || j === 2 || j === 4 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  console.log(`wrote bench/out/${suite}.json`);
}

/** A row that reports a figure without a peer to compare with (no ratio); rounded to 2 decimals. */
export function infoRow(name: string, ours: number, unit: string, peer = '', peerValue = NaN): BenchRow {
  return { case: name, ours: Math.round(ours * 100) / 100, peer, peer_value: peerValue, unit, ratio: NaN };
}

/** A row for a count whose expected value is known: ratio 1 when as expected, 0 when not. */
export function expectRow(name: string, ours: number, expected: number, unit: string): BenchRow {
  return { case: name, ours, peer: 'expected', peer_value: expected, unit, ratio: ours === expected ? 1 : 0 };
}
