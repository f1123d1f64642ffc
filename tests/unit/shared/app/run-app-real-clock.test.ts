// The app runner on the host's own clock (no fake clock where these bugs would live): after a
// stall the next frame simulates at most MAX_DELTA (0.25 s), and a paused frame simulates nothing
// (deltaTime 0, no system tick). Waited on by frame counts.
import { expect, test } from 'vitest';
import { addSystem, runApp, type App } from '../../../../src/shared/app';
import { World } from '../../../../src/shared/ecs';

/** Resolves once the app has run `n` frames. */
function frames(app: App, n: number): Promise<void> {
  return new Promise((resolve) => { const off = app.onFrame(() => { if (app.frameCount >= n) { off(); resolve(); } }); });
}

test('after a stall of 400 ms the next frame simulates 0.25 s, not the whole stall', async () => {
  const app = runApp(new World(), { target_fps: 60 });
  const deltas: number[] = [];
  app.onFrame(() => {
    deltas.push(app.deltaTime);
    // Frame 3 holds the event loop for 400 ms (a stall: a long GC, a slow disk).
    if (app.frameCount === 3) { const until = Date.now() + 400; while (Date.now() < until) { /* stalled */ } }
  });
  await frames(app, 5);
  app.stop();
  expect(deltas[3]).toBe(0.25);
  expect(deltas[4]).toBeLessThan(0.25);
});

test('paused frames simulate nothing: deltaTime 0, no system tick, while frames go on', async () => {
  const w = new World();
  const app = runApp(w, { target_fps: 60, time_control: true });
  let ticks = 0;
  addSystem(w, 'Count', { run: () => { ticks++; } });
  await frames(app, 2);
  w.set(w.core.World, app.TimeControl, { paused: true });
  const paused: [number, boolean][] = [];
  app.onFrame(() => { paused.push([app.deltaTime, app.simulated]); });
  const before = ticks;
  await frames(app, app.frameCount + 5);
  app.stop();
  expect(paused.length).toBeGreaterThanOrEqual(5);
  expect(paused.every(([dt, sim]) => dt === 0 && !sim)).toBe(true);
  expect(ticks).toBe(before);
});
