// Fixed-size sample windows of a group of metrics: 1s, 1m, 1h, 1d and 1w, 60 samples each, in
// ring buffers of typed arrays allocated once. The 1s window takes one sample per frame; every
// coarser window aggregates the samples of the next finer one (avg of avgs, min of mins, max of
// maxes), so nothing is ever recomputed from raw data and memory never grows.

import { STATS_PERIOD_NAMES, type StatsPeriod } from '../protocol/constants';

/** Period names of the windows, finest first (the index is the window's level): the /stats periods. */
export const PERIODS = STATS_PERIOD_NAMES;
/** A window period. */
export type Period = StatsPeriod;
/** Samples per window. */
export const SAMPLES = 60;
/** Coarsest level. */
const TOP = PERIODS.length - 1;
/**
 * Samples of level L-1 that make one sample of level L, for L >= 2: 60 one-second samples make a
 * minute (1h window), 24 minutes make one 1d sample, 7 of those (168 min) make one 1w sample.
 * Level 1 (1m window) closes once per simulated second, whatever the frame rate.
 */
const FAN_IN = [0, 0, 60, 24, 7] as const;
/** Sub-nanosecond slack when summing frame times (60 × 1/60 is not exactly 1 in binary). */
const EPSILON = 1e-9;
/** A single frame never advances the windows by more than a week: that already refills all of them. */
const MAX_SECONDS_PER_FRAME = 7 * 24 * 3600;

/**
 * Rounds a fractional value below a million to 1e-9 (a nanosecond, for times in seconds), so that
 * averages and measured times print as `0.000032648`, not `0.000032647999999994684`: replies stay
 * small and no information a user can see is lost. Integers and large values are left alone.
 */
export function tidy(v: number): number {
  return v === Math.trunc(v) || v >= 1e6 || v <= -1e6 ? v : Math.round(v * 1e9) / 1e9;
}

/** Samples of one metric in one window, oldest first (plain arrays, JSON-ready). */
export interface SampleSeries {
  avg: number[];
  min: number[];
  max: number[];
}

/**
 * Decides when windows close: level 1 once per simulated second (from the frames' delta times),
 * coarser levels by count. One cadence drives every Windows of a monitor, so they stay aligned.
 */
export class Cadence {
  private seconds = 0;
  private readonly since = new Int32Array(TOP + 1);

  /** Adds a frame's delta time (seconds); returns how many whole seconds ended with it. */
  advance(deltaTime: number): number {
    if (!(deltaTime > 0)) return 0;
    this.seconds += deltaTime;
    if (this.seconds < 1 - EPSILON) return 0;
    let whole = Math.floor(this.seconds + EPSILON);
    this.seconds -= whole;
    if (this.seconds < EPSILON) this.seconds = 0;
    if (whole > MAX_SECONDS_PER_FRAME) whole = MAX_SECONDS_PER_FRAME;
    return whole;
  }

  /** Called once per ended second: the deepest level that closes now (1 … 4). */
  tick(): number {
    let depth = 1;
    for (let level = 2; level <= TOP; level++) {
      if (++this.since[level]! < FAN_IN[level]!) break;
      this.since[level] = 0;
      depth = level;
    }
    return depth;
  }
}

/** The five windows of a group of metrics. */
export class Windows {
  /** Number of metrics in the group. */
  readonly metrics: number;
  /**
   * The 1s window: one value per sample (its avg, min and max are equal), slot-major (slot *
   * metrics + m), followed by the running (sum, min, max) of the samples that will make the next
   * 1m sample (interleaved, at acc1 + 3m). Samplers write a frame's values straight into the slot
   * `begin()` returns; the frames are folded into the running aggregation in batches (every 60
   * frames, and when a second ends), so a frame costs one store per metric.
   */
  readonly hot: Float64Array;
  private readonly acc1: number;
  private head0 = 0;
  private filled0 = 0;
  /** Frames written but not yet folded into acc1 (the newest ones in the ring). */
  private pending = 0;
  private count1 = 0;
  /**
   * Levels 1-4: avg, min and max blocks per level (metric-major, metric * SAMPLES + slot), then
   * the running aggregations of levels 2-4 (interleaved like acc1).
   */
  private readonly cold: Float64Array;
  /** Next slot to write, samples written (capped at SAMPLES) and inputs aggregated, per level 1-4. */
  private readonly head = new Int32Array(TOP + 1);
  private readonly filled = new Int32Array(TOP + 1);
  private readonly count = new Int32Array(TOP + 1);

  constructor(metrics: number) {
    this.metrics = metrics;
    this.acc1 = metrics * SAMPLES;
    this.hot = new Float64Array(metrics * SAMPLES + metrics * 3);
    this.cold = new Float64Array(TOP * 3 * metrics * SAMPLES + (TOP - 1) * 3 * metrics);
    resetAcc(this.hot, this.acc1, metrics);
    for (let level = 2; level <= TOP; level++) resetAcc(this.cold, this.accAt(level), metrics);
  }

  /** Offset in `cold` of a level's avg (part 0), min (1) or max (2) block. */
  private blockAt(level: number, part: number): number {
    return ((level - 1) * 3 + part) * this.metrics * SAMPLES;
  }

  /** Offset in `cold` of the running aggregation of a level (2-4). */
  private accAt(level: number): number {
    return TOP * 3 * this.metrics * SAMPLES + (level - 2) * 3 * this.metrics;
  }

