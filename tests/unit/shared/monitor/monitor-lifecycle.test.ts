// The monitor over a world's life: the app it samples (one at a time), the memory its windows
// hold as systems come and go, each system's history kept while others are added or deleted, and
// the World's WorldSummary kept up to date wherever the World's row moves.
import { describe, expect, test } from 'vitest';
import { App } from '../../../../src/shared/app';
import { World } from '../../../../src/shared/ecs';
import { importMetrics, importMonitor, monitorFootprint, SAMPLES, statsReply, SYSTEM_METRICS, WORLD_METRICS, type SystemStatsEntry, type WorldStatsReply } from '../../../../src/shared/monitor';
import { addSystem, faultsOf } from '../../../../src/shared/pipeline';

const systems = (w: World) => (statsReply(w, 'pipeline', '1s') as (SystemStatsEntry | object)[]).filter((e): e is SystemStatsEntry => 'name' in e);
const world1s = (w: World) => statsReply(w, 'world', '1s') as WorldStatsReply;
/** Bytes of one metric's samples: 60 in the 1s window, avg, min and max of 60 in each of the four coarser ones. */
const METRIC_BYTES = 8 * (SAMPLES + 4 * 3 * SAMPLES);

describe('the app the monitor samples', () => {
  test('attaching another app samples its frames and no longer the first one\'s', () => {
    const world = new World();
    const first = new App(world, { manual: true });
    importMonitor(world, first);
    for (let i = 0; i < 3; i++) first.step(1 / 60);
    const second = new App(world, { manual: true, target_fps: 30 });
    importMonitor(world, second);
    importMonitor(world, second);
    for (let i = 0; i < 5; i++) first.step(1 / 60);
    expect(world1s(world)['performance.delta_time']!.avg.slice(-8)).toEqual([0, 0, 0, 0, 0, 1 / 60, 1 / 60, 1 / 60].map((v) => Number(v.toFixed(9))));
    for (let i = 0; i < 4; i++) second.step(0.25);
    // One sample per frame of the second app (attached twice, hooked once).
    expect(world1s(world)['performance.delta_time']!.avg.slice(-5)).toEqual([1 / 60, 0.25, 0.25, 0.25, 0.25].map((v) => Number(v.toFixed(9))));
    // Its fourth quarter second ended the first sampled second (3/60 + 1 s): one 1m sample of the
    // seven sampled frames, without the first app's five after the second was attached.
    const minute = (statsReply(world, 'world', '1m') as WorldStatsReply)['performance.delta_time']!;
    expect(minute.avg.slice(-2)).toEqual([0, Number(((3 / 60 + 1) / 7).toFixed(9))]);
    expect(minute.max[59]).toBe(0.25);
    expect(world.get(world.core.World, world.lookup('ecs.monitor.WorldSummary'))).toMatchObject({ target_fps: 30 });
  });
});

describe('memory', () => {
  test('fixed while frames run; one system\'s windows more per system, given back when it is deleted', () => {
    const world = new World();
    const app = new App(world, { manual: true, enable_monitor: true });
    const base = monitorFootprint(world);
    expect(base).toBeGreaterThanOrEqual(WORLD_METRICS.length * METRIC_BYTES);
    for (let i = 0; i < 200; i++) app.step(0.5);
    expect(monitorFootprint(world)).toBe(base);
    const a = addSystem(world, 'A', { run: () => undefined });
    app.step(1 / 60);
    const one = monitorFootprint(world) - base;
    expect(one).toBeGreaterThanOrEqual(SYSTEM_METRICS.length * METRIC_BYTES);
    addSystem(world, 'B', { run: () => undefined });
    app.step(1 / 60);
    expect(monitorFootprint(world) - base).toBe(2 * one);
    for (let i = 0; i < 200; i++) app.step(0.5);
    expect(monitorFootprint(world) - base).toBe(2 * one);
    world.delete(a);
    app.step(1 / 60);
    expect(monitorFootprint(world) - base).toBe(one);
  });
});

describe('each system\'s series', () => {
  test('a system keeps its history when another is added before it; the new one starts with zeros', () => {
    const world = new World();
    const Mass = world.component('Mass', { kg: 'f64' });
    for (let i = 0; i < 4; i++) world.set(world.entity(), Mass, { kg: 1 });
    addSystem(world, 'Late', { phase: 'OnStore', query: 'Mass', run: () => undefined });
    const app = new App(world, { manual: true, enable_monitor: true });
    for (let i = 0; i < 3; i++) app.step(1 / 60);
    addSystem(world, 'Early', { phase: 'OnLoad', run: () => undefined });
    for (let i = 0; i < 2; i++) app.step(1 / 60);
    const [early, late] = systems(world);
    expect([early!.name, late!.name]).toEqual(['Early', 'Late']);
    expect(late!.matched_entity_count.avg.slice(-6)).toEqual([0, 4, 4, 4, 4, 4]);
    expect(early!.matched_entity_count.avg.slice(-3)).toEqual([0, 0, 0]);
    expect(early!.matched_table_count.avg.every((v) => v === 0)).toBe(true);
    expect(late!.matched_table_count.avg.slice(-5)).toEqual([1, 1, 1, 1, 1]);
  });

  test('a system deleted between frames leaves the reply at once', () => {
    const world = new World();
    const gone = addSystem(world, 'Gone', { run: () => undefined });
    addSystem(world, 'Stays', { run: () => undefined });
    const app = new App(world, { manual: true, enable_monitor: true });
    app.step(1 / 60);
    world.delete(gone);
    expect(systems(world).map((s) => s.name)).toEqual(['Stays']);
    expect((statsReply(world, 'pipeline', '1s') as object[])).toHaveLength(2);
  });
});

