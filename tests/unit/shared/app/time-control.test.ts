// Time control as data: ecs.app.TimeControl on the World entity pauses the systems (frames and
// their hooks go on), steps exactly N ticks while paused, and scales simulated time; REST clients
// set it with PUT /set on ecs/core/World, the one change that built-in entity takes.
import { describe, expect, test } from 'vitest';
import { App, addSystem } from '../../../../src/shared/app';
import { World } from '../../../../src/shared/ecs';
import { createRouter } from '../../../../src/shared/rest';

function setup() {
  const world = new World();
  const app = new App(world, { manual: true, target_fps: 50, time_control: true });
  const Position = world.component('Position', { x: 'f64' });
  const body = world.entity({ name: 'Body' });
  world.set(body, Position, { x: 0 });
  // Moves 1 unit per simulated second.
  addSystem(world, 'Move', { query: 'Position', run: (it) => {
    const x = it.field(0)!.x as Float64Array, rows = it.rows;
    for (let j = 0; j < it.count; j++) { const r = rows === null ? j : rows[j]!; x[r] = x[r]! + it.deltaTime; }
  } });
  const router = createRouter(world);
  const put = (value: object) => router.route('PUT', `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [value] }))}`);
  const x = () => world.get<{ x: number }>(body, Position)!.x;
  return { world, app, router, put, x };
}

