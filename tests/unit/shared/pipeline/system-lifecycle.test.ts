// A system's life in the pipeline: the entity it is (its query registered, its brief), the order it
// runs in, what happens when it throws (disabled with its error, reported once, the frame goes on,
// enabling it runs it again), when it is deleted (dropped, its cached query stops following
// tables), and the simulated clock that world images carry.
import { describe, expect, test } from 'vitest';
import { addSystem, faultsOf, pipelineOf, type Fault } from '../../../../src/shared/pipeline';
import { World } from '../../../../src/shared/ecs';
import { namedQuery } from '../../../../src/shared/query';

function world() {
  const w = new World();
  const Position = w.component('Position', { x: 'f32', y: 'f32' });
  return { w, Position };
}

describe('a system entity', () => {
  test('carries its query (registered as a system\'s) and its brief; a system without a query has neither', () => {
    const { w } = world();
    const move = addSystem(w, 'Move', { query: 'Position', brief: 'moves things', run() {} });
    const tick = addSystem(w, 'Tick', { run() {} });
    expect(w.has(move, w.core.Query)).toBe(true);
    expect(namedQuery(w, move)?.kind).toBe('system');
    expect(namedQuery(w, move)?.query.expr).toBe('Position');
    expect(w.doc(move, 'brief')).toBe('moves things');
    expect(w.has(tick, w.core.Query)).toBe(false);
    expect(namedQuery(w, tick)).toBeUndefined();
    expect(w.doc(tick, 'brief')).toBeUndefined();
  });

  test('an unknown phase is refused with the list of phases', () => {
    const { w } = world();
    expect(() => addSystem(w, 'Late', { phase: 'Never' as never, run() {} }))
      .toThrow("unknown phase 'Never'; phases are OnLoad, PostLoad, PreUpdate, OnUpdate, OnValidate, PostUpdate, PreStore, OnStore");
  });

  test('systems of one phase run in creation order, whatever phases are added between them', () => {
    const { w } = world();
    const log: string[] = [];
    for (const [name, phase] of [['U1', 'OnUpdate'], ['U2', 'OnUpdate'], ['S1', 'OnStore'], ['U3', 'OnUpdate'], ['L1', 'OnLoad'], ['U4', 'OnUpdate'], ['S2', 'OnStore']] as const) {
      addSystem(w, name, { phase, run: () => { log.push(name); } });
    }
    pipelineOf(w).progress(0);
    expect(log).toEqual(['L1', 'U1', 'U2', 'U3', 'U4', 'S1', 'S2']);
  });

  test('the totals read 0 before the first frame', () => {
    const { w } = world();
    expect(pipelineOf(w).last).toEqual({ frameTime: 0, systemTime: 0, mergeTime: 0, systemsRan: 0 });
  });
});

