// One measurement in this process: `run-case.ts <case> <asteroids>`; prints one number.
import { performance } from 'node:perf_hooks';
import { runApp, type App } from '../../src/shared/app';
import { World, imageBytes } from '../../src/shared/ecs';
import { History, KEYFRAME_INTERVAL } from '../../src/shared/history';
import { createRouter, type Router } from '../../src/shared/rest';
import { createDemo } from '../../src/main/sim';
import { historyFileOptions } from '../../src/main/history-codec';
import { percentile } from '../lib/report';

const [name, nText] = process.argv.slice(2) as [string, string];
const n = Number(nText);

interface Built { world: World; app: App; router: Router }

function build(history?: History): Built {
  const world = new World();
  const app = runApp(world, { target_fps: 60, enable_monitor: true, args: ['bench'], manual: true, time_control: true });
  createDemo(world, { asteroids: n });
  return { world, app, router: createRouter(world, { app, history, replyCache: false }) };
}

/** What the bench's history files say of their host. */
const FILE = historyFileOptions({ title: 'bench', dialect: 'contract', world: { seed: 0, asteroids: n } });

/** A live world with the default history (60 s) and its replica, as the host builds them. */
function withHistory(): Built & { history: History } {
  const replica = build();
  const live = build();
  const history = new History(live.app, { world: replica.world, router: replica.router, timeControl: replica.app.TimeControl }, { seconds: 60, file: FILE });
  const router = createRouter(live.world, { app: live.app, history, replyCache: false });
  history.start();
  return { ...live, router, history };
}

