import { describe, expect, test } from 'vitest';
import { App, runApp, titleFromArgs, type Clock } from '../../../../src/shared/app';
import { World } from '../../../../src/shared/ecs';
import { hasMonitor } from '../../../../src/shared/monitor';

/** A clock whose time only moves when the test says so; timers fire in time order. */
function fakeClock() {
  let t = 1000;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const clock: Clock = {
    now: () => t,
    setTimer: (fn, ms) => { const id = nextId++; timers.push({ at: t + ms, fn, id }); return id; },
    cancelTimer: (h) => { const i = timers.findIndex((x) => x.id === h); if (i >= 0) timers.splice(i, 1); },
  };
  /** Advances time to `until`, running due timers; `work` ms are spent inside each timer. */
  function advance(until: number, work = 0) {
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > until) break;
      timers.shift();
      t = Math.max(t, next.at);
      next.fn();
      t += work;
    }
    t = Math.max(t, until);
  }
  /** Moves time to `until` without running timers (the event loop is busy elsewhere). */
  function jump(until: number) {
    t = Math.max(t, until);
  }
  return { clock, advance, jump, now: () => t };
}

describe('the app runner', () => {
  test('keeps its target rate without drifting (frames at absolute times)', () => {
    const { clock, advance } = fakeClock();
    const w = new World();
    const starts: number[] = [];
    const app = runApp(w, { target_fps: 50, clock });
    app.onFrame(() => { starts.push(clock.now()); });
    advance(1000 + 1000, 3);  // each frame takes 3 ms of work
    app.stop();
    // 50 fps for one second: frames every 20 ms from the start, not every 20 + 3 ms.
    expect(starts.length).toBe(51);
    expect(starts[50]! - starts[0]!).toBe(1000);
    const intervals = app.recentIntervals();
    expect(Math.max(...intervals)).toBeLessThanOrEqual(20);
  });

  test('recent intervals keep the last 1,024, oldest first, once more frames than that ran', () => {
    const { clock, advance, jump } = fakeClock();
    const app = runApp(new World(), { target_fps: 50, clock });
    // 1,101 frames 20 ms apart (1,100 intervals), then one 30 ms after the last.
    advance(1000 + 1100 * 20);
    app.stop();
    jump(1000 + 1100 * 20 + 30);
    app.step(1 / 50);
    expect(app.intervalCount).toBe(1101);
    const intervals = app.recentIntervals();
    expect(intervals).toHaveLength(1024);
    expect(intervals.slice(0, -1).every((ms) => ms === 20)).toBe(true);
    expect(intervals.at(-1)).toBe(30);
  });

  test('a hook may remove itself or another while hooks run: a removed one does not run, the others do', () => {
    const app = new App(new World(), { manual: true });
    const ran: string[] = [];
    const offB = app.onFrame(() => { ran.push('B'); });
    const offA = app.onFrame(() => { ran.push('A'); offA(); offC(); });
    const offC = app.onFrame(() => { ran.push('C'); });
    app.onFrame(() => { ran.push('D'); });
    app.step(1 / 60);
    app.step(1 / 60);
    expect(ran).toEqual(['B', 'A', 'D', 'B', 'D']);
    offB();
    app.step(1 / 60);
    expect(ran.slice(5)).toEqual(['D']);
  });

  test('delta time: 1/fps for the first frame, the time since the last frame after it, at most 0.25 s after a stall', () => {
    const { clock, advance, jump } = fakeClock();
    const app = runApp(new World(), { target_fps: 50, clock });
    const deltas: number[] = [];
    app.onFrame(() => { deltas.push(app.deltaTime); });
    advance(1040);
    jump(1040 + 400);
    advance(1040 + 400);
    app.stop();
    // After the stall: 0.25 s, and the fresh schedule's first frame at once (0 s since the last).
    expect(deltas).toEqual([1 / 50, 0.02, 0.02, 0.25, 0]);
    // A frame stepped by hand takes the delta time it is given.
    app.step(0.05);
    expect(app.deltaTime).toBe(0.05);
    expect(app.pipeline.faults.count, 'no frame hook or system failed').toBe(0);
  });

  test('start twice is one loop; stop from inside a frame hook ends it after that frame; manual apps never start', () => {
    const { clock, advance } = fakeClock();
    const app = runApp(new World(), { target_fps: 50, clock });
    app.start();
    let frames = 0;
    app.onFrame(() => { frames++; });
    advance(1000 + 1000);
    // One second at 50 fps: 51 frames (0 to 1000 ms), not two loops' worth.
    expect(frames).toBe(51);
    const stopAt = frames + 10;
    app.onFrame(() => { if (frames === stopAt) app.stop(); });
    advance(3000);
    expect(frames).toBe(stopAt);
    expect(app.isRunning).toBe(false);
    const manual = runApp(new World(), { target_fps: 50, clock, manual: true });
    let manualFrames = 0;
    manual.onFrame(() => { manualFrames++; });
    advance(3000);
    expect([manualFrames, manual.isRunning]).toEqual([0, false]);
  });

  test('a frame exactly one period late is run at once, not counted as dropped', () => {
    const { clock, advance, jump } = fakeClock();
    const app = runApp(new World(), { target_fps: 50, clock });
    advance(1000);
    advance(1020);
    // The frame due at 1040 starts at 1080: after it, the next is due at 1060, exactly one period
    // behind: it and the one due at 1080 run at once, within the schedule (more than one period
    // behind would drop them and start a fresh schedule).
    jump(1080);
    advance(1080);
    expect(app.skippedFrames).toBe(0);
    expect(app.frameCount).toBe(5);
    app.stop();
  });

  test('a hook that throws, first or not, named or not, is removed and reported once; the others run', () => {
    const app = new App(new World(), { manual: true });
    const logged: string[] = [];
    app.pipeline.faults.log = (line) => { logged.push(line); };
    const ran: string[] = [];
    app.onFrame(function first() { ran.push('first'); throw new Error('first broke'); });
    app.onFrame(() => { ran.push('ok'); });
    app.onFrame(() => { ran.push('anon'); throw new Error('anon broke'); });
    app.step(1 / 60);
    app.step(1 / 60);
    expect(ran).toEqual(['first', 'ok', 'anon', 'ok']);
    expect(logged.map((l) => l.split('\n')[0])).toEqual([
      "ecs-live: frame_hook 'first' threw and was closed (frame 1): first broke",
      "ecs-live: frame_hook 'an unnamed frame hook' threw and was closed (frame 1): anon broke",
    ]);
  });

  test('a hook removed twice stays removed without taking another with it; enable_rest and enable_monitor only when asked', () => {
    const app = new App(new World(), { manual: true });
    const ran: string[] = [];
    const off = app.onFrame(() => { ran.push('A'); });
    app.onFrame(() => { ran.push('B'); });
    off();
    off();
    app.step(1 / 60);
    expect(ran).toEqual(['B']);
    const plain = new World();
    new App(plain, { manual: true });
    expect([plain.has(plain.core.World, plain.core.Rest), hasMonitor(plain)]).toEqual([false, false]);
    const full = new World();
    new App(full, { manual: true, enable_rest: true, enable_monitor: true });
    expect([full.has(full.core.World, full.core.Rest), hasMonitor(full)]).toEqual([true, true]);
  });

  test('after a stall it does not run a burst of catch-up frames', () => {
    const { clock, advance } = fakeClock();
    const app = runApp(new World(), { target_fps: 60, clock });
    let frames = 0;
    app.onFrame(() => { frames++; });
    advance(1000 + 50);
    const before = frames;
    advance(1000 + 50 + 1000, 0);
    expect(frames - before).toBeLessThanOrEqual(61);
    app.stop();
  });

  test('frames dropped after a stall are counted in skippedFrames; frames run on time are not', () => {
    const { clock, advance, jump, now } = fakeClock();
    const app = runApp(new World(), { target_fps: 50, clock });
    const starts: number[] = [];
    app.onFrame(() => { starts.push(now()); });
    advance(1020);
    expect(app.skippedFrames).toBe(0);
    // Busy elsewhere until 1120: the frame due at 1040 runs late; those due at 1060, 1080 and 1100 are dropped.
    jump(1120);
    advance(1120);
    expect(app.skippedFrames).toBe(3);
    advance(1200);
    expect(starts).toEqual([1000, 1020, 1120, 1120, 1140, 1160, 1180, 1200]);
    expect(app.skippedFrames).toBe(3);
    app.stop();
  });

  test('runDueFrame runs the frame at its due time exactly, not a moment before', () => {
    const { clock, advance, jump } = fakeClock();
    const app = runApp(new World(), { target_fps: 50, clock });
    advance(1000);
    jump(1019.5);
    expect(app.runDueFrame()).toBe(false);
    jump(1020);
    expect(app.runDueFrame()).toBe(true);
    expect(app.frameCount).toBe(2);
    app.stop();
  });

  test('runDueFrame runs a frame whose time has come before its timer fires, and keeps the schedule', () => {
    const { clock, advance, jump, now } = fakeClock();
    const app = runApp(new World(), { target_fps: 50, clock });
    const starts: number[] = [];
    app.onFrame(() => { starts.push(now()); });
    advance(1000);
    expect(starts).toEqual([1000]);
    expect(app.runDueFrame()).toBe(false); // the next frame is due at 1020
    // The event loop is busy with requests until 1023, so the timer has not fired yet.
    jump(1023);
    expect(app.runDueFrame()).toBe(true);
    expect(app.runDueFrame()).toBe(false);
    // The schedule stays absolute (next at 1040) and the old timer does not run a second frame.
    advance(1060);
    expect(starts).toEqual([1000, 1023, 1040, 1060]);
    app.stop();
    jump(2000);
    expect(app.runDueFrame()).toBe(false);
  });

  test('stop() stops the loop', () => {
    const { clock, advance } = fakeClock();
    const app = runApp(new World(), { target_fps: 60, clock });
    let frames = 0;
    app.onFrame(() => { frames++; });
    advance(1100);
    app.stop();
    const at = frames;
    advance(3000);
    expect(frames).toBe(at);
    expect(app.isRunning).toBe(false);
  });

  test('enable_rest instantiates ecs.rest.Rest on the World with default parameters', () => {
    const w = new World();
    const seen: unknown[] = [];
    w.observe(w.core.Rest, 'set', (e) => { seen.push(w.get(e, w.core.Rest)); });
    new App(w, { enable_rest: true, manual: true });
    expect(w.get(w.core.World, w.core.Rest)).toEqual({ port: 27750, address: '127.0.0.1' });
    expect(seen).toEqual([{ port: 27750, address: '127.0.0.1' }]);
  });

  test('args set the World doc name (the app title)', () => {
    const w = new World();
    new App(w, { args: ['/usr/local/bin/refapp', '--verbose'], manual: true });
    expect(w.doc(w.core.World, 'name')).toBe('refapp');
    expect(titleFromArgs(['node', '--title', 'My Sim'])).toBe('My Sim');
    expect(titleFromArgs(['C:\\games\\demo.js'])).toBe('demo');
    expect(titleFromArgs(['x', '--title=Space'])).toBe('Space');
  });

  test('the title: --title wins, a --title without its text is no title, a script\'s extension goes, an empty name is app', () => {
    expect(titleFromArgs(['x', '--title', 'First', '--title=Second'])).toBe('First');
    expect(titleFromArgs(['bin/sim', '--title'])).toBe('sim');
    for (const [program, title] of [['/srv/ecs-live.mjs', 'ecs-live'], ['a\\b.cjs', 'b'], ['src/main.ts', 'main'], ['game.mts', 'game'], ['world.json', 'world.json'], ['.js', 'app'], ['dir/', 'dir/']]) {
      expect(titleFromArgs([program!]), program).toBe(title);
    }
    expect(titleFromArgs([])).toBe('app');
    const w = new World();
    new App(w, { manual: true });
    expect(w.doc(w.core.World, 'name'), 'no args: the World keeps its own name').toBeUndefined();
  });

  test('target rates from 1 to 1000 are taken; outside, or not a number, refused naming the value', () => {
    for (const fps of [1, 1000]) expect(new App(new World(), { target_fps: fps, manual: true }).targetFps).toBe(fps);
    for (const fps of [0, 1000.5, -1, Number.NaN]) expect(() => new App(new World(), { target_fps: fps, manual: true }), String(fps)).toThrow(`target_fps must be from 1 to 1000, got ${fps}`);
    expect(new App(new World(), { manual: true }).targetFps).toBe(60);
  });

  test('a bad target rate is refused', () => {
    expect(() => new App(new World(), { target_fps: 0, manual: true })).toThrow(/target_fps/);
  });
});
