/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads replies as parsed JSON of known shape */
// The figures the Flecs 4 explorer's overview and internals pages show, on a world small enough to
// know them by hand: the WorldSummary and BuildInfo of the heartbeat, WorldMemory, /components,
// /queries and /tables, and what a PUT of WorldSummary refuses, word for word.
import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { runApp } from '../../../../src/shared/app';
import { addSystem } from '../../../../src/shared/pipeline';
import { defineQuery } from '../../../../src/shared/query';
import { createRouter } from '../../../../src/shared/rest';

/** Two entities with an 8-byte Position; B also likes A through an exclusive relationship. */
function small(opts: { monitor?: boolean } = {}) {
  const world = new World();
  const app = runApp(world, { target_fps: 30, manual: true, time_control: true, enable_monitor: opts.monitor ?? false, args: ['T'] });
  const Position = world.component('Position', { x: 'f32', y: 'f32' });
  const Likes = world.tag('Likes');
  world.add(Likes, world.core.Exclusive);
  world.add(Likes, world.pair(world.core.OnDeleteTarget, world.core.Delete));
  const a = world.entity('A');
  world.set(a, Position, { x: 1, y: 2 });
  const b = world.entity('B');
  world.set(b, Position, { x: 3, y: 4 });
  world.add(b, world.pair(Likes, a));
  defineQuery(world, 'Positioned', 'Position');
  addSystem(world, 'Noop', { query: 'Position', run: () => {} });
  const router = createRouter(world, { compat: 'flecs-4', app });
  app.step(1 / 30);
  app.step(1 / 30);
  const get = (url: string): any => JSON.parse(router.route('GET', url).body);
  const put = (v: unknown) => router.route('PUT', `/component/flecs/core/World?component=flecs.stats.WorldSummary&value=${encodeURIComponent(JSON.stringify(v))}`);
  return { world, app, router, get, put, Position, a, b };
}

const BUILD = {
  compiler: 'ecs-live (TypeScript)', addons: ['FLECS_REST', 'FLECS_STATS', 'FLECS_ALERTS', 'FLECS_META', 'FLECS_DOC', 'FLECS_PIPELINE', 'FLECS_SYSTEM', 'FLECS_QUERY_DSL'],
  flags: [], version: '4.1.6', version_major: 4, version_minor: 1, version_patch: 6, debug: false, sanitize: false, perf_trace: false,
};

describe('the heartbeat: WorldSummary and BuildInfo', () => {
  test('without the monitor: the app\'s rate, frames and time scale, the world\'s counts, zero timings', () => {
    const { world, app, get } = small();
    world.set(world.core.World, world.lookup('ecs.app.TimeControl'), { time_scale: 0.5 });
    const c = get('/entity/flecs/core/World?values=true').components;
    expect(c['flecs.stats.WorldSummary']).toEqual({
      target_fps: 30, time_scale: 0.5, fps: 0, frame_time_total: 0, system_time_total: 0, merge_time_total: 0,
      entity_count: world.entities.aliveCount, table_count: world.tables.size, frame_count: 2, command_count: 0,
      frame_time_frame: 0, system_time_frame: 0, merge_time_frame: 0, systems_ran_frame: 1, observers_ran_frame: 0, command_count_frame: 0,
      simulation_time: 0, build_info: BUILD,
    });
    expect(c['flecs.core.BuildInfo']).toEqual(BUILD);
    app.step(1 / 30);
    expect(get('/entity/flecs/core/World?values=true').components['flecs.stats.WorldSummary'].frame_count).toBe(3);
  });
  test('with the monitor: timings and simulated time from its WorldSummary, the measured rate from its samples', () => {
    const { world, app, get } = small({ monitor: true });
    for (let i = 0; i < 63; i++) app.step(1 / 30);
    const m = world.get<Record<string, number>>(world.core.World, world.lookup('ecs.monitor.WorldSummary'))!;
    const s = get('/entity/flecs/core/World?values=true').components['flecs.stats.WorldSummary'];
    expect(s.fps).toBeCloseTo(30, 6);
    expect(s.frame_count).toBe(65);
    expect(s.simulation_time).toBeCloseTo(65 / 30, 9);
    expect([s.frame_time_total, s.system_time_total, s.merge_time_total, s.frame_time_frame, s.system_time_frame, s.merge_time_frame, s.simulation_time]).toEqual(
      [m.frame_time_total, m.system_time_total, m.merge_time_total, m.frame_time_last, m.system_time_last, m.merge_time_last, m.simulation_time_total]);
    expect(s.frame_time_total).toBeGreaterThan(0);
  });
  test('a router given no app shows no target', () => {
    const { world } = small();
    const s = JSON.parse(createRouter(world, { compat: 'flecs-4' }).route('GET', '/entity/flecs/core/World?values=true').body).components['flecs.stats.WorldSummary'];
    expect([s.target_fps, s.frame_count]).toEqual([0, 0]);
  });
});

