import { describe, expect, test } from 'vitest';
import { Cadence, SAMPLES, Windows } from '../../../../src/shared/monitor';

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

  test('1m -> 1h -> 1d -> 1w: avg of avgs, min of mins, max of maxes, at 60, 24 and 7 samples', () => {
    // One frame per second: each 1m sample is one frame's value.
    const w = new Windows(1), c = new Cadence();
    const value = (t: number) => (t * 7919) % 1000;
    const week = 7 * 24 * 3600;
    for (let t = 0; t < week; t++) { w.add([value(t)]); w.close(c.tick()); }

    const minute = (m: number) => Array.from({ length: 60 }, (_, i) => value(m * 60 + i));
    const h = w.series(2, 0);
    // The newest 1h sample is the last minute of the week.
    const lastMinute = minute(week / 60 - 1);
    expect(last(h.avg)).toBeCloseTo(lastMinute.reduce((a, b) => a + b) / 60, 6);
    expect(last(h.min)).toBe(Math.min(...lastMinute));
    expect(last(h.max)).toBe(Math.max(...lastMinute));

    // A 1d sample covers 24 minutes: the avg of 24 minute avgs, min and max over them.
    const d = w.series(3, 0);
    const minutes = Array.from({ length: 24 }, (_, i) => minute(week / 60 - 24 + i));
    const avg24 = minutes.map((m) => m.reduce((a, b) => a + b) / 60);
    expect(last(d.avg)).toBeCloseTo(avg24.reduce((a, b) => a + b) / 24, 6);
    expect(last(d.min)).toBe(Math.min(...minutes.flat()));
    expect(last(d.max)).toBe(Math.max(...minutes.flat()));

    // A 1w sample covers 168 minutes; a week fills all 60 of them.
    const wk = w.series(4, 0);
    expect(wk.avg.every((x) => x > 0)).toBe(true);
    const span = Array.from({ length: 168 * 60 }, (_, i) => value(week - 168 * 60 + i));
    expect(last(wk.avg)).toBeCloseTo(span.reduce((a, b) => a + b) / span.length, 6);
    expect(last(wk.min)).toBe(Math.min(...span));
    expect(last(wk.max)).toBe(Math.max(...span));
    // The oldest 1w sample covers the first 168 minutes of the week.
    const first = Array.from({ length: 168 * 60 }, (_, i) => value(i));
    expect(wk.min[0]).toBe(Math.min(...first));
    expect(wk.avg[0]).toBeCloseTo(first.reduce((a, b) => a + b) / first.length, 6);
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
