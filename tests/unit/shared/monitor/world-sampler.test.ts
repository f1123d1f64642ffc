// The world statistics metric by metric: each operation done between two frames shows in the next
// frame's 1s sample as exactly that many of its counter, and nothing else moves; the walked ones
// (empty tables, ids in use by kind, queries, systems) move at the first frame of the next second;
// fps and delta time follow the frames' simulated time, paused frames included.
import { describe, expect, test } from 'vitest';
import { App } from '../../../../src/shared/app';
import { World } from '../../../../src/shared/ecs';
import { setHttpCountersSource, statsReply, SYSTEM_METRICS, WORLD_METRICS, type WorldStatsReply } from '../../../../src/shared/monitor';
import { monitorState } from '../../../../src/shared/monitor/monitor';
import { addSystem, faultsOf } from '../../../../src/shared/pipeline';

/** A monitored world with ten tagged entities, a component and an idle system, run by hand 1/60 s a frame. */
function monitored() {
  const world = new World();
  faultsOf(world).log = () => undefined;
  const Tag = world.tag('Tagged');
  const Mass = world.component('Mass', { kg: 'f64' });
  const es = Array.from({ length: 10 }, () => { const e = world.entity(); world.add(e, Tag); world.set(e, Mass, { kg: 1 }); return e; });
  // A system from the start: the ids every system carries are in use before any test adds one.
  addSystem(world, 'Idle', { run: () => undefined });
  const app = new App(world, { manual: true, enable_monitor: true });
  const step = (n = 1, dt = 1 / 60) => { for (let i = 0; i < n; i++) app.step(dt); };
  /** The newest 1s sample of every metric. */
  const newest = () => Object.fromEntries(Object.entries(statsReply(world, 'world', '1s') as WorldStatsReply).map(([k, v]) => [k, v.avg[59]!]));
  /** The metrics that changed between two samples, with the change (for gauges) or the value (for counters). */
  const moved = (before: Record<string, number>, after: Record<string, number>) => Object.fromEntries(
    WORLD_METRICS.filter((m) => !m.key.startsWith('performance.'))
      .map((m) => [m.key, m.kind === 'counter' ? after[m.key]! : after[m.key]! - before[m.key]!] as const)
      .filter(([, v]) => v !== 0));
  // Frame 61, the first of the second second: the walked statistics were just refreshed.
  step(61);
  return { world, app, step, Tag, Mass, es, newest, moved };
}

/** Runs `op` between two frames; returns what the next frame's sample shows moved. */
function after(m: ReturnType<typeof monitored>, op: () => void): Record<string, number> {
  m.step();
  const before = m.newest();
  op();
  m.step();
  return m.moved(before, m.newest());
}

describe('every metric says what it is', () => {
  test('each world and system metric has a brief of its own; counters are the ones that report changes', () => {
    for (const list of [WORLD_METRICS, SYSTEM_METRICS]) {
      for (const m of list) expect(m.brief.length, m.key).toBeGreaterThan(10);
      expect(new Set(list.map((m) => m.brief)).size).toBe(list.length);
    }
    const kind = (key: string) => WORLD_METRICS.find((m) => m.key === key)!.kind;
    expect([kind('entities.count'), kind('tables.count'), kind('commands.add_count'), kind('http.bytes_sent')]).toEqual(['gauge', 'gauge', 'counter', 'counter']);
  });

  test('a frame in which nothing happens moves nothing: every counter reads 0', () => {
    const m = monitored();
    expect(after(m, () => undefined)).toEqual({});
    const s = m.newest();
    for (const metric of WORLD_METRICS.filter((x) => x.kind === 'counter')) expect(s[metric.key], metric.key).toBe(0);
    expect(s['entities.count']).toBe(m.world.entities.aliveCount);
  });
});

