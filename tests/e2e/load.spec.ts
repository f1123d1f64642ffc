// The reduced load test: its own built host (10k asteroids, 60 fps, a free port) under the mixed
// read/write load of `npm run bench -- load` for 3 s over 10 connections, at 2000 requests/s (a
// steady load, so the load generator and the suite's other host cannot crowd this 2-core machine
// and the frame check measures the host). Everything asked is valid, so every answer must be a 2xx; every acknowledged write must be visible to the next read
// and at the end; nothing else may change; the host must still answer; and the simulation must
// keep running while it serves, counted in frames by the host's own loop. How fast (frame-interval
// p99, fps) is a figure of `npm run bench -- load`, not a test: on a busy machine it varies.
import { expect, test } from '@playwright/test';
import { describeKinds, KINDS, runLoadSession, type LoadSessionResult } from '../../bench/load/index';
import { startHost, type HostUnderTest } from '../../bench/rest/index';

let host: HostUnderTest | undefined;
let result: LoadSessionResult;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  host = await startHost({ asteroids: 10_000 });
  result = await runLoadSession(host, { connections: 10, seconds: 3, overallRate: 2000 });
  const d = result.drive;
  const slowest = [...result.frames.intervals].sort((a, b) => b - a).slice(0, 5).map((x) => x.toFixed(1)).join(', ');
  console.log(`load: ${d.responses} answers, ${d.reqPerSec.toFixed(0)} req/s, p99 ${d.latency.p99.toFixed(1)} ms; ${result.frames.intervals.length} frames ran, ${result.frames.skipped} dropped after stalls; frame-interval p99 ${result.frames.p99.toFixed(1)} ms (slowest ${slowest})`);
});

test.afterAll(async () => {
  await host?.stop();
});

test('every request of the mix is answered with a 2xx, without transport errors', () => {
  const d = result.drive;
  expect(d.responses, 'the load generator got answers').toBeGreaterThan(100);
  expect({ errors: d.errors, timeouts: d.timeouts }, describeKinds(result.kinds)).toEqual({ errors: 0, timeouts: 0 });
  for (const k of KINDS) expect(result.kinds[k].non2xx, `${k}: ${JSON.stringify(result.kinds[k].statuses)}`).toBe(0);
});

test('every acknowledged write is visible to the next read and afterwards; nothing else changed', () => {
  expect(result.writes.acked, JSON.stringify(result.writes)).toBeGreaterThan(50);
  expect(result.writes.refused).toBe(0);
  expect(result.reads.checked).toBeGreaterThan(50);
  expect(result.reads.stale, 'reads that missed an acknowledged write').toEqual([]);
  expect(result.lost, 'acknowledged writes not visible after the run').toEqual([]);
  expect(result.checked).toBe(10_000);
  expect(result.unexpected, 'asteroids nobody wrote that changed').toEqual([]);
});

test('the host still answers after the load', () => {
  expect(result.healthStatus).toBe(200);
  expect(host!.alive()).toBe(true);
});

test('the simulation keeps running under load: frames ran, and no fewer than were dropped after stalls', () => {
  // Counted by the loop: a frame runs or, after a stall of over a period, is dropped (App.skippedFrames).
  // A host whose requests starved the loop would run few frames and drop the rest.
  const { intervals, skipped } = result.frames;
  expect(intervals.length, 'frames run during the 3 s of load').toBeGreaterThan(0);
  expect(intervals.length, `frames run vs. frames dropped after stalls (${skipped})`).toBeGreaterThanOrEqual(skipped);
});