describe('the World\'s WorldSummary', () => {
  test('follows the World to another table, is marked written every frame, and is left alone once removed', () => {
    const world = new World();
    const app = new App(world, { manual: true, enable_monitor: true });
    const W = world.core.World, Summary = world.lookup('ecs.monitor.WorldSummary');
    const summary = () => world.get(W, Summary) as { simulation_time_total: number; target_fps: number };
    app.step(0.5);
    const clock = world.writtenAt(Summary);
    app.step(0.5);
    expect(world.writtenAt(Summary)).toBeGreaterThan(clock);
    expect(summary().simulation_time_total).toBe(1);
    // The World moves to another table (a tag added): the summary is written to its new row.
    world.add(W, world.tag('Marked'));
    app.step(0.5);
    expect(summary().simulation_time_total).toBe(1.5);
    // Removed: the frames go on and are sampled, and nothing failed.
    world.remove(W, Summary);
    app.step(0.25);
    app.step(0.125);
    expect(world.has(W, Summary)).toBe(false);
    expect(world1s(world)['performance.delta_time']!.avg.slice(-2)).toEqual([0.25, 0.125]);
    expect(faultsOf(world).count).toBe(0);
  });
});

describe('the modules\' entities', () => {
  test('every entity of ecs.monitor has a brief (the explorer shows it)', () => {
    const world = new World();
    importMonitor(world);
    const all = (e: number): number[] => [e, ...world.childrenOf(e).flatMap(all)];
    const entities = all(world.lookup('ecs.monitor'));
    expect(entities.length).toBeGreaterThanOrEqual(9);
    for (const e of entities) expect(world.doc(e, 'brief') ?? '', world.pathOf(e)).toMatch(/^[A-Z].{10,}/);
    expect(world.doc(world.lookup('ecs.monitor.Period1h'), 'brief')).toBe('Statistics window of 1h, 60 samples');
  });

  test('importing ecs.metrics again gives the same ids and makes nothing new', () => {
    const world = new World();
    const ids = importMetrics(world);
    const alive = world.entities.aliveCount;
    expect(importMetrics(world)).toBe(ids);
    expect(world.entities.aliveCount).toBe(alive);
  });

  test('ecs.metrics takes no low id: an app\'s components get the ids they get without it', () => {
    const plain = new World(), metered = new World();
    importMetrics(metered);
    expect(metered.component('Position', { x: 'f32' })).toBe(plain.component('Position', { x: 'f32' }));
    expect(metered.lookup('ecs.metrics.Source')).toBeGreaterThanOrEqual(256);
  });
});

describe('the World\'s summary on the real clock', () => {
  test('its totals are the sums of the frames\' times the 1s window shows, its last values the newest ones', () => {
    const world = new World();
    const Tag = world.tag('Spawned');
    addSystem(world, 'Spawner', { run: (it) => { for (let i = 0; i < 50; i++) it.world.add(it.world.entity(), Tag); } });
    const app = new App(world, { manual: true, enable_monitor: true });
    for (let i = 0; i < 40; i++) app.step(1 / 60);
    const s = world1s(world);
    const summary = world.get(world.core.World, world.lookup('ecs.monitor.WorldSummary')) as Record<string, number>;
    for (const [total, last, key] of [['frame_time_total', 'frame_time_last', 'performance.frame_time'], ['system_time_total', 'system_time_last', 'performance.system_time'],
      ['merge_time_total', 'merge_time_last', 'performance.merge_time']] as const) {
      // The reply's type admits null samples (for the reference's gaps); these windows are full.
      const samples = s[key]!.avg.slice(-40).map(Number);
      expect(samples.every((v) => v > 0), key).toBe(true);
      expect(summary[total], total).toBeCloseTo(samples.reduce((a, b) => a + b, 0), 6);
      expect(summary[last], last).toBeCloseTo(samples[39]!, 8);
    }
    expect(summary.simulation_time_total).toBeCloseTo(40 / 60, 9);
    expect(summary.target_fps).toBe(60);
  });
});