describe('PUT of WorldSummary', () => {
  test('what it refuses, word for word, changing nothing', () => {
    const { app, put } = small();
    const refusals: [unknown, string][] = [
      [[], 'value must be a JSON object such as {"target_fps":60}'],
      [null, 'value must be a JSON object such as {"target_fps":60}'],
      [5, 'value must be a JSON object such as {"target_fps":60}'],
      [{ fps: 3, target_fps: 20 }, "flecs.stats.WorldSummary takes target_fps and time_scale here; 'fps' are read-only"],
      [{ time_scale: 'x', target_fps: 20 }, 'time_scale must be a number, got "x"'],
      [{ target_fps: 0.5 }, 'target_fps must be a whole number from 1 to 1000, or 0 for the host\'s own rate, got 0.5'],
    ];
    for (const [value, why] of refusals) {
      const r = put(value);
      expect(r.status, JSON.stringify(value)).toBe(400);
      expect(JSON.parse(r.body).error).toBe(`cannot set flecs.stats.WorldSummary: ${why}`);
      expect(app.targetFps).toBe(30);
    }
  });
  test('target_fps from 1 to 1000 inclusive', () => {
    const { app, put } = small();
    for (const fps of [1, 1000]) {
      expect(put({ target_fps: fps }).status).toBe(200);
      expect(app.targetFps).toBe(fps);
    }
    expect(put({ target_fps: 1001 }).status).toBe(400);
    expect(app.targetFps).toBe(1000);
  });
  test('time_scale without time control, and target_fps without an app', () => {
    const bare = new World();
    const bareApp = runApp(bare, { target_fps: 30, manual: true, args: ['B'] });
    const put = (router: ReturnType<typeof createRouter>, v: unknown) => {
      const r = router.route('PUT', `/component/flecs/core/World?component=flecs.stats.WorldSummary&value=${encodeURIComponent(JSON.stringify(v))}`);
      return JSON.parse(r.body).error;
    };
    expect(put(createRouter(bare, { compat: 'flecs-4', app: bareApp }), { time_scale: 2 })).toBe(
      'cannot set flecs.stats.WorldSummary: time_scale cannot be set: the app runs without time control');
    expect(put(createRouter(bare, { compat: 'flecs-4' }), { target_fps: 20 })).toBe('cannot set flecs.stats.WorldSummary: target_fps cannot be set: no app runs this world');
  });
});

describe('WorldMemory', () => {
  test('moves by one row of Position when an entity joins a table with room', () => {
    const { world, Position, get } = small();
    const memory = () => get('/entity/flecs/stats/WorldMemory').components['flecs.stats.WorldMemory'];
    const before = memory();
    expect(before.entities).toEqual({ alive_count: world.entities.aliveCount, not_alive_count: 0 });
    expect(before.tables.count).toBe(world.tables.size);
    expect(before.tables.empty_count).toBe([...world.tables.values()].filter((t) => t.count === 0).length);
    const c = world.entity();
    world.set(c, Position, { x: 5, y: 6 });
    const after = memory();
    expect(after.entities.alive_count).toBe(before.entities.alive_count + 1);
    expect(after.components.instances).toBe(before.components.instances + 1);
    expect(after.components.bytes_table_components).toBe(before.components.bytes_table_components + 8);
    // The table [Position] is new: one more table, with one column, which is not empty.
    expect(after.tables.count).toBe(before.tables.count + 1);
    expect(after.tables.column_count).toBe(before.tables.column_count + 1);
    expect(after.tables.empty_count).toBe(before.tables.empty_count);
    expect(after.components.bytes_table_components_unused).toBe(before.components.bytes_table_components_unused + 8 * (world.tableOf(c).capacity - 1));
  });
});

describe('the internals pages', () => {
  test('/components: tables, entity count, size, storage and traits of a component and of a pair', () => {
    const { world, Position, b, get } = small();
    const tablesWith = (id: number) => [...world.tables.values()].filter((t) => t.type.includes(id)).map((t) => t.id);
    const comps = get('/components');
    expect(comps.find((c: any) => c.name === 'Position')).toEqual({
      name: 'Position', tables: tablesWith(Position), entity_count: 2, entity_size: 8,
      type: { size: 8, alignment: 4, ctor: false, dtor: false, copy: false, move: false, move_ctor: false, copy_ctor: false, on_add: false, on_set: false, on_remove: false, on_replace: false },
      memory: { component_index: { count: 1 }, storage: 16 }, traits: ['(OnDelete,Panic)'],
    });
    expect(comps.find((c: any) => c.name === '(Likes,A)')).toEqual({
      name: '(Likes,A)', tables: [world.tableOf(b).id], entity_count: 1, entity_size: 0,
      memory: { component_index: { count: 1 }, storage: 0 }, traits: ['Exclusive', 'Tag', '(OnDeleteTarget,Delete)'],
    });
  });
  test('/queries: a named query and a system, with their results (tables) and entities', () => {
    const { get } = small();
    const common = { batched: true, eval_mode: 'Plan', eval_time: 0, eval_count: 0, results: 2, count: 2, empty_tables: 0, expr: 'Position', plan_size: 1, plan: null, cache_plan: null, memory: { count: 1 } };
    expect(get('/queries')).toEqual([
      { name: 'Positioned', kind: 'Query', cache_kind: 'Auto', ...common },
      { name: 'Noop', kind: 'System', cache_kind: 'All', ...common },
    ]);
  });
  test('/tables: each table\'s count, capacity and the bytes of its columns, used and unused', () => {
    const { world, b, get } = small();
    const t = world.tableOf(b);
    expect(get('/tables').find((x: any) => x.id === t.id)).toEqual({
      id: t.id, type: ['Position', '(flecs.core.Identifier,flecs.core.Name)', '(Likes,A)'], count: 1, size: t.capacity,
      memory: { table: { count: 1 }, components: { instances: 1, bytes_table_components: 8, bytes_table_components_unused: 8 * (t.capacity - 1) } },
    });
  });
});
