// The pipeline's timing and the monitor's statistics on the host's own clock and loop (monitor.test
// and pipeline.test fake the clock to get exact numbers; a fault in which clock is read, or in
// its units, would live exactly there). A system that keeps the clock busy for 2 ms per run,
// measured by the same clock the pipeline reads, must be measured at 2 ms or more, every frame's
// time holds its systems' time, and all the measured time fits in the wall time the frames took.
// Nothing here is a timing assertion: each bound holds however slow or loaded the machine is.
import { expect, test } from 'vitest';
import { runApp, type App } from '../../../../src/shared/app';
import { World } from '../../../../src/shared/ecs';
import { statsReply, type SystemStatsEntry, type WorldStatsReply } from '../../../../src/shared/monitor';
import { addSystem } from '../../../../src/shared/pipeline';

const WORK_MS = 2;

/** Resolves once the app has run `n` frames in all (counted by its frame hook). */
function frames(app: App, n: number): Promise<void> {
  return new Promise((resolve) => { const off = app.onFrame(() => { if (app.frameCount >= n) { queueMicrotask(off); resolve(); } }); });
}

/** The samples of a 60-sample series that were written (null where the window has none yet). */
const written = (a: readonly (number | null)[]): number[] => a.filter((v): v is number => v !== null);

test('measured system and frame times on the real clock: at least the work done, within the wall time, in seconds', async () => {
  const w = new World();
  addSystem(w, 'Busy', { run: () => { const until = performance.now() + WORK_MS; while (performance.now() < until) { /* known work */ } } });
  const started = performance.now();
  const app = runApp(w, { target_fps: 60, enable_monitor: true });
  await frames(app, 70);
  app.stop();
  const wallSeconds = (performance.now() - started) / 1000;

  const busy = (statsReply(w, 'pipeline', '1s') as SystemStatsEntry[]).find((e) => e.name === 'Busy')!;
  const spent = written(busy.time_spent.avg);
  expect(spent.length).toBe(60);
  for (const s of spent) expect(s).toBeGreaterThanOrEqual(WORK_MS / 1000);

  const world = statsReply(w, 'world', '1s') as WorldStatsReply;
  const frameTimes = written(world['performance.frame_time']!.avg), systemTimes = written(world['performance.system_time']!.avg);
  expect(frameTimes.length).toBe(60);
  systemTimes.forEach((t, i) => {
    expect(t, `frame sample ${i}: the systems' time is the Busy system's`).toBeGreaterThanOrEqual(spent[i]!);
    expect(frameTimes[i], `frame sample ${i}: a frame's time holds its systems' time`).toBeGreaterThanOrEqual(t);
  });
  // Seconds, not milliseconds: 60 frames' measured time fits in the wall time all 70 took.
  expect(frameTimes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(wallSeconds);
});
