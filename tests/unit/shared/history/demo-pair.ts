// A live demo app with a history and the replica it reads the past through, built by the same
// code (as the host does), for the history tests. Frames are run by hand with given delta times.
import { runApp, type App } from '../../../../src/shared/app';
import { World } from '../../../../src/shared/ecs';
import { History, type HistoryFileOptions } from '../../../../src/shared/history';
import { createRouter, type Router, type RouterOptions } from '../../../../src/shared/rest';
import { createDemo, type Demo } from '../../../../src/main/sim';

/** One built world: app, demo and router. */
export interface Built { world: World; app: App; demo: Demo; router: Router }

function build(asteroids: number, options: RouterOptions, history?: History): Built {
  const world = new World();
  const app = runApp(world, { target_fps: 60, enable_monitor: true, args: ['history-test'], manual: true, time_control: true });
  const demo = createDemo(world, { seed: 3, asteroids });
  const router = createRouter(world, { ...options, app, history });
  return { world, app, demo, router };
}

/** A live world recording its history (window `seconds`), and its replica. */
export function demoPair(asteroids = 150, seconds = 20, options: RouterOptions = {}, keyframeInterval = 30, setup?: (b: Built) => void, file?: HistoryFileOptions): { live: Built; replica: Built; history: History } {
  const replica = build(asteroids, options);
  const liveWorld = build(asteroids, options);
  // Both worlds are built by the same code, extra systems included, before recording starts.
  setup?.(replica);
  setup?.(liveWorld);
  const history = new History(liveWorld.app, { world: replica.world, router: replica.router, timeControl: replica.app.TimeControl }, { seconds, keyframeInterval, ...(file ? { file } : {}) });
  // The live router records into the history: rebuilt with it (the same world and options).
  const router = createRouter(liveWorld.world, { ...options, app: liveWorld.app, history });
  history.start();
  return { live: { ...liveWorld, router }, replica, history };
}

/** GET /world of a router, as text. */
export function worldText(router: Router): string {
  return router.route('GET', '/world').body;
}

/** A deterministic stream of numbers in [0, 1) (mulberry32), for random writes the test can repeat. */
export function numbers(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One random outside write through `router` (a set, a pause or resume, a step, create, delete, rename, disable); returns its status. */
export function randomWrite(b: Built, next: () => number): number {
  const r = b.router;
  const asteroid = b.demo.asteroids.first + Math.floor(next() * 20);
  const ship = `Ship${1 + Math.floor(next() * 12)}`;
  const time = (v: object) => `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [v] }))}`;
  switch (Math.floor(next() * 9)) {
    case 0: return r.route('PUT', `/set/${asteroid}?data=${encodeURIComponent(JSON.stringify({ ids: [['Position']], values: [{ x: next() * 100 }] }))}`).status;
    case 1: return r.route('PUT', `/set/${ship}?data=${encodeURIComponent(JSON.stringify({ ids: [['Fuel']], values: [{ value: Math.floor(next() * 30) }] }))}`).status;
    case 2: return r.route('PUT', time({ paused: next() < 0.5 })).status;
    case 3: return r.route('PUT', time({ step: 1 + Math.floor(next() * 3) })).status;
    case 4: return r.route('PUT', `/entity/Probe${Math.floor(next() * 5)}`).status;
    case 5: return r.route('DELETE', `/entity/Probe${Math.floor(next() * 5)}`).status;
    case 6: return r.route('PUT', `/${next() < 0.5 ? 'disable' : 'enable'}/${ship}`).status;
    case 7: return r.route('PUT', time({ time_scale: [0.5, 1, 2][Math.floor(next() * 3)] })).status;
    default: return r.route('DELETE', `/entity/${asteroid}`).status;
  }
}
