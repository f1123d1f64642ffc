// Reshapes /stats replies for charts and tables: metrics grouped by their "<group>." prefix, a time
// axis per period, systems of the pipeline (sync points skipped), and readable durations.
import type { PipelineStatsReply, StatsPeriod, StatsSamples, WorldStatsReply } from '../client';

/**
 * Seconds between two samples of the periods whose samples close after a fixed span of simulated
 * time (docs/monitor-and-alerts.md, Periods). A 1s sample is one frame, whose length the reply tells (sampleInterval).
 */
const PERIOD_SECONDS: Record<Exclude<StatsPeriod, '1s'>, number> = { '1m': 1, '1h': 60, '1d': 1440, '1w': 10080 };
/** The reference's frame rate, for a 1s reply that tells neither its frames' length nor its fps. */
const DEFAULT_FPS = 60;

/** One metric of the world stats. */
export interface Metric {
  /** "performance.fps". */
  key: string;
  /** "performance". */
  group: string;
  /** "fps". */
  name: string;
  brief: string;
  samples: StatsSamples;
}

/**
 * Seconds between two samples of `period` in a reply's metrics. At 1s a sample is a frame: the mean
 * positive `performance.delta_time` (this server's frame length), else 1 / the mean `performance.fps` (a
 * server without it, such as the reference), else 1/60.
 */
export function sampleInterval(period: StatsPeriod, metrics: readonly Metric[]): number {
  if (period !== '1s') return PERIOD_SECONDS[period];
  // Slots the window has not filled yet (and paused frames) read 0: they are not frames of length 0.
  const mean = (key: string) => meanValue(metrics.find((m) => m.key === key)?.samples.avg.filter((v) => v !== null && v > 0));
  const dt = mean('performance.delta_time');
  if (dt !== undefined && dt > 0) return dt;
  const fps = mean('performance.fps');
  return 1 / (fps !== undefined && fps > 0 ? fps : DEFAULT_FPS);
}

/** Sample times in seconds relative to the newest sample (oldest first, the last is 0), `interval` apart. */
export function sampleTimes(interval: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => (i - (count - 1)) * interval);
}

function isSamples(v: unknown): v is StatsSamples {
  return typeof v === 'object' && v !== null && Array.isArray((v as StatsSamples).avg);
}

/** The metrics of a world stats reply, in the reply's order. */
export function worldMetrics(reply: WorldStatsReply): Metric[] {
  const out: Metric[] = [];
  for (const [key, samples] of Object.entries(reply)) {
    if (!isSamples(samples)) continue;
    const dot = key.indexOf('.');
    out.push({
      key,
      group: dot < 0 ? 'other' : key.slice(0, dot),
      name: dot < 0 ? key : key.slice(dot + 1),
      brief: samples.brief ?? '',
      samples,
    });
  }
  return out;
}

/** The newest sample that is a number, or undefined. */
export function lastValue(values: readonly (number | null)[] | undefined): number | undefined {
  if (!values) return undefined;
  for (let i = values.length - 1; i >= 0; i--) {
    const v = values[i];
    if (typeof v === 'number') return v;
  }
  return undefined;
}

/** Mean of the samples that are numbers, or undefined. */
export function meanValue(values: readonly (number | null)[] | undefined): number | undefined {
  let sum = 0;
  let n = 0;
  for (const v of values ?? []) if (typeof v === 'number') { sum += v; n++; }
  return n ? sum / n : undefined;
}

/** One system of the pipeline stats. */
export interface SystemRow {
  name: string;
  /** Mean time per frame over the window, seconds. */
  meanTime?: number;
  /** Newest time sample, seconds. */
  lastTime?: number;
  entities?: number;
  tables?: number;
  /** Time samples (avg), for a chart. */
  time: (number | null)[];
}

