import { describe, expect, test } from 'vitest';
import { Cadence, SAMPLES, Windows } from '../../../../src/shared/monitor';
import { tidy } from '../../../../src/shared/monitor/windows';

const last = (a: number[]) => a[a.length - 1]!;

/** Feeds `values` as one frame each, closing as a Cadence driven by `dt` per frame says. */
function drive(w: Windows, c: Cadence, frames: readonly number[][], dt: number): void {
  for (const v of frames) {
    w.add(v);
    const seconds = c.advance(dt);
    for (let k = 0; k < seconds; k++) w.close(c.tick());
  }
}

describe('the 1s window', () => {
  test('holds the last 60 frames, oldest first; slots never written read 0', () => {
    const w = new Windows(1);
    for (let i = 1; i <= 5; i++) w.add([i]);
    const s = w.series(0, 0);
    expect(s.avg).toHaveLength(SAMPLES);
    expect(s.avg.slice(0, 55).every((x) => x === 0)).toBe(true);
    expect(s.avg.slice(55)).toEqual([1, 2, 3, 4, 5]);
    expect(s.min).toEqual(s.avg);
    expect(s.max).toEqual(s.avg);
  });

  test('wraps around: after 70 frames it shows frames 11 … 70', () => {
    const w = new Windows(2);
    for (let i = 1; i <= 70; i++) w.add([i, -i]);
    expect(w.series(0, 0).avg).toEqual(Array.from({ length: 60 }, (_, j) => j + 11));
    expect(w.series(0, 1).avg).toEqual(Array.from({ length: 60 }, (_, j) => -(j + 11)));
  });
});

describe('aggregation into coarser windows', () => {
  test('a 1m sample is the avg, min and max of the frames of that second', () => {
    const w = new Windows(1), c = new Cadence();
    drive(w, c, [5, 1, 9, 3].map((v) => [v]), 0.25);
    const s = w.series(1, 0);
    expect([last(s.avg), last(s.min), last(s.max)]).toEqual([4.5, 1, 9]);
    expect(s.avg.slice(0, 59).every((x) => x === 0)).toBe(true);
  });

  test('60 frames of 1/60 s make exactly one 1m sample (binary rounding of 1/60 does not skip or double it)', () => {
    const w = new Windows(1), c = new Cadence();
    drive(w, c, Array.from({ length: 600 }, (_, i) => [i]), 1 / 60);
    const avg = w.series(1, 0).avg;
    // Ten whole seconds: frames 0-59, 60-119, …
    expect(avg.slice(50)).toEqual(Array.from({ length: 10 }, (_, s) => s * 60 + 29.5));
    expect(w.series(1, 0).min.slice(50)).toEqual(Array.from({ length: 10 }, (_, s) => s * 60));
  });

  test('a frame longer than a second repeats its 1m sample once per second it covers', () => {
    const w = new Windows(1), c = new Cadence();
    drive(w, c, [[2], [8]], 0.5);          // one second: avg 5
    drive(w, c, [[20]], 3);                // one 3-second frame
    const s = w.series(1, 0);
    expect(s.avg.slice(56)).toEqual([5, 20, 20, 20]);
    expect(s.max.slice(56)).toEqual([8, 20, 20, 20]);
  });
});

describe('a level closed before any frame', () => {
  test('reads zeros at every level, not NaN', () => {
    const w = new Windows(2);
    w.close(4);
    for (let level = 1; level <= 4; level++) {
      for (const m of [0, 1]) expect(w.series(level, m)).toEqual({ avg: Array(SAMPLES).fill(0), min: Array(SAMPLES).fill(0), max: Array(SAMPLES).fill(0) });
    }
  });
});

describe('Cadence', () => {
  test('counts whole seconds of delta time and carries the rest', () => {
    const c = new Cadence();
    expect(c.advance(0.4)).toBe(0);
    expect(c.advance(0.4)).toBe(0);
    expect(c.advance(0.4)).toBe(1);      // 1.2 s
    expect(c.advance(2.9)).toBe(3);      // 0.2 + 2.9 = 3.1 s
    expect(c.advance(0.9)).toBe(1);      // 0.1 + 0.9
    expect(c.advance(0)).toBe(0);
    expect(c.advance(-1)).toBe(0);
  });

  test('a frame of no time, of negative time or of NaN adds nothing: the next second still ends on time', () => {
    const c = new Cadence();
    expect(c.advance(0.75)).toBe(0);
    for (const dt of [0, -1, -0.5, Number.NaN, -Infinity]) expect(c.advance(dt)).toBe(0);
    expect(c.advance(0.25)).toBe(1);
    expect(c.advance(0.999)).toBe(0);
    expect(c.advance(0.001)).toBe(1);
  });

  test('a frame longer than a week (a host suspended for a month) counts one week: that refills every window', () => {
    const c = new Cadence();
    expect(c.advance(30 * 24 * 3600 + 0.5)).toBe(7 * 24 * 3600);
    expect(c.advance(7 * 24 * 3600)).toBe(7 * 24 * 3600);
    // The rest of the long frame's fraction is carried as for any frame.
    expect(c.advance(0.5)).toBe(1);
  });

  test('closes the 1h window every 60 seconds, 1d every 24 minutes and 1w every 168 minutes', () => {
    const c = new Cadence();
    const depths = new Map<number, number>();
    for (let s = 1; s <= 168 * 60; s++) {
      const d = c.tick();
      if (d > 1) depths.set(s, d);
    }
    expect(depths.get(60)).toBe(2);
    expect(depths.get(59)).toBeUndefined();
    expect(depths.get(24 * 60)).toBe(3);
    expect(depths.get(168 * 60)).toBe(4);
    expect([...depths.values()].filter((d) => d >= 3)).toHaveLength(7);
  });
});

describe('a second longer than the 1s window (slow motion)', () => {
  test('150 frames in one simulated second: the 1m sample has every frame, none lost or counted twice', () => {
    // time_scale 0.4 at 60 fps: a simulated second takes 150 frames, more than the 60 the ring holds.
    const w = new Windows(1), c = new Cadence();
    drive(w, c, Array.from({ length: 150 }, (_, i) => [i + 1]), 1 / 150);
    const s = w.series(1, 0);
    expect([last(s.avg), last(s.min), last(s.max)]).toEqual([75.5, 1, 150]);
  });
});

describe('tidy (how averages and times are printed)', () => {
  test('rounds fractions to a nanosecond, so replies print 0.3, not 0.30000000000000004', () => {
    expect(tidy(0.1 + 0.2)).toBe(0.3);
    expect(tidy(1 / 3)).toBe(0.333333333);
    expect(tidy(-2 / 3)).toBe(-0.666666667);
    expect(tidy(0.000032647999999994684)).toBe(0.000032648);
    expect(tidy(999999.6666666666)).toBe(999999.666666667);
  });

  test('leaves whole numbers and values of a million or more (either sign) as they are', () => {
    for (const v of [0, 7, -7, 2 ** 40, 4e6 / 3, -1e7 / 3, 1e6 + 1 / 3, -(1e6 + 1 / 3)]) expect(tidy(v), String(v)).toBe(v);
  });
});
