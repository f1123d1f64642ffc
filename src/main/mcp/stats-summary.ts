// The stats tool's default answer: each measure of a GET /stats reply folded from its 60-sample
// series (avg, min and max per sample) into four numbers over the window — the last sample, the
// lowest min, the highest max and the mean of the averages — with 4 significant digits. The demo's
// world stats go from ~36,000 characters of mostly repeated numbers to ~2,500; the series stay
// one argument away (series: true) for an agent that wants a trend.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MAX_RESULT_CHARS, fitRows, textResult } from './tool-result';

/** Significant digits kept in a summary: enough to compare, short enough to read. */
const DIGITS = 4;

/** One measure over the window. */
export interface MeasureSummary {
  readonly last: number;
  readonly min: number;
  readonly max: number;
  readonly mean: number;
}

/** A number to DIGITS significant digits (0, infinities and NaN come back as they were). */
const round = (v: number) => Number(v.toPrecision(DIGITS));

/** A series of samples (a value of JSON: never undefined; a primitive has no arrays to read). */
function isSeries(v: unknown): v is { avg: number[]; min: number[]; max: number[] } {
  const s = v as { avg?: unknown; min?: unknown; max?: unknown } | null;
  return s !== null && Array.isArray(s.avg) && Array.isArray(s.min) && Array.isArray(s.max) && s.avg.length > 0;
}

/** One series folded to last, min, max and mean. */
function summarize(s: { avg: number[]; min: number[]; max: number[] }): MeasureSummary {
  return {
    last: round(s.avg[s.avg.length - 1]!),
    min: round(Math.min(...s.min)),
    max: round(Math.max(...s.max)),
    mean: round(s.avg.reduce((a, b) => a + b, 0) / s.avg.length),
  };
}

/** A /stats reply (world: measures by name; pipeline: a list of systems and sync points) with every series summarized and the measures' prose briefs left out. */
export function statsSummary(reply: unknown): unknown {
  if (isSeries(reply)) return summarize(reply);
  if (Array.isArray(reply)) return reply.map(statsSummary);
  if (typeof reply !== 'object' || reply === null) return reply;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(reply)) if (k !== 'brief') out[k] = statsSummary(v);
  return out;
}

/**
 * The series reply as `{ series }`, cut by measures (world) or by systems (pipeline) to the most
 * that fit in a tool result, with `cut` saying how many were left out and where they still are.
 */
export function statsSeries(reply: unknown): CallToolResult {
  const list = Array.isArray(reply);
  const entries: unknown[] = list ? reply : Object.entries(reply as object);
  const build = (n: number) => {
    const kept = entries.slice(0, n);
    const series = list ? kept : Object.fromEntries(kept as [string, unknown][]);
    return n === entries.length ? { series } : { cut: `${n} of ${entries.length} ${list ? 'entries' : 'measures'} fit in ${MAX_RESULT_CHARS} characters; the summary (series: false) has every one`, series };
  };
  return textResult(fitRows(entries.length, build).text);
}