/** The systems of a pipeline stats reply in pipeline order; entries without a name (sync points) are left out. */
export function pipelineSystems(reply: PipelineStatsReply): SystemRow[] {
  const out: SystemRow[] = [];
  if (!Array.isArray(reply)) return out;
  for (const e of reply) {
    if (!e || !('name' in e) || typeof e.name !== 'string') continue;
    const row: SystemRow = { name: e.name, time: e.time_spent?.avg ?? [] };
    const mean = meanValue(e.time_spent?.avg);
    if (mean !== undefined) row.meanTime = mean;
    const last = lastValue(e.time_spent?.avg);
    if (last !== undefined) row.lastTime = last;
    const ents = lastValue(e.matched_entity_count?.avg);
    if (ents !== undefined) row.entities = ents;
    const tables = lastValue(e.matched_table_count?.avg);
    if (tables !== undefined) row.tables = tables;
    out.push(row);
  }
  return out;
}

/** A duration in seconds as text with a fitting unit: "12.3 ms", "850 µs", "1.20 s". */
export function formatSeconds(s: number | null | undefined): string {
  if (s === null || s === undefined || !Number.isFinite(s)) return '—';
  const a = Math.abs(s);
  if (a === 0) return '0';
  if (a >= 1) return `${s.toFixed(2)} s`;
  if (a >= 1e-3) return `${(s * 1e3).toPrecision(3)} ms`;
  if (a >= 1e-6) return `${(s * 1e6).toPrecision(3)} µs`;
  return `${(s * 1e9).toPrecision(3)} ns`;
}

/** A count or rate as short text: 1234 -> "1,234", 59.04 -> "59.0", 1.5e6 -> "1.5M". */
export function formatNumber(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const a = Math.abs(v);
  if (a >= 1e7) return `${(v / 1e6).toFixed(1)}M`;
  if (Number.isInteger(v) || a >= 100) return v.toLocaleString('en-US', { maximumFractionDigits: 0 });
  if (a >= 1) return v.toFixed(1);
  return v.toPrecision(2);
}

/** A whole count (an average of counts rounded): 6.3 -> "6", 135411 -> "135,411". */
export function formatCount(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return Math.round(v).toLocaleString('en-US');
}

/** Metrics reported as their change per sample (averaged per frame); the others are levels. */
const COUNTER = /^(commands|http)\.|[._](create_count|delete_count|merge_count|pipeline_build_count|observers_ran|bytes_sent)$/;

/** What a metric's numbers are: "fps", "s" (durations), "per frame" (counters), or "count" (levels). */
export function metricUnitLabel(key: string): string {
  if (key === 'performance.fps') return 'fps';
  if (metricUnit(key) === 'seconds') return 's';
  if (key === 'http.bytes_sent') return 'bytes per frame';
  return COUNTER.test(key) ? 'per frame' : 'count';
}

/** A chart of the stats panel: its metrics and how values read. */
export interface ChartSpec {
  title: string;
  keys: string[];
  unit: 'seconds' | 'count';
}

/** The charts shown first (those whose metrics the reply has). */
export const MAIN_CHARTS: readonly ChartSpec[] = [
  { title: 'Frame rate (fps)', keys: ['performance.fps'], unit: 'count' },
  { title: 'Frame time', keys: ['performance.frame_time', 'performance.system_time', 'performance.merge_time'], unit: 'seconds' },
  { title: 'Entities (count)', keys: ['entities.count', 'entities.not_alive_count'], unit: 'count' },
  { title: 'Tables (count)', keys: ['tables.count', 'tables.empty_count'], unit: 'count' },
  { title: 'Commands (per frame)', keys: ['commands.add_count', 'commands.remove_count', 'commands.set_count', 'commands.delete_count'], unit: 'count' },
  { title: 'HTTP requests (per frame)', keys: ['http.request_received_count', 'http.request_handled_error_count'], unit: 'count' },
];

/** The main charts that have at least one metric in `metrics`, with only those metrics. */
export function availableCharts(metrics: readonly Metric[], specs: readonly ChartSpec[] = MAIN_CHARTS): ChartSpec[] {
  const have = new Set(metrics.map((m) => m.key));
  return specs
    .map((s) => ({ ...s, keys: s.keys.filter((k) => have.has(k)) }))
    .filter((s) => s.keys.length > 0);
}

/** How a metric's values read: seconds for "*_time"/"time_*" metrics, counts otherwise. */
export function metricUnit(key: string): 'seconds' | 'count' {
  return /(^|[._])time($|[._])/.test(key) ? 'seconds' : 'count';
}