describe('counters: what happened between two frames', () => {
  test('sets, removes and deletes of existing entities, each counted once', () => {
    const m = monitored();
    expect(after(m, () => { for (const e of m.es.slice(0, 4)) m.world.set(e, m.Mass, { kg: 2 }); })).toEqual({ 'commands.set_count': 4 });
    // Removing the tag moves both entities to a table made for them.
    expect(after(m, () => { for (const e of m.es.slice(0, 2)) m.world.remove(e, m.Tag); })).toEqual({ 'commands.remove_count': 2, 'tables.create_count': 1, 'tables.count': 1 });
    expect(after(m, () => { for (const e of m.es.slice(5, 8)) m.world.delete(e); })).toEqual({
      'commands.delete_count': 3, 'entities.count': -3, 'entities.not_alive_count': 3,
    });
  });

  test('observers: one added, and each call it gets', () => {
    const m = monitored();
    const Seen = m.world.tag('Seen');
    m.step();
    let calls = 0;
    expect(after(m, () => { m.world.observe(Seen, 'add', () => { calls++; }); })).toEqual({ 'queries.observer_count': 1 });
    const moved = after(m, () => { for (const e of m.es.slice(0, 5)) m.world.add(e, Seen); });
    expect(calls).toBe(5);
    expect(moved).toMatchObject({ 'frame.observers_ran': 5, 'commands.add_count': 5 });
  });

  test('a deferred set to an entity the same system deleted is discarded; both were queued', () => {
    const m = monitored();
    const victim = m.es[9]!;
    let armed = false;
    addSystem(m.world, 'Deleter', { run: (it) => { if (!armed) return; armed = false; it.world.delete(victim); it.world.set(victim, m.Mass, { kg: 5 }); } });
    m.step(2);
    const moved = after(m, () => { armed = true; });
    expect(moved).toMatchObject({ 'commands.discard_count': 1, 'commands.enqueued_count': 2, 'commands.delete_count': 1, 'frame.merge_count': 1 });
  });

  test('ids and tables made and deleted: a new tag is one id, a new pair three (with its wildcard records)', () => {
    const m = monitored();
    const Fresh = m.world.tag('Fresh'), Likes = m.world.tag('Likes'), bob = m.world.entity('Bob');
    m.step();
    expect(after(m, () => m.world.add(m.es[0]!, Fresh))).toMatchObject({ 'components.create_count': 1, 'tables.create_count': 1, 'tables.count': 1 });
    expect(after(m, () => m.world.add(m.es[1]!, m.world.pair(Likes, bob)))).toMatchObject({ 'components.create_count': 3 });
    // Deleting the tag deletes the one table that held it and its id.
    const moved = after(m, () => m.world.delete(Fresh));
    expect(moved).toMatchObject({ 'tables.delete_count': 1, 'tables.count': -1, 'commands.delete_count': 1 });
    expect(moved['components.delete_count']).toBeGreaterThanOrEqual(1);
  });

  test('a new component type counts at once; faults count in the frame they are reported', () => {
    const m = monitored();
    expect(after(m, () => m.world.component('Late', { v: 'f32' }))).toMatchObject({ 'components.type_count': 1 });
    expect(after(m, () => { faultsOf(m.world).report('watch', 'w', new Error('x')); faultsOf(m.world).report('mcp', 'm', new Error('y')); })).toEqual({ 'faults.count': 2 });
  });
});

