// A simulated week through the app runner, with a fake clock (monitor.test.ts's world): the 1m,
// 1h, 1d and 1w windows aggregate it, and the monitor's memory stays what it was at the first frame;
// a week of one frame per second through the windows alone, each coarse sample checked against
// the frames it covers; and a week of 40 metrics through the windows, whose buffers never grow.
// Left out of mutation runs (vitest.mutate.config.ts): a week closes 604,800 one-second samples,
// under a second here and minutes with every expression instrumented; windows-model.test.ts checks
// every window against a model over six simulated hours, which mutants do run.
import { beforeEach, describe, expect, test, vi } from 'vitest';

const clock = vi.hoisted(() => ({ ms: 1000 }));
vi.mock('../../../../src/shared/clock', () => ({
  now: () => clock.ms,
  setTimer: () => 0,
  cancelTimer: () => undefined,
}));

import type { World } from '../../../../src/shared/ecs';
import { Cadence, Windows, monitorFootprint, statsReply, type StatsPeriod, type WorldStatsReply } from '../../../../src/shared/monitor';
import { spawnerOn } from '../../../support/monitor-spawner';

beforeEach(() => { clock.ms = 1000; });

const world1s = (w: World, period: StatsPeriod = '1s') => statsReply(w, 'world', period) as WorldStatsReply;

describe('the coarser windows through the app', () => {
  test('1m -> 1h -> 1d -> 1w over a simulated week (one frame per minute)', () => {
    const work = (i: number) => 1 + ((i * 7) % 11);
    const spawn = (i: number) => i % 4;
    const { world, app } = spawnerOn(clock, { spawn, work });
    const frames = 168 * 60;   // a week of minutes
    for (let i = 0; i < frames; i++) app.step(60);
    const t = (i: number) => work(i) / 1000;
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b) / xs.length;
    const range = (from: number, n: number) => Array.from({ length: n }, (_, k) => from + k);

    // 1m: the last minute's frame, repeated once per second.
    const m = world1s(world, '1m')['performance.system_time']!;
    expect(new Set(m.avg)).toEqual(new Set([t(frames)]));
    // 1h: one sample per minute = one frame each.
    const h = world1s(world, '1h')['performance.system_time']!;
    expect(h.avg).toEqual(range(frames - 59, 60).map(t));
    expect(h.max).toEqual(h.avg);
    // 1d: one sample per 24 minutes.
    const d = world1s(world, '1d')['performance.system_time']!;
    const day = (j: number) => range(frames - 24 * (60 - j) + 1, 24).map(t);
    for (const j of [0, 30, 59]) {
      expect(d.avg[j]).toBeCloseTo(mean(day(j)), 9);
      expect(d.min[j]).toBe(Math.min(...day(j)));
      expect(d.max[j]).toBe(Math.max(...day(j)));
    }
    // 1w: one sample per 168 minutes; a week fills the window.
    const w = world1s(world, '1w')['performance.system_time']!;
    const span = (j: number) => range(168 * j + 1, 168).map(t);
    for (const j of [0, 59]) {
      expect(w.avg[j]).toBeCloseTo(mean(span(j)), 9);
      expect(w.min[j]).toBe(Math.min(...span(j)));
      expect(w.max[j]).toBe(Math.max(...span(j)));
    }
    // Counters aggregate the same way: adds per frame, averaged over the frames of a window sample.
    const adds = world1s(world, '1w')['commands.add_count']!;
    expect(adds.avg[59]).toBeCloseTo(mean(range(168 * 59 + 1, 168).map(spawn)), 9);
    expect([adds.min[59], adds.max[59]]).toEqual([0, 3]);
    expect(world1s(world, '1w')['performance.fps']!.avg[59]).toBeCloseTo(1 / 60, 9);
  });

  test('memory stays the same from the first frame to a week later', () => {
    const { world, app } = spawnerOn(clock, { spawn: () => 1, work: () => 1 });
    app.step(1 / 60);
    const bytes = monitorFootprint(world);
    expect(bytes).toBeGreaterThan(0);
    for (let i = 0; i < 500; i++) app.step(1 / 60);
    for (let i = 0; i < 7 * 24; i++) app.step(3600);
    expect(monitorFootprint(world)).toBe(bytes);
  });
});

describe('fixed memory', () => {
  test('the buffers do not grow while samples wrap around every window', () => {
    const w = new Windows(40), c = new Cadence();
    const bytes = w.byteLength;
    const hot = w.hot;
    const values = new Float64Array(40).fill(1);
    for (let t = 0; t < 7 * 24 * 3600 + 100; t++) { w.add(values); w.close(c.tick()); }
    expect(w.byteLength).toBe(bytes);
    expect(w.hot).toBe(hot);
    expect(bytes).toBeLessThan(300_000);
  });
});

describe('the coarser windows alone', () => {
  const last = (a: number[]) => a[a.length - 1]!;

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
});
