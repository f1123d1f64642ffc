// The monitor through the app runner, with a fake clock: systems do "known work" by advancing the
// clock, so frame, system and merge times are exact, and every count is known in advance.
import { beforeEach, describe, expect, test, vi } from 'vitest';

const clock = vi.hoisted(() => ({ ms: 1000 }));
vi.mock('../../../../src/shared/clock', () => ({
  now: () => clock.ms,
  setTimer: () => 0,
  cancelTimer: () => undefined,
}));

import { App } from '../../../../src/shared/app';
import { addSystem } from '../../../../src/shared/pipeline';
import { World } from '../../../../src/shared/ecs';
import {
  STATS_CATEGORIES, STATS_PERIODS, WORLD_METRICS, isStatsCategory, isStatsPeriod, hasMonitor, importMonitor, monitorFootprint, setHttpCountersSource, statsReply,
  type StatsPeriod, type StatsSample, type SyncPointEntry, type SystemStatsEntry, type WorldStatsReply,
} from '../../../../src/shared/monitor';
import { spawnerOn, type SpawnerOptions } from '../../../support/monitor-spawner';

beforeEach(() => { clock.ms = 1000; });

const world1s = (w: World, period: StatsPeriod = '1s') => statsReply(w, 'world', period) as WorldStatsReply;
const entries = (w: World, period: StatsPeriod = '1s') => statsReply(w, 'pipeline', period) as (SystemStatsEntry | SyncPointEntry)[];
const pipeline = (w: World, period: StatsPeriod = '1s') => entries(w, period).filter((e): e is SystemStatsEntry => 'name' in e);
const newest = (s: StatsSample) => [s.avg[59], s.min[59], s.max[59]];
const tail = (a: readonly (number | null)[], n: number) => a.slice(60 - n);

const spawner = (opts: SpawnerOptions) => spawnerOn(clock, opts);

describe('without the monitor', () => {
  test('nothing is sampled and there is no /stats value (REST answers 404)', () => {
    const world = new World();
    const app = new App(world, { manual: true, enable_rest: true });
    addSystem(world, 'Move', { run: () => undefined });
    for (let i = 0; i < 120; i++) app.step(1 / 60);
    expect(hasMonitor(world)).toBe(false);
    expect(monitorFootprint(world)).toBe(0);
    expect(world.lookup('ecs.monitor')).toBe(0);
    expect(world.typeOf(world.core.World).map((id) => world.idText(id))).toEqual(['ecs.rest.Rest', '(ecs.doc.Description, ecs.doc.Brief)', '(ecs.core.Identifier, ecs.core.Name)', '(ecs.core.ChildOf, ecs.core)']);
    for (const category of STATS_CATEGORIES) expect(statsReply(world, category, '1s')).toBeUndefined();
  });

  test('frames and systems are not timed (the clock is not read), until the monitor attaches', () => {
    const { world, app } = spawner({ spawn: () => 0, work: () => 5 });
    const timed = new App(new World(), { manual: true });
    addSystem(timed.world, 'Work', { run: () => { clock.ms += 5; } });
    timed.step(1 / 60);
    const untimed = timed.pipeline.list()[0]!.stats;
    expect(timed.pipeline.measureTime).toBe(false);
    expect([untimed.timeSpent, untimed.timeTotal, timed.pipeline.last.systemTime, timed.pipeline.last.frameTime]).toEqual([0, 0, 0, 0]);
    app.step(1 / 60);
    expect(app.pipeline.measureTime).toBe(true);
    expect(app.pipeline.list().find((s) => s.entity === world.lookup('Spawner'))!.stats.timeSpent).toBeCloseTo(0.005, 9);
    expect(app.pipeline.last.frameTime).toBeGreaterThanOrEqual(0.005);
  });
});

