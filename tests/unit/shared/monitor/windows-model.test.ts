// The windows against a model written plainly: every frame kept in a list, every sample of every
// level recomputed from the list of the level below. Random runs of frames (several metrics, frame
// times from 1/256 s to a minute, so a second may hold hundreds of frames or a frame many
// seconds), and six simulated hours of slow motion and long frames, must give the same 60 samples
// at every level, for every metric. Frame times are multiples of 1/256 s, exact in binary, so the
// model needs no rounding slack to find the seconds.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Cadence, SAMPLES, Windows } from '../../../../src/shared/monitor';
import { FUZZ_SEED } from '../rest/fuzz-helpers';

/** Frame times are counted in these steps of a second. */
const UNIT = 256;
/** How many samples of level L-1 make one of level L (1h: 60 seconds; 1d: 24 minutes; 1w: 7 of those). */
const FAN_IN = [0, 0, 60, 24, 7];

interface Sample { avg: number; min: number; max: number }

/** The plain model: frames and samples in growing lists. */
class Model {
  /** Every frame's values, oldest first. */
  readonly frames: number[][] = [];
  /** Samples per level (index 1 … 4), oldest first; each holds one Sample per metric. */
  readonly levels: Sample[][][] = [[], [], [], [], []];
  private pending: number[][] = [];
  private units = 0;

  constructor(readonly metrics: number) {}

  frame(values: number[], dtUnits: number): void {
    this.frames.push(values);
    this.pending.push(values);
    this.units += dtUnits;
    const seconds = Math.floor(this.units / UNIT);
    this.units -= seconds * UNIT;
    for (let k = 0; k < seconds; k++) {
      // The frames since the last second make its sample; the further seconds one frame covers repeat it.
      const sample = k === 0 ? this.ofFrames(this.pending) : this.levels[1]!.at(-1)!;
      this.pending = [];
      this.push(1, sample);
    }
  }

  private push(level: number, sample: Sample[]): void {
    const list = this.levels[level]!;
    list.push(sample);
    const up = level + 1;
    if (up < this.levels.length && list.length % FAN_IN[up]! === 0) this.push(up, this.ofSamples(list.slice(-FAN_IN[up]!)));
  }

  private ofFrames(frames: number[][]): Sample[] {
    return Array.from({ length: this.metrics }, (_, m) => {
      const v = frames.map((f) => f[m]!);
      return { avg: v.reduce((a, b) => a + b, 0) / v.length, min: Math.min(...v), max: Math.max(...v) };
    });
  }

  private ofSamples(samples: Sample[][]): Sample[] {
    return Array.from({ length: this.metrics }, (_, m) => {
      const s = samples.map((x) => x[m]!);
      return { avg: s.reduce((a, b) => a + b.avg, 0) / s.length, min: Math.min(...s.map((x) => x.min)), max: Math.max(...s.map((x) => x.max)) };
    });
  }

  /** The window the windows should show: the newest 60 samples, oldest first, zeros before the first. */
  series(level: number, metric: number): { avg: number[]; min: number[]; max: number[] } {
    const samples: Sample[] = level === 0
      ? this.frames.map((f) => ({ avg: f[metric]!, min: f[metric]!, max: f[metric]! }))
      : this.levels[level]!.map((s) => s[metric]!);
    const shown = samples.slice(-SAMPLES);
    const pad = Array.from({ length: SAMPLES - shown.length }, () => ({ avg: 0, min: 0, max: 0 }));
    const all = [...pad, ...shown];
    return { avg: all.map((s) => s.avg), min: all.map((s) => s.min), max: all.map((s) => s.max) };
  }
}

/** A run of frames with one frame time (up to a minute); values differ by frame and by metric. */
const runOf = fc.record({
  frames: fc.integer({ min: 1, max: 80 }),
  dt: fc.constantFrom(1, 2, 4, 64, 128, 256, 3 * 256, 61 * 256),
  base: fc.integer({ min: -1000, max: 1000 }),
});

/** Value of metric m in frame i of a run. */
const valueOf = (base: number, i: number, m: number) => ((base + i * 37 + m * 211) % 2001) - 1000 + m;
/** Values of one sign for metrics 0 (positive) and 1 (negative), of both for the others: a min or max kept at 0 shows. */
const signed = (frame: number, metrics: number) => Array.from({ length: metrics }, (_, m) => {
  const v = valueOf(frame * 13, frame, m);
  return m === 0 ? 1001 + v : m === 1 ? -1001 - v : v * m;
});

/** Feeds one frame to the windows (closing as the cadence says) and to the model. */
function drive(w: Windows, c: Cadence, model: Model, values: number[], dtUnits: number): void {
  w.add(values);
  model.frame(values, dtUnits);
  const seconds = c.advance(dtUnits / UNIT);
  for (let k = 0; k < seconds; k++) w.close(c.tick());
}

/** Compares every level's 60 samples, metric by metric; averages to 1e-6 (the windows round them to 1e-9). */
function expectSame(w: Windows, model: Model, where: string): void {
  for (let level = 0; level <= 4; level++) {
    for (let m = 0; m < model.metrics; m++) {
      const got = w.series(level, m), want = model.series(level, m);
      const at = `${where}, level ${level}, metric ${m}`;
      expect(got.min, at).toEqual(want.min);
      expect(got.max, at).toEqual(want.max);
      // Written so that a NaN fails too.
      got.avg.forEach((a, i) => { if (!(Math.abs(a - want.avg[i]!) <= 1e-6)) expect(got.avg, `${at}, sample ${i}`).toEqual(want.avg); });
    }
  }
}

describe('the windows agree with a plain model', () => {
  test('random runs of frames, 1 to 4 metrics: every level, every metric, every sample', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 4 }), fc.array(runOf, { minLength: 1, maxLength: 10 }), (metrics, runs) => {
      const w = new Windows(metrics), c = new Cadence(), model = new Model(metrics);
      runs.forEach((run, r) => {
        for (let i = 0; i < run.frames; i++) drive(w, c, model, Array.from({ length: metrics }, (_, m) => valueOf(run.base, i, m)), run.dt);
        expectSame(w, model, `after run ${r}`);
      });
    }), { seed: FUZZ_SEED, numRuns: 30 });
  });

  test('three metrics over six simulated hours: the 1d and 1w windows too', () => {
    // Rounds of slow motion (70 frames in one second), a whole second, and long frames (7 s, 5 min).
    const metrics = 3, w = new Windows(metrics), c = new Cadence(), model = new Model(metrics);
    const round = [...Array.from({ length: 70 }, () => 1), UNIT - 70, UNIT, 7 * UNIT, 300 * UNIT];
    let frame = 0;
    for (let r = 1; model.levels[4]!.length < 2; r++) {
      for (const dt of round) {
        drive(w, c, model, signed(frame, metrics), dt);
        frame++;
      }
      if (r % 10 === 0) expectSame(w, model, `after round ${r}`);
    }
    expectSame(w, model, `at the end (frame ${frame})`);
  });

  test('one frame a second until the first 1w sample: every window compared as each 1d and 1w sample closes', () => {
    const metrics = 3, w = new Windows(metrics), c = new Cadence(), model = new Model(metrics);
    const closed = () => model.levels[3]!.length + model.levels[4]!.length;
    for (let frame = 0; model.levels[4]!.length < 1; frame++) {
      const before = closed();
      drive(w, c, model, signed(frame, metrics), UNIT);
      if (closed() !== before) expectSame(w, model, `at frame ${frame}`);
    }
  });
});