/** Frame times in ms of `frames` frames after 120 warm-up frames. */
function frameTimes(b: Built, frames: number): number[] {
  for (let i = 0; i < 120; i++) b.app.step(1 / 60);
  const out: number[] = [];
  for (let i = 0; i < frames; i++) {
    const t = performance.now();
    b.app.step(1 / 60);
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * Times of the frames that took a keyframe (or dropped the oldest) among `frames` frames after
 * 120 warm-up frames of a history: what a keyframe's frame costs, to set beside the p99 of
 * frames without history (a keyframe frame dearer than that p99 sets the p99 with history).
 */
function keyframeFrameTimes(b: Built & { history: History }, frames: number): number[] {
  for (let i = 0; i < 120; i++) b.app.step(1 / 60);
  const r = b.history.recording, out: number[] = [];
  for (let i = 0; i < frames; i++) {
    const keyframes = r.segments.length, first = r.first;
    const t = performance.now();
    b.app.step(1 / 60);
    const ms = performance.now() - t;
    if (r.segments.length !== keyframes || r.first !== first) out.push(ms);
  }
  return out;
}

function msPerCall(fn: () => unknown, calls: number): number {
  for (let i = 0; i < Math.min(50, calls); i++) fn();
  const t = performance.now();
  for (let i = 0; i < calls; i++) fn();
  return (performance.now() - t) / calls;
}

const ENTITY = '/entity/Sun/Earth?values=true';

/**
 * Milliseconds (wall or CPU time) of RESTORES restores in a process that filled the default window (60 s, 3,600
 * frames, after the warm-up): random frames across the whole window, newest first (a restore drops
 * the frames after it, so each next one is earlier), the first of them the process's first restore.
 * The replica stands wherever the last restore left it, as when a user restores after a read elsewhere.
 */
function restoreTimes(clock: 'wall' | 'cpu'): number[] {
  const b = withHistory();
  frameTimes(b, 3600);
  const { first, last } = b.history.recording;
  const frames = Array.from({ length: RESTORES }, () => first! + Math.floor(Math.random() * (last! - first! + 1))).sort((x, y) => y - x);
  // CPU time of the whole process (its collector's and compiler's threads included), in ms.
  const now = clock === 'wall' ? () => performance.now() : () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
  const times: number[] = [];
  for (const f of frames) {
    const t = now();
    const reply = b.router.route('PUT', `/history/restore?frame=${f}`);
    times.push(now() - t);
    if (reply.status !== 200) throw new Error(`restore of frame ${f}: ${reply.status} ${reply.body}`);
  }
  return times;
}

/**
 * A history file of the filled default window, made (`export`) or opened in a second world
 * (`import`) while the loop runs at 60 fps: [ms until done, longest ms between two frames meanwhile,
 * frames run]. `at once`: the same work as one call, during which no frame runs ([ms, ms, 0]).
 */
async function fileWork(kind: 'export' | 'import', atOnce: boolean): Promise<number[]> {
  const b = withHistory();
  frameTimes(b, 3600);
  const other = kind === 'import' ? withHistory() : undefined;
  const file = kind === 'import' ? b.history.exportFile() : undefined;
  const work = (): Promise<unknown> => (kind === 'export' ? b.history.exportFileLater() : other!.history.importFileLater(file!));
  if (atOnce) {
    const t = performance.now();
    if (kind === 'export') b.history.exportFile(); else other!.history.importFile(file!);
    const ms = performance.now() - t;
    return [ms, ms, 0];
  }
  // The loop of the world the work is done for runs at its pace meanwhile.
  const app = (other ?? b).app;
  let last = performance.now(), longest = 0, frames = 0;
  const off = app.onFrame(() => { const t = performance.now(); longest = Math.max(longest, t - last); last = t; frames++; });
  app.start();
  await new Promise((r) => setTimeout(r, 100));
  last = performance.now(); longest = 0; frames = 0;
  const t = performance.now();
  await work();
  const ms = performance.now() - t;
  longest = Math.max(longest, performance.now() - last);
  off();
  app.stop();
  return [ms, longest, frames];
}

/** Restores per process in the restore case. */
const RESTORES = 20;

const cases: Record<string, () => number | number[] | Promise<number[]>> = {
  // History files of the filled default window: [ms, longest ms between frames, frames run].
  'export-loop': () => fileWork('export', false),
  'export-at-once': () => fileWork('export', true),
  'import-loop': () => fileWork('import', false),
  'import-at-once': () => fileWork('import', true),
  // Every restore's milliseconds, in order (the first is the process's first restore): wall time, or the process's CPU time.
  'restores': () => restoreTimes('wall'),
  'restores-cpu': () => restoreTimes('cpu'),
  'frame-p50-off': () => percentile(frameTimes(build(), 1200), 50),
  'frame-p50-on': () => percentile(frameTimes(withHistory(), 1200), 50),
  'frame-p99-off': () => percentile(frameTimes(build(), 1200), 99),
  'frame-p99-on': () => percentile(frameTimes(withHistory(), 1200), 99),
  // The tail beside the p99: a keyframe's frame is rarer than 1 in 100, so it shows here.
  'frame-p999-off': () => percentile(frameTimes(build(), 1200), 99.9),
  'frame-p999-on': () => percentile(frameTimes(withHistory(), 1200), 99.9),
  'frame-max-off': () => Math.max(...frameTimes(build(), 1200)),
  // The median of the frames that took a keyframe: 20 of 2,400 frames.
  'keyframe-frame': () => percentile(keyframeFrameTimes(withHistory(), 2400), 50),
  // The same once the default window is full (after 60 s), where each keyframe drops the oldest and reuses its arrays.
  'keyframe-frame-full': () => { const b = withHistory(); frameTimes(b, 3600); return percentile(keyframeFrameTimes(b, 2400), 50); },
  'frame-max-on': () => Math.max(...frameTimes(withHistory(), 1200)),
  'read-live': () => { const b = withHistory(); frameTimes(b, 120); return msPerCall(() => b.router.route('GET', ENTITY), 2000); },
  // The replica already stands at the frame (scrubbing reads it again and again).
  'read-past': () => { const b = withHistory(); frameTimes(b, 120); const f = b.app.frameCount - 50; return msPerCall(() => b.router.route('GET', `${ENTITY}&at=${f}`), 2000); },
  // Two frames in different keyframe stretches, read in turn: every read restores a keyframe and replays.
  'read-past-cold': () => { const b = withHistory(); frameTimes(b, 3 * KEYFRAME_INTERVAL); const f = b.app.frameCount; let k = 0; return msPerCall(() => b.router.route('GET', `${ENTITY}&at=${f - 5 - (KEYFRAME_INTERVAL + 10) * (k++ % 2)}`), 40); },
  // Bytes a keyframe adds to the one before it (they share what did not change), and a whole one (the oldest).
  'keyframe-bytes': () => { const b = withHistory(); frameTimes(b, 2 * KEYFRAME_INTERVAL); const s = b.history.recording.segments; return s[s.length - 1]!.imageBytes; },
  'keyframe-bytes-whole': () => { const b = withHistory(); frameTimes(b, 2 * KEYFRAME_INTERVAL); return imageBytes(b.history.recording.segments[0]!.image); },
  'frame-bytes': () => { const b = withHistory(); frameTimes(b, 600); const s = b.history.recording.segments; const full = s.slice(0, -1); return full.reduce((x, g) => x + g.frameBytes, 0) / full.reduce((x, g) => x + g.frames.length, 0); },
  // The default window, filled: 60 s at 60 fps (3,600 frames after the warm-up).
  'window-bytes': () => { const b = withHistory(); frameTimes(b, 3600); return b.history.recording.bytes; },
  'window-heap': () => {
    const before = (globalThis.gc?.(), process.memoryUsage().heapUsed);
    const b = withHistory();
    frameTimes(b, 3600);
    globalThis.gc?.();
    const grown = process.memoryUsage().heapUsed - before;
    return b.history.recording.bytes > 0 ? grown : 0;
  },
  'window-heap-off': () => {
    const before = (globalThis.gc?.(), process.memoryUsage().heapUsed);
    const b = build();
    frameTimes(b, 3600);
    globalThis.gc?.();
    return b.app.frameCount > 0 ? process.memoryUsage().heapUsed - before : 0;
  },
};

const run = cases[name];
if (!run) throw new Error(`unknown case '${name}': cases are ${Object.keys(cases).join(', ')}`);
console.log(JSON.stringify(await run()));