describe('walked statistics move at the first frame of the next second', () => {
  /**
   * Runs `op` after the first frame of a second (when the walk was done); checks nothing walked
   * moved by the second's last frame; returns the walked changes at the next second's first frame.
   */
  function walkedAfter(m: ReturnType<typeof monitored>, op: () => void): Record<string, number> {
    const keys = ['components.tag_count', 'components.pair_count', 'components.component_count', 'tables.empty_count', 'queries.query_count', 'queries.system_count'];
    const before = m.newest();
    op();
    m.step(59);                                 // the rest of this second: not walked again
    const same = m.newest();
    for (const key of keys) expect(same[key], key).toBe(before[key]);
    m.step();                                   // the first frame of the next second
    const now = m.newest();
    return Object.fromEntries(keys.map((k) => [k, now[k]! - before[k]!] as const).filter(([, v]) => v !== 0));
  }

  test('tags, components and pairs in use (wildcard records left out), and empty tables', () => {
    const m = monitored();
    const Likes = m.world.tag('Likes'), bob = m.world.entity('Bob');
    m.step(60);                                 // to the first frame of the next second, Bob counted
    const moved = walkedAfter(m, () => {
      m.world.add(m.es[0]!, m.world.tag('Fresh'));
      m.world.add(m.es[1]!, m.world.pair(Likes, bob));
      m.world.set(m.es[2]!, m.world.component('Heat', { c: 'f32' }), { c: 1 });
    });
    // Fresh is a tag in use now; Likes is used only in the pair: the pair counts, its wildcard records do not.
    expect(moved).toEqual({ 'components.tag_count': 1, 'components.pair_count': 1, 'components.component_count': 1 });
    // A table left empty: the only entity of its type goes (its tag's record stays, with the empty table).
    const lone = m.world.entity();
    m.world.add(lone, m.world.tag('Lonely'));
    expect(walkedAfter(m, () => m.world.delete(lone))).toEqual({ 'tables.empty_count': 1, 'components.tag_count': 1 });
  });

  test('pairs that share a relation or a target count one each, whatever wildcard records they share', () => {
    const m = monitored();
    const Likes = m.world.tag('Likes'), Eats = m.world.tag('Eats');
    const apples = m.world.entity('Apples'), pears = m.world.entity('Pears');
    m.step(60);
    // (Likes, Apples) and (Likes, Pears) share (Likes, *); (Likes, Apples) and (Eats, Apples) share (*, Apples).
    const moved = walkedAfter(m, () => {
      m.world.add(m.es[0]!, m.world.pair(Likes, apples));
      m.world.add(m.es[0]!, m.world.pair(Likes, pears));
      m.world.add(m.es[1]!, m.world.pair(Eats, apples));
    });
    // (The table of (Likes, Apples) alone, passed through on the way to both pairs, is left empty.)
    expect(moved).toEqual({ 'components.pair_count': 3, 'tables.empty_count': 1 });
  });

  test('the first frame counts what exists at that frame, not at the monitor\'s import', () => {
    const world = new World();
    const app = new App(world, { manual: true, enable_monitor: true });
    addSystem(world, 'Added', { run: () => undefined });
    app.step(1 / 60);
    const first = (statsReply(world, 'world', '1s') as WorldStatsReply)['queries.system_count']!.avg[59];
    expect(first).toBe(1);
  });

  test('queries and systems: a system with a query counts as both', () => {
    const m = monitored();
    const moved = walkedAfter(m, () => {
      addSystem(m.world, 'Heater', { query: 'Mass', run: () => undefined });
      addSystem(m.world, 'Plain', { run: () => undefined });
    });
    // The first query in use also brings its id (ecs.core.Query) into use.
    expect(moved).toMatchObject({ 'queries.query_count': 1, 'queries.system_count': 2 });
    expect(walkedAfter(m, () => addSystem(m.world, 'Cooler', { query: 'Mass', run: () => undefined }))).toEqual({ 'queries.query_count': 1, 'queries.system_count': 1 });
  });
});

describe('fps and delta time', () => {
  test('fps is measured over the last 30 frames: after a change of rate it reads the new rate at the 30th frame', () => {
    const m = monitored();
    m.step(30, 1 / 30);
    expect(m.newest()['performance.fps']).toBe(30);
    m.step(15, 1 / 60);
    // 30 frames in 15/30 + 15/60 s.
    expect(m.newest()['performance.fps']).toBeCloseTo(30 / 0.75, 6);
    m.step(14, 1 / 60);
    expect(m.newest()['performance.fps']).toBeCloseTo(30 / (1 / 30 + 29 / 60), 6);
    m.step(1, 1 / 60);
    expect(m.newest()['performance.fps']).toBe(60);
  });

  test('a paused frame (no simulated time) reads fps 0 and delta time 0, and leaves the rate of the frames around it', () => {
    const m = monitored();
    m.step(30, 1 / 60);
    m.step(1, 0);
    expect([m.newest()['performance.fps'], m.newest()['performance.delta_time']]).toEqual([0, 0]);
    m.step(1, 1 / 60);
    expect(m.newest()['performance.fps']).toBe(60);
    expect(m.newest()['performance.delta_time']).toBe(0.016666667);
  });
});

describe('the HTTP counters', () => {
  test('a counter the source leaves out, or gives as a non-number or a non-finite one, reads 0; the others count', () => {
    const m = monitored();
    const counters: Record<string, unknown> = { request_received_count: 10, request_invalid_count: 'x', send_ok_count: Number.NaN, busy_count: Infinity };
    setHttpCountersSource(m.world, () => counters as Record<string, number>);
    const moved = after(m, () => { counters.request_received_count = 14; counters.busy_count = -Infinity; counters.send_error_count = 3; });
    expect(moved).toEqual({ 'http.request_received_count': 4, 'http.send_error_count': 3 });
  });

  test('a source taken away (the sampler cleared) reads 0 from then on, without a drop for what it had counted', () => {
    const m = monitored();
    let total = 100;
    setHttpCountersSource(m.world, () => ({ bytes_sent: total }));
    expect(after(m, () => { total = 150; })).toEqual({ 'http.bytes_sent': 50 });
    expect(after(m, () => monitorState(m.world)!.sampler.setHttpSource(undefined))).toEqual({});
    expect(after(m, () => { total = 500; })).toEqual({});
  });
});