describe('a system that throws', () => {
  test('is disabled with its error, reported once; the other systems and the frame go on; enabling it runs it again', () => {
    const { w } = world();
    const faults = faultsOf(w);
    const logged: string[] = [], heard: Fault[] = [];
    faults.log = (line) => { logged.push(line); };
    faults.onFault((f) => { heard.push(f); });
    const ran: string[] = [];
    let broken = true;
    const parent = w.entity('Game');
    const bad = addSystem(w, 'Bad', { parent, run: () => { ran.push('Bad'); if (broken) throw new Error('no fuel'); } });
    const worse = addSystem(w, 'Worse', { run: () => { ran.push('Worse'); throw 'plain'; } });
    addSystem(w, 'Good', { run: () => { ran.push('Good'); } });
    const p = pipelineOf(w);
    const stats = p.progress(0);
    expect(ran).toEqual(['Bad', 'Worse', 'Good']);
    expect(stats.systemsRan).toBe(3);
    expect(p.frame).toBe(1);
    expect(w.isEnabled(bad)).toBe(false);
    expect(w.isEnabled(worse)).toBe(false);
    const SystemFault = w.lookup('ecs.pipeline.SystemFault');
    expect(SystemFault).not.toBe(0);
    expect(w.parentOf(SystemFault)).toBe(w.core.pipelineModule);
    expect(w.doc(SystemFault, 'brief')).toBe('On a system that threw: the error; the system is disabled until enabled again');
    expect(w.get(bad, SystemFault)).toEqual({ error: 'no fuel' });
    expect(w.get(worse, SystemFault)).toEqual({ error: 'plain' });
    expect(heard.map((f) => [f.kind, f.part, f.error])).toEqual([['system', 'Game.Bad', 'no fuel'], ['system', 'Worse', 'plain']]);
    expect(logged).toHaveLength(2);

    // Disabled, they no longer run; the frame goes on.
    ran.length = 0;
    expect(p.progress(0).systemsRan).toBe(1);
    expect(ran).toEqual(['Good']);

    // Enabled again, the mark goes and the system runs; a second failure uses the same component.
    broken = false;
    w.enable(bad);
    expect(w.has(bad, SystemFault)).toBe(false);
    ran.length = 0;
    p.progress(0);
    expect(ran).toEqual(['Bad', 'Good']);
    expect(w.isEnabled(bad)).toBe(true);
    w.enable(worse);
    p.progress(0);
    expect(w.lookup('ecs.pipeline.SystemFault')).toBe(SystemFault);
    expect(w.get(worse, SystemFault)).toEqual({ error: 'plain' });
    expect(faults.count).toBe(3);
    // Enabling an entity that never failed leaves it alone.
    const other = w.entity('Other');
    w.disable(other);
    w.enable(other);
    expect(w.isEnabled(other)).toBe(true);
  });

  test('a change it queued whose observer throws is not its fault: the frame ends with that error, and the next frame runs', () => {
    const { w } = world();
    const Boom = w.tag('Boom');
    w.observe(Boom, 'add', () => { throw new Error('observer broke'); });
    const e = w.entity('E');
    const ran: string[] = [];
    let once = true;
    const tagger = addSystem(w, 'Tagger', { run: () => { ran.push('Tagger'); if (once) { once = false; w.add(e, Boom); } } });
    addSystem(w, 'After', { run: () => { ran.push('After'); } });
    const p = pipelineOf(w);
    expect(() => p.progress(0)).toThrow('observer broke');
    expect(ran).toEqual(['Tagger']);
    expect(w.isEnabled(tagger)).toBe(true);
    ran.length = 0;
    p.progress(0);
    expect(ran).toEqual(['Tagger', 'After']);
    expect(p.frame).toBe(2);
  });

  test('deleted in the frame it threw, it is not brought back to be marked', () => {
    const { w } = world();
    faultsOf(w).log = () => {};
    const doomed = addSystem(w, 'Doomed', { run: () => { throw new Error('x'); } });
    addSystem(w, 'Reaper', { run: () => { w.delete(doomed); } });
    const p = pipelineOf(w);
    p.progress(0);
    expect(w.isAlive(doomed)).toBe(false);
    expect(p.list().map((s) => w.pathOf(s.entity))).toEqual(['Reaper']);
    // The fault is only reported for systems still there.
    expect(faultsOf(w).count).toBe(0);
  });
});

describe('a deleted system', () => {
  test('leaves the run order and its cached query stops following new tables', () => {
    const { w, Position } = world();
    const Tag = w.tag('Tag');
    const seen: number[] = [];
    const gone = addSystem(w, 'Gone', { query: 'Position', run(it) { seen.push(it.count); } });
    addSystem(w, 'Stays', { run() {} });
    const p = pipelineOf(w);
    const record = p.list().find((s) => s.entity === gone)!;
    w.set(w.entity(), Position, { x: 1, y: 1 });
    expect(record.query!.matchedTableCount()).toBe(1);
    w.delete(gone);
    expect(p.list().map((s) => w.pathOf(s.entity))).toEqual(['Stays']);
    const e = w.entity();
    w.set(e, Position, { x: 2, y: 2 });
    w.add(e, Tag);
    expect(record.query!.matchedTableCount()).toBe(1);
    p.progress(0);
    expect(seen).toEqual([]);
    // The systems that stay still follow new tables.
    const counted: number[] = [];
    addSystem(w, 'Counts', { query: 'Position', run(it) { counted.push(it.count); } });
    addSystem(w, 'Doomed', { query: 'Position', run() {} });
    w.delete(w.lookup('Doomed'));
    p.progress(0);
    const Other = w.tag('Other');
    const f = w.entity();
    w.set(f, Position, { x: 3, y: 3 });
    w.add(f, Other);
    counted.length = 0;
    p.progress(0);
    expect(counted).toEqual([1, 1, 1]);
  });
});

describe('world images', () => {
  test('carry the simulated frame count and time: a restored world goes on from its own', () => {
    const { w } = world();
    const p = pipelineOf(w);
    p.progress(0.5);
    p.progress(0.25);
    const image = w.snapshot();
    p.progress(1);
    expect(p.frame).toBe(3);
    w.restore(image);
    expect(p.frame).toBe(2);
    expect(p.time).toBe(0.75);
    const copy = new World();
    copy.component('Position', { x: 'f32', y: 'f32' });
    const q = pipelineOf(copy);
    copy.restore(image);
    expect(q.frame).toBe(2);
    expect(q.time).toBe(0.75);
  });
});