describe('time control', () => {
  test('PUT /set on the World takes world settings only; other built-ins take nothing, and a refusal changes nothing', () => {
    const { router, world } = setup();
    const set = (path: string, ids: string[][], values: unknown[]) =>
      router.route('PUT', `/set/${path}?data=${encodeURIComponent(JSON.stringify({ ids, values }))}`);
    const state = () => router.route('GET', '/entity/ecs/core/World?values=true').body;
    const before = state();
    const mixed = set('ecs/core/World', [['ecs.app.TimeControl'], ['Position']], [{ paused: true }, { x: 1 }]);
    expect(mixed.status).toBe(403);
    expect(JSON.parse(mixed.body).error).toBe("cannot set components other than world settings on 'ecs.core.World': it is built in (under ecs) and can be read but not changed");
    const onlyOther = set('ecs/core/World', [['Position']], [{ x: 1 }]);
    expect(onlyOther.status).toBe(403);
    const elsewhere = set('ecs/core', [['ecs.app.TimeControl']], [{ paused: true }]);
    expect(elsewhere.status).toBe(403);
    expect(JSON.parse(elsewhere.body).error).toBe("cannot set components on 'ecs.core': it is built in (under ecs) and can be read but not changed");
    expect(state()).toBe(before);
    expect(world.isAlive(world.core.World)).toBe(true);
  });

  test('is read with GET /entity on the World entity, with its defaults', () => {
    const { router } = setup();
    const reply = JSON.parse(router.route('GET', '/entity/ecs/core/World?values=true').body);
    const at = reply.ids.findIndex((id: string[]) => id[0] === 'ecs.app.TimeControl');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(reply.values[at]).toEqual({ paused: false, step: 0, time_scale: 1 });
  });

  test('paused: frames and their hooks go on, systems do not', () => {
    const { app, put, x } = setup();
    let hooks = 0;
    app.onFrame(() => { hooks++; });
    app.step(0.02);
    const moved = x();
    expect(moved).toBeCloseTo(0.02, 10);
    expect(put({ paused: true }).status).toBe(200);
    const stats = [];
    for (let i = 0; i < 5; i++) stats.push(app.step(0.02));
    expect(x()).toBe(moved);
    // A paused frame reports that nothing ran, in no time.
    for (const st of stats) expect(st).toMatchObject({ systemsRan: 0, frameTime: 0, systemTime: 0, mergeTime: 0 });
    expect([app.deltaTime, app.simulated]).toEqual([0, false]);
    expect(hooks).toBe(6);
    expect(app.frameCount).toBe(6);
    expect(app.pipeline.frame).toBe(1);
  });

  test('step N advances exactly N ticks of the target rate, then stays paused', () => {
    const { app, put, x, world } = setup();
    put({ paused: true, step: 3 });
    for (let i = 0; i < 10; i++) app.step(0.5);
    expect(x()).toBeCloseTo(3 / 50, 10);
    expect(app.pipeline.frame).toBe(3);
    expect(world.get<{ step: number; paused: boolean }>(world.core.World, app.TimeControl)).toMatchObject({ step: 0, paused: true });
    put({ step: 1 });
    app.step(0.5);
    app.step(0.5);
    expect(x()).toBeCloseTo(4 / 50, 10);
  });

  test('a resume drops the steps not yet run: a later pause simulates nothing', () => {
    const { app, put, world } = setup();
    const tc = () => world.get<{ step: number; paused: boolean }>(world.core.World, app.TimeControl)!;
    put({ paused: true, step: 87 });
    app.step(0.02); app.step(0.02);
    expect(app.pipeline.frame).toBe(2);
    expect(tc().step).toBe(85);
    put({ paused: false });
    expect(tc()).toMatchObject({ paused: false, step: 0 });
    app.step(0.02);
    put({ paused: true });
    for (let i = 0; i < 5; i++) app.step(0.02);
    expect(app.pipeline.frame).toBe(3);
    // The same in one write (the issue's {"paused":false,"step":87}), then a plain pause.
    put({ paused: false, step: 87 });
    expect(tc().step).toBe(0);
    put({ paused: true });
    for (let i = 0; i < 5; i++) app.step(0.02);
    expect(app.pipeline.frame).toBe(3);
  });

  test('time_scale multiplies simulated time', () => {
    const { app, put, x } = setup();
    put({ time_scale: 0.5 });
    app.step(0.02);
    app.step(0.02);
    expect(x()).toBeCloseTo(0.02, 10);
    expect(app.deltaTime).toBeCloseTo(0.01, 10);
  });

  test('other components on the World entity stay read-only, and bad values are refused', () => {
    const { router, put } = setup();
    const other = router.route('PUT', `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.rest.Rest']], values: [{ port: 1 }] }))}`);
    expect(other.status).toBe(403);
    expect(JSON.parse(other.body).error).toMatch(/built in/);
    expect(put({ step: -1 }).status).toBe(400);
    expect(put({ paused: 'soon' }).status).toBe(400);
  });

  test('time_scale outside 0 to 16 is refused with a 400 naming the range and the value, and nothing changes', () => {
    const { world, app, router, put } = setup();
    const before = world.get(world.core.World, app.TimeControl);
    for (const value of [17, -1, 1e9, 16.01, '17', 'NaN', 'fast', null]) {
      const reply = put({ paused: true, time_scale: value });
      expect(reply.status, String(value)).toBe(400);
      const error = JSON.parse(reply.body).error as string;
      expect(error, String(value)).toContain('time_scale');
      if (typeof value === 'number' || value === '17') expect(error).toContain(`expected a number from 0 to 16, got ${JSON.stringify(value)}`);
      expect(world.get(world.core.World, app.TimeControl), String(value)).toEqual(before);
    }
    expect(put({ time_scale: 16 }).status).toBe(200);
    expect(put({ time_scale: 0 }).status).toBe(200);
    expect(world.get(world.core.World, app.TimeControl)).toEqual({ paused: false, step: 0, time_scale: 0 });
    const info = JSON.parse(router.route('GET', '/entity/ecs/core/World?type_info=true').body);
    const at = info.ids.findIndex((id: string[]) => id[0] === 'ecs.app.TimeControl');
    expect(info.type_info[at].time_scale).toEqual(['float', { range: [0, 16] }]);
  });

  test('a second app on the same world shares its time control: one module, one component, the state kept', () => {
    const { world, app, put } = setup();
    put({ paused: true, step: 2 });
    const again = new App(world, { manual: true, time_control: true });
    expect(again.TimeControl).toBe(app.TimeControl);
    expect(world.lookup('ecs.app')).not.toBe(0);
    expect(world.doc(world.lookup('ecs.app'), 'brief')).toBe('The app runner: frame rate and time control');
    expect(world.doc(app.TimeControl, 'brief')).toBe('Pause (frames go on, systems stop), step N ticks while paused, and scale simulated time (0 to 16); set it on ecs.core.World');
    expect(world.childrenOf(world.lookup('ecs.app')).map((e) => world.pathOf(e))).toEqual(['ecs.app.TimeControl']);
    expect(world.get(world.core.World, app.TimeControl)).toEqual({ paused: true, step: 2, time_scale: 1 });
  });

  test('unpaused frames take the delta time they are given (a step of the target rate only when stepping)', () => {
    const { app } = setup();
    app.step(0.05);
    expect([app.deltaTime, app.simulated]).toEqual([0.05, true]);
  });

  test('with its TimeControl taken off the World, frames run unpaused at scale 1', () => {
    const { world, app, put, x } = setup();
    put({ paused: true, time_scale: 2 });
    world.remove(world.core.World, app.TimeControl);
    app.step(0.05);
    expect(x()).toBeCloseTo(0.05, 10);
    expect([app.deltaTime, app.simulated]).toEqual([0.05, true]);
  });

  test('an app without time control leaves the World entity as the reference has it', () => {
    const world = new World();
    const app = new App(world, { manual: true });
    expect(app.TimeControl).toBe(0);
    expect(world.lookup('ecs.app.TimeControl')).toBe(0);
  });
});