describe('world statistics, frame by frame', () => {
  test('gauges show levels, counters show what happened in each frame, times are the frame\'s', () => {
    const spawn = (i: number) => (i % 3) + 1, work = (i: number) => (i % 4) + 1;
    const { world, app } = spawner({ spawn, work });
    const before = world.entities.aliveCount, tables = world.tables.size;
    for (let i = 0; i < 60; i++) app.step(1 / 60);
    const s = world1s(world);
    const frames = Array.from({ length: 60 }, (_, j) => j + 1);
    let alive = before;
    expect(s['entities.count']!.avg).toEqual(frames.map((i) => (alive += spawn(i))));
    expect(s['commands.add_count']!.avg).toEqual(frames.map(spawn));
    expect(s['commands.enqueued_count']!.avg).toEqual(frames.map(spawn));
    expect(s['frame.merge_count']!.avg).toEqual(frames.map(() => 1));
    expect(s['frame.systems_ran']!.avg).toEqual(frames.map(() => 1));
    expect(s['performance.system_time']!.avg).toEqual(frames.map((i) => work(i) / 1000));
    expect(s['performance.frame_time']!.avg).toEqual(frames.map((i) => work(i) / 1000));
    expect(s['performance.merge_time']!.avg).toEqual(frames.map(() => 0));
    expect(s['performance.fps']!.avg).toEqual(frames.map(() => 60));
    // The first frame made the table of tagged entities; no frame after it did.
    expect(s['tables.create_count']!.avg).toEqual(frames.map((i) => (i === 1 ? 1 : 0)));
    expect(s['tables.count']!.avg).toEqual(frames.map(() => tables + 1));
    // 1s samples have one value: avg, min and max are equal.
    for (const key of Object.keys(s)) expect(s[key]!.min).toEqual(s[key]!.avg);
  });

  test('the reply has every metric in order, 60 samples each, with a brief', () => {
    const { world, app } = spawner({ spawn: () => 0, work: () => 0 });
    app.step(1 / 60);
    for (const period of STATS_PERIODS) {
      const s = world1s(world, period);
      expect(Object.keys(s)).toEqual(WORLD_METRICS.map((m) => m.key));
      for (const m of WORLD_METRICS) {
        expect(s[m.key]!.brief).toBe(m.brief);
        for (const part of [s[m.key]!.avg, s[m.key]!.min, s[m.key]!.max]) expect(part).toHaveLength(60);
      }
    }
    expect(JSON.parse(JSON.stringify(world1s(world)))).toEqual(world1s(world));
  });

  test('a 1m sample aggregates the second\'s 60 frames', () => {
    const spawn = (i: number) => (i % 3) + 1, work = (i: number) => (i % 4) + 1;
    const { world, app } = spawner({ spawn, work });
    const before = world.entities.aliveCount;
    for (let i = 0; i < 120; i++) app.step(1 / 60);
    const m = world1s(world, '1m');
    // Second 2 (frames 61-120): 2 adds per frame on average (1, 2 or 3), 2.5 ms of work.
    expect(newest(m['commands.add_count']!)).toEqual([2, 1, 3]);
    expect(newest(m['performance.system_time']!)).toEqual([0.0025, 0.001, 0.004]);
    expect(newest(m['performance.fps']!)).toEqual([60, 60, 60]);
    // The count grew by 2 per frame: it was before+120 after frame 60 and before+240 after frame 120.
    expect(m['entities.count']!.min[59]).toBe(before + 120 + spawn(61));
    expect(m['entities.count']!.max[59]).toBe(before + 240);
    expect(tail(m['commands.add_count']!.avg, 3)).toEqual([0, 2, 2]);
  });

  test('walked statistics (empty tables, ids in use, queries, systems) are refreshed once per second', () => {
    const { world, app } = spawner({ spawn: () => 0, work: () => 0 });
    app.step(1 / 60);
    const systemsBefore = world1s(world)['queries.system_count']!.avg[59]!;
    const componentsBefore = world1s(world)['components.component_count']!.avg[59]!;
    addSystem(world, 'Another', { run: () => undefined });
    const C = world.component('Extra', { v: 'f32' });
    world.set(world.entity(), C, { v: 1 });
    app.step(1 / 60);
    expect(world1s(world)['queries.system_count']!.avg[59]).toBe(systemsBefore);
    for (let i = 0; i < 58; i++) app.step(1 / 60);   // frame 60 ends the first second
    expect(world1s(world)['queries.system_count']!.avg[59]).toBe(systemsBefore);
    app.step(1 / 60); // frame 61, the first of the next second
    expect(world1s(world)['queries.system_count']!.avg[59]).toBe(systemsBefore + 1);
    expect(world1s(world)['components.component_count']!.avg[59]).toBe(componentsBefore + 1);
  });

  test('HTTP counters from the host are reported per frame, counting from when they were given', () => {
    const { world, app } = spawner({ spawn: () => 0, work: () => 0 });
    const counters: Record<string, number> = { request_received_count: 100, request_handled_ok_count: 90, bytes_sent: 5000 };
    setHttpCountersSource(world, () => counters);
    app.step(1 / 60);
    counters.request_received_count! += 3; counters.request_handled_ok_count! += 2; counters.bytes_sent! += 1234;
    app.step(1 / 60);
    app.step(1 / 60);
    const s = world1s(world);
    expect(tail(s['http.request_received_count']!.avg, 3)).toEqual([0, 3, 0]);
    expect(tail(s['http.request_handled_ok_count']!.avg, 3)).toEqual([0, 2, 0]);
    expect(tail(s['http.bytes_sent']!.avg, 3)).toEqual([0, 1234, 0]);
    expect(tail(s['http.busy_count']!.avg, 3)).toEqual([0, 0, 0]);
  });

  test('the HTTP counters source may be given before the monitor is imported', () => {
    const world = new World();
    const app = new App(world, { manual: true });
    const counters = { request_preflight_count: 7 };
    setHttpCountersSource(world, () => counters);
    importMonitor(world, app);
    counters.request_preflight_count = 9;
    app.step(1 / 60);
    expect(world1s(world)['http.request_preflight_count']!.avg[59]).toBe(2);
  });
});

