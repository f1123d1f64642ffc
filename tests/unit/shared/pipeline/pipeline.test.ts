import { beforeEach, describe, expect, test, vi } from 'vitest';

// A fake clock: systems do "known work" by advancing it, so the times the pipeline measures are exact.
const clock = vi.hoisted(() => ({ ms: 1000 }));
vi.mock('../../../../src/shared/clock', () => ({ now: () => clock.ms, setTimer: () => 0, cancelTimer: () => undefined }));
beforeEach(() => { clock.ms = 1000; });
import { App } from '../../../../src/shared/app';
import { CachedQuery, addSystem, pipelineOf, type SystemStats } from '../../../../src/shared/pipeline';
import { PHASE_NAMES, World } from '../../../../src/shared/ecs';
import { compileQuery } from '../../../../src/shared/query';

function world() {
  const w = new World();
  const Position = w.component('Position', { x: 'f32', y: 'f32' });
  const Velocity = w.component('Velocity', { x: 'f32', y: 'f32' });
  return { w, Position, Velocity };
}

describe('systems and the pipeline', () => {
  test('systems run in phase order, then creation order, each frame', () => {
    const { w } = world();
    const log: string[] = [];
    for (const phase of [...PHASE_NAMES].reverse()) addSystem(w, `S${phase}`, { phase, run: () => { log.push(phase); } });
    addSystem(w, 'SecondOnUpdate', { phase: 'OnUpdate', run: () => { log.push('OnUpdate2'); } });
    pipelineOf(w).progress(0.016);
    expect(log).toEqual(['OnLoad', 'PostLoad', 'PreUpdate', 'OnUpdate', 'OnUpdate2', 'OnValidate', 'PostUpdate', 'PreStore', 'OnStore']);
  });

  test('a system is a named entity with its phase; disabling it stops it', () => {
    const { w, Position, Velocity } = world();
    const e = w.entity();
    w.set(e, Position, { x: 0, y: 0 });
    w.set(e, Velocity, { x: 10, y: 0 });
    const move = addSystem(w, 'Move', {
      query: 'Position, Velocity',
      run(it) { const p = it.field(0)!, v = it.field(1)!; for (let j = 0; j < it.count; j++) (p.x as Float32Array)[j] += (v.x as Float32Array)[j]! * it.deltaTime; },
    });
    expect(w.pathOf(move)).toBe('Move');
    expect(w.has(move, w.core.System)).toBe(true);
    expect(w.has(move, w.pair(w.core.DependsOn, w.core.OnUpdate))).toBe(true);
    const p = pipelineOf(w);
    p.progress(0.5);
    expect(w.get(e, Position)).toEqual({ x: 5, y: 0 });
    w.disable(move);
    p.progress(0.5);
    expect(w.get(e, Position)).toEqual({ x: 5, y: 0 });
    w.enable(move);
    p.progress(0.5);
    expect(w.get(e, Position)).toEqual({ x: 10, y: 0 });
  });

  test('per-system statistics: matched entities and tables, time spent', () => {
    const { w, Position, Velocity } = world();
    const Tag = w.tag('Tag');
    for (let i = 0; i < 5; i++) { const e = w.entity(); w.set(e, Position, {}); w.set(e, Velocity, {}); if (i < 2) w.add(e, Tag); }
    addSystem(w, 'Move', { query: 'Position, Velocity', run() { clock.ms += 3; } });
    const p = pipelineOf(w);
    p.progress(0);
    const stats = p.list()[0]!.stats;
    expect(stats.matchedEntities).toBe(5);
    expect(stats.matchedTables).toBe(2);
    // Times are read only when asked for (the monitor asks): 0 without; with, the system's work:
    // 3 ms per call, called once per matched table (2).
    expect(stats.timeSpent).toBe(0);
    p.measureTime = true;
    p.progress(0);
    expect(stats.timeSpent).toBeCloseTo(0.006, 12);
    expect(p.last.systemTime).toBeCloseTo(0.006, 12);
    expect(p.last.frameTime).toBeCloseTo(0.006, 12);
    expect(stats.timeTotal).toBeCloseTo(0.006, 12);
    expect(p.last.systemsRan).toBe(1);
  });

  test('merge time: the commands a system queued, and the time applying them took, only when times are measured', () => {
    const { w, Position, Velocity } = world();
    for (let i = 0; i < 3; i++) w.set(w.entity(), Position, { x: i });
    // Applying each queued add takes 2 ms (an observer of the add does known work).
    w.observe(Velocity, 'add', () => { clock.ms += 2; });
    addSystem(w, 'AddVelocity', { query: 'Position, !Velocity', run(it) { clock.ms += 1; for (let j = 0; j < it.count; j++) w.add(it.entity(j), Velocity); } });
    addSystem(w, 'Quiet', { run() { clock.ms += 5; } });
    const p = pipelineOf(w);
    const [adder, quiet] = p.list().map((s) => s.stats) as [SystemStats, SystemStats];
    p.progress(0);
    expect([adder.commandsEnqueued, adder.mergeTime, p.last.mergeTime]).toEqual([3, 0, 0]);
    for (let i = 0; i < 2; i++) w.set(w.entity(), Position, { x: i });
    p.measureTime = true;
    p.progress(0);
    expect(adder.commandsEnqueued).toBe(2);
    expect(adder.mergeTime).toBeCloseTo(0.004, 12);
    expect(adder.timeSpent).toBeCloseTo(0.001, 12);
    expect(quiet.commandsEnqueued).toBe(0);
    expect(quiet.mergeTime).toBe(0);
    expect(quiet.timeSpent).toBeCloseTo(0.005, 12);
    expect(p.last.mergeTime).toBeCloseTo(0.004, 12);
    expect(p.last.systemTime).toBeCloseTo(0.006, 12);
    expect(p.last.frameTime).toBeCloseTo(0.010, 12);
  });

  test('structural changes made by a system are applied after it, in order', () => {
    const { w, Position, Velocity } = world();
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) w.set(w.entity(), Position, { x: i });
    addSystem(w, 'AddVelocity', { query: 'Position', run(it) { for (let j = 0; j < it.count; j++) w.add(it.entity(j), Velocity); seen.push(it.count); } });
    addSystem(w, 'CountMoving', { query: 'Position, Velocity', run(it) { seen.push(-it.count); } });
    pipelineOf(w).progress(0);
    // The first system saw all three without Velocity; its adds were applied before the second ran.
    expect(seen).toEqual([3, -3]);
  });

  test('cached queries follow new tables and changes of inherited components', () => {
    const { w, Position, Velocity } = world();
    const cached = new CachedQuery(compileQuery(w, 'Position, Velocity'));
    const count = () => { let n = 0; cached.each((r) => { n += r.count; }); return n; };
    const base = w.prefab('Base');
    w.set(base, Position, {});
    const inst = w.instantiate(base);
    expect(count()).toBe(0);
    w.set(base, Velocity, { x: 1 });       // the base gains Velocity: the instance now matches
    expect(count()).toBe(1);
    w.set(w.entity(), Position, {});
    w.add(w.lookup('Base'), w.core.Disabled);
    w.set(inst, Velocity, { x: 2 });
    expect(count()).toBe(1);
    cached.dispose();
  });

  test('a system with a bad query is refused and creates no entity', () => {
    const { w } = world();
    expect(() => addSystem(w, 'Bad', { query: 'Position, Nope', run() {} })).toThrow(/unresolved identifier 'Nope'/);
    expect(w.lookup('Bad')).toBe(0);
    expect(() => addSystem(w, 'BadPhase', { phase: 'Never' as never, run() {} })).toThrow(/unknown phase/);
  });

  test('the app steps frames with statistics and hooks', () => {
    const { w } = world();
    const app = new App(w, { manual: true });
    const frames: number[] = [];
    app.onFrame((s) => { frames.push(s.systemsRan); });
    addSystem(w, 'Tick', { run() {} });
    app.step(1 / 60);
    app.step(1 / 60);
    expect(frames).toEqual([1, 1]);
    expect(app.pipeline.frame).toBe(2);
    expect(app.pipeline.time).toBeCloseTo(2 / 60);
  });
});
