// One side for count.mjs: `frames <mode> <asteroids> <frames> <interval> <seconds>` builds the demo
// and runs that many frames. mode none: frames only; snap: World.snapshot() every `interval` frames, the
// last `seconds` × 60 / `interval` kept (as a recording keeps them); history: the host's History
// (replica included) keeping `seconds` of the past.
import { runApp } from '../../src/shared/app';
import { World, type WorldImage } from '../../src/shared/ecs';
import { History } from '../../src/shared/history';
import { createRouter } from '../../src/shared/rest';
import { createDemo } from '../../src/main/sim';

const [mode, n, frames, interval, seconds] = process.argv.slice(2) as [string, string, string, string, string];
function build() {
  const world = new World();
  const app = runApp(world, { target_fps: 60, enable_monitor: true, args: ['bench'], manual: true, time_control: true });
  createDemo(world, { asteroids: Number(n) });
  return { world, app, router: createRouter(world, { app, replyCache: false }) };
}
const live = build();
const every = Number(interval);
const kept: WorldImage[] = [];
if (mode === 'history') {
  const replica = build();
  new History(live.app, { world: replica.world, router: replica.router, timeControl: replica.app.TimeControl }, { seconds: Number(seconds), keyframeInterval: every }).start();
} else if (mode !== 'none' && mode !== 'snap') throw new Error(`unknown mode '${mode}': none, snap or history`);
for (let f = 1; f <= Number(frames); f++) {
  live.app.step(1 / 60);
  if (mode === 'snap' && f % every === 0) {
    kept.push(live.world.snapshot());
    if (kept.length > (Number(seconds) * 60) / every) kept.shift();
  }
}
