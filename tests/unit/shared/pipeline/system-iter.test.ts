// What a system's iterator tells it about one result: its entities, each field's id, source and
// whether it matched, the query's variables, the row of a field another entity holds; and, for a
// system without a query, that there is nothing to read.
import { describe, expect, test } from 'vitest';
import { addSystem, pipelineOf, type SystemIter } from '../../../../src/shared/pipeline';
import { World } from '../../../../src/shared/ecs';

describe('the system iterator', () => {
  test('tells each field\'s id, source and match, the variables, and the row of a field held by another entity', () => {
    const w = new World();
    const Position = w.component('Position', { x: 'f32' }), Velocity = w.component('Velocity', { x: 'f32' }), Mass = w.component('Mass', { kg: 'f64' });
    const sun = w.entity('Sun'), vega = w.entity('Vega');
    w.set(sun, Mass, { kg: 2 });
    w.set(vega, Mass, { kg: 5 });
    const earth = w.entity({ name: 'Earth', parent: vega }), mars = w.entity({ name: 'Mars', parent: vega });
    w.set(earth, Position, { x: 1 });
    w.set(mars, Position, { x: 2 });
    w.set(mars, Velocity, { x: 3 });
    const seen: string[] = [];
    addSystem(w, 'Read', {
      query: 'Position, ?Velocity, (ChildOf, $p), Mass($p)',
      run(it: SystemIter) {
        const mass = it.field(3)!.kg!, vel = it.field(1);
        for (let j = 0; j < it.count; j++) {
          seen.push([w.pathOf(it.entities[it.row(j)]!), w.pathOf(it.entity(j)), it.isSet(1), vel ? vel.x![it.row(j)] : '-', it.isSelf(0), it.isSelf(3),
            w.idText(it.id(0)), w.idText(it.id(2)), w.pathOf(it.source(3)), it.source(0), w.pathOf(it.variable(1)), mass[it.sharedRow(3)], it.sharedRow(0)].join(' '));
        }
      },
    });
    pipelineOf(w).progress(0);
    // Vega is the second entity of its table: its Mass sits in row 1 of the Mass arrays.
    expect(w.locate(vega).row).toBe(1);
    expect(seen.sort()).toEqual([
      'Vega.Earth Vega.Earth false - true false Position (ecs.core.ChildOf, Vega) Vega 0 Vega 5 0',
      'Vega.Mars Vega.Mars true 3 true false Position (ecs.core.ChildOf, Vega) Vega 0 Vega 5 0',
    ]);
  });

  test('a field from a fixed source is that entity\'s, even when the matched entities own the component too', () => {
    const w = new World();
    const A = w.component('A', { v: 'f64' }), B = w.component('B', { v: 'f64' });
    const base = w.entity('Base');
    w.set(base, A, { v: 7 });
    const e = w.entity('E');
    w.set(e, A, { v: 1 });
    w.set(e, B, { v: 2 });
    const seen: number[] = [];
    addSystem(w, 'Read', { query: 'A(Base), B', run(it) { seen.push((it.field(0)!.v as Float64Array)[it.sharedRow(0)]!, (it.field(1)!.v as Float64Array)[it.row(0)]!); } });
    pipelineOf(w).progress(0);
    expect(seen).toEqual([7, 2]);
  });

  test('a system without a query sees no table, no entities and no fields', () => {
    const w = new World();
    const seen: unknown[] = [];
    addSystem(w, 'Tick', {
      run(it) { seen.push(it.table, it.count, it.rows, it.entities, it.entity(0), it.field(0), it.isSelf(0), it.isSet(0), it.id(0), it.source(0), it.sharedRow(0), it.variable(0)); },
    });
    pipelineOf(w).progress(0);
    expect(seen).toEqual([null, 0, null, [], 0, undefined, false, false, 0, 0, 0, 0]);
  });

  test('a system whose query is evaluated each frame (not cached) counts the tables and entities it visited', () => {
    const w = new World();
    const A = w.component('A', { v: 'f64' }), B = w.component('B', { v: 'f64' });
    for (let i = 0; i < 3; i++) w.set(w.entity(), A, { v: i });
    for (let i = 0; i < 2; i++) w.set(w.entity(), B, { v: i });
    let rows = 0;
    const sys = addSystem(w, 'Either', { query: 'A || B', run(it: SystemIter) { rows += it.count; } });
    const p = pipelineOf(w);
    const record = p.list().find((s) => s.entity === sys)!;
    expect(record.query!.cacheable).toBe(false);
    p.progress(0);
    p.progress(0);
    // Counted per frame, not summed over frames.
    expect([record.stats.matchedTables, record.stats.matchedEntities, rows]).toEqual([2, 5, 10]);
  });
});