  /** Bytes held by the buffers (constant for the life of the object). */
  get byteLength(): number {
    return this.hot.byteLength + this.cold.byteLength + this.head.byteLength + this.filled.byteLength + this.count.byteLength;
  }

  /**
   * Starts a 1s-window sample (one frame): returns the offset in `hot` where the caller writes the
   * value of metric m at offset + m, then calls `end()`.
   */
  begin(): number {
    if (this.pending === SAMPLES) this.fold();
    return this.head0 * this.metrics;
  }

  /** Ends the sample started by `begin()`. */
  end(): void {
    this.head0 = this.head0 + 1 === SAMPLES ? 0 : this.head0 + 1;
    if (this.filled0 < SAMPLES) this.filled0++;
    this.pending++;
  }

  /** Adds one 1s-window sample from an array: `values[m]` for each metric m. */
  add(values: ArrayLike<number>): void {
    const at = this.begin(), hot = this.hot;
    for (let m = 0; m < this.metrics; m++) hot[at + m] = values[m]!;
    this.end();
  }

  /** Folds the pending frames, oldest first, into the running aggregation of the next 1m sample. */
  private fold(): void {
    const n = this.metrics, hot = this.hot, acc = this.acc1;
    let slot = this.head0 - this.pending;
    if (slot < 0) slot += SAMPLES;
    for (let p = 0; p < this.pending; p++, slot = slot + 1 === SAMPLES ? 0 : slot + 1) {
      for (let m = 0, f = slot * n, k = acc; m < n; m++, f++, k += 3) {
        const v = hot[f]!;
        hot[k] += v;
        if (v < hot[k + 1]!) hot[k + 1] = v;
        if (v > hot[k + 2]!) hot[k + 2] = v;
      }
    }
    this.count1 += this.pending;
    this.pending = 0;
  }

  /** Closes levels 1 … depth, finest first (a second ended; see Cadence.tick). */
  close(depth: number): void {
    if (this.pending > 0) this.fold();
    for (let level = 1; level <= depth; level++) this.closeLevel(level);
  }

  /**
   * Writes the next sample of a level from what was aggregated since its last sample. A level that
   * got no input (a frame longer than the level's step) repeats its previous sample, so the time
   * axis stays true.
   */
  private closeLevel(level: number): void {
    const cold = this.cold, n = this.metrics;
    const slot = this.head[level]!, prev = slot === 0 ? SAMPLES - 1 : slot - 1;
    const avg = this.blockAt(level, 0), min = this.blockAt(level, 1), max = this.blockAt(level, 2);
    const inputs = level === 1 ? this.count1 : this.count[level]!;
    const acc = level === 1 ? this.hot : cold, at = level === 1 ? this.acc1 : this.accAt(level);
    const hasPrev = this.filled[level]! > 0;
    const up = level < TOP, next = up ? this.accAt(level + 1) : 0;
    for (let m = 0, k = at, u = next; m < n; m++, k += 3, u += 3) {
      const i = m * SAMPLES;
      let a: number, lo: number, hi: number;
      if (inputs > 0) { a = tidy(acc[k]! / inputs); lo = acc[k + 1]!; hi = acc[k + 2]!; }
      else if (hasPrev) { a = cold[avg + i + prev]!; lo = cold[min + i + prev]!; hi = cold[max + i + prev]!; }
      else { a = 0; lo = 0; hi = 0; }
      cold[avg + i + slot] = a; cold[min + i + slot] = lo; cold[max + i + slot] = hi;
      if (up) {
        cold[u] += a;
        if (lo < cold[u + 1]!) cold[u + 1] = lo;
        if (hi > cold[u + 2]!) cold[u + 2] = hi;
      }
    }
    if (inputs > 0) resetAcc(acc, at, n);
    if (level === 1) this.count1 = 0; else this.count[level] = 0;
    if (up) this.count[level + 1]!++;
    this.head[level] = slot + 1 === SAMPLES ? 0 : slot + 1;
    if (this.filled[level]! < SAMPLES) this.filled[level]!++;
  }

  /** Copies one metric's window (level 0 = 1s … 4 = 1w), oldest first; slots never written are 0. */
  series(level: number, metric: number): SampleSeries {
    const avg = new Array<number>(SAMPLES), min = new Array<number>(SAMPLES), max = new Array<number>(SAMPLES);
    if (level === 0) {
      const hot = this.hot, n = this.metrics;
      for (let i = 0, s = this.head0; i < SAMPLES; i++, s = s + 1 === SAMPLES ? 0 : s + 1) {
        const v = hot[s * n + metric]!;
        avg[i] = v; min[i] = v; max[i] = v;
      }
    } else {
      const cold = this.cold, i0 = metric * SAMPLES;
      const a = this.blockAt(level, 0) + i0, lo = this.blockAt(level, 1) + i0, hi = this.blockAt(level, 2) + i0;
      for (let i = 0, s = this.head[level]!; i < SAMPLES; i++, s = s + 1 === SAMPLES ? 0 : s + 1) {
        avg[i] = cold[a + s]!; min[i] = cold[lo + s]!; max[i] = cold[hi + s]!;
      }
    }
    return { avg, min, max };
  }
}

/** Empties an interleaved (sum, min, max) accumulator of n metrics at an offset. */
function resetAcc(a: Float64Array, at: number, n: number): void {
  for (let k = at, end = at + 3 * n; k < end; k += 3) { a[k] = 0; a[k + 1] = Infinity; a[k + 2] = -Infinity; }
}