describe('pipeline statistics', () => {
  test('one entry per system in pipeline order: time spent and matched entities and tables, per frame', () => {
    const world = new World();
    const P = world.component('P', { x: 'f32' }), V = world.component('V', { x: 'f32' }), A = world.tag('A');
    for (let i = 0; i < 5; i++) { const e = world.entity(); world.set(e, P, { x: 1 }); world.set(e, V, { x: 1 }); }
    for (let i = 0; i < 3; i++) { const e = world.entity(); world.set(e, P, { x: 1 }); world.set(e, V, { x: 1 }); world.add(e, A); }
    const scope = world.entity('Game');
    // Added in reverse phase order: the reply follows the run order, not the order of creation.
    addSystem(world, 'Draw', { phase: 'OnStore', query: 'P', parent: scope, run: () => { clock.ms += 1; } });
    addSystem(world, 'Move', { phase: 'OnUpdate', query: 'P, V', run: () => { clock.ms += 2; } });
    addSystem(world, 'Tick', { phase: 'OnLoad', run: () => { clock.ms += 3; } });
    const app = new App(world, { manual: true, enable_monitor: true });
    for (let i = 0; i < 60; i++) app.step(1 / 60);
    const p = pipeline(world);
    expect(p.map((e) => e.name)).toEqual(['Tick', 'Move', 'Game.Draw']);
    const [tick, move, draw] = p as [SystemStatsEntry, SystemStatsEntry, SystemStatsEntry];
    expect(new Set(tick.time_spent.avg)).toEqual(new Set([0.003]));
    expect(new Set(tick.matched_entity_count.avg)).toEqual(new Set([0]));
    // Move runs once per matched table (2 tables), 2 ms each.
    expect(new Set(move.time_spent.avg)).toEqual(new Set([0.004]));
    expect(new Set(move.matched_entity_count.avg)).toEqual(new Set([8]));
    expect(new Set(move.matched_table_count.avg)).toEqual(new Set([2]));
    expect(new Set(draw.matched_entity_count.avg)).toEqual(new Set([8]));
    expect(newest(pipeline(world, '1m')[1]!.time_spent)).toEqual([0.004, 0.004, 0.004]);
    expect(move.time_spent.brief).toMatch(/seconds/);
  });

  test('a sync point follows each system, with the commands it queued and the time their merge took', () => {
    const world = new World();
    const Tag = world.tag('T');
    addSystem(world, 'Spawn', { run: (it) => { for (let i = 0; i < 3; i++) it.world.add(it.world.entity(), Tag); } });
    addSystem(world, 'Idle', { phase: 'OnStore', run: () => { clock.ms += 1; } });
    const app = new App(world, { manual: true, enable_monitor: true });
    for (let i = 0; i < 5; i++) app.step(1 / 60);
    const all = entries(world);
    expect(all.map((e) => ('name' in e ? e.name : `sync(${e.system_count})`))).toEqual(['Spawn', 'sync(1)', 'Idle', 'sync(1)']);
    const [, spawnSync, , idleSync] = all as [SystemStatsEntry, SyncPointEntry, SystemStatsEntry, SyncPointEntry];
    // Adding the tag to each new entity is queued while the system runs, and merged after it.
    expect(tail(spawnSync.commands_enqueued.avg, 5)).toEqual([3, 3, 3, 3, 3]);
    expect(tail(idleSync.commands_enqueued.avg, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(spawnSync).toMatchObject({ multi_threaded: false, no_readonly: false });
    expect(spawnSync.time_spent.avg).toHaveLength(60);
    expect(spawnSync.time_spent.brief).toMatch(/merging/);
  });

  test('a disabled system reports zeros; a deleted one leaves the reply', () => {
    const world = new World();
    const a = addSystem(world, 'A', { run: () => { clock.ms += 1; } });
    const b = addSystem(world, 'B', { run: () => { clock.ms += 1; } });
    const app = new App(world, { manual: true, enable_monitor: true });
    app.step(1 / 60);
    world.disable(a);
    app.step(1 / 60);
    expect(tail(pipeline(world)[0]!.time_spent.avg, 2)).toEqual([0.001, 0]);
    world.delete(b);
    app.step(1 / 60);
    expect(pipeline(world).map((e) => e.name)).toEqual(['A']);
    expect(tail(world1s(world)['frame.pipeline_build_count']!.avg, 3)).toEqual([0, 0, 1]);
  });
});

describe('the /stats reply errors', () => {
  test('the accepted categories and periods, exactly (REST words its own 400s with them)', () => {
    expect(STATS_PERIODS.filter(isStatsPeriod)).toEqual(['1s', '1m', '1h', '1d', '1w']);
    expect(['1S', '2s', '', 'world'].some(isStatsPeriod)).toBe(false);
    expect(['world', 'pipeline', 'World', 'foo'].map(isStatsCategory)).toEqual([true, true, false, false]);
  });
});

describe('the World entity', () => {
  test('carries WorldSummary (timings with units) and the (WorldStats|PipelineStats, Period…) pairs', () => {
    const { world, app } = spawner({ spawn: () => 0, work: (i) => i });
    app.targetFps = 30;
    for (let i = 0; i < 3; i++) app.step(0.5);
    const W = world.core.World;
    const summary = world.lookup('ecs.monitor.WorldSummary');
    expect(world.get(W, summary)).toEqual({
      target_fps: 30, frame_time_total: 0.006, system_time_total: 0.006, merge_time_total: 0,
      frame_time_last: 0.003, system_time_last: 0.003, merge_time_last: 0, simulation_time_total: 1.5,
    });
    const units = Object.fromEntries(world.componentInfo(summary)!.schema!.leaves.map((l) => [l.key, l.unit]));
    expect(units.target_fps).toBe('ecs.units.Frequency.Hertz');
    expect(units.frame_time_last).toBe('ecs.units.Duration.Seconds');
    const ids = world.typeOf(W).map((id) => world.idText(id));
    for (const stats of ['WorldStats', 'PipelineStats']) {
      for (const p of STATS_PERIODS) expect(ids).toContain(`(ecs.monitor.${stats}, ecs.monitor.Period${p})`);
    }
    // Writing the summary is not a command: a frame without work has no set.
    expect(world1s(world)['commands.set_count']!.avg[59]).toBe(0);
  });

  test('importing twice changes nothing; the module is built in', () => {
    const { world, app } = spawner({ spawn: () => 0, work: () => 0 });
    const type = world.typeOf(world.core.World);
    importMonitor(world, app);
    importMonitor(world);
    expect(world.typeOf(world.core.World)).toEqual(type);
    app.step(1 / 60);
    expect(world1s(world)['frame.systems_ran']!.avg[59]).toBe(1);
    const summary = world.lookup('ecs.monitor.WorldSummary');
    expect(world.builtin.has(summary >>> 0)).toBe(true);
  });
});
