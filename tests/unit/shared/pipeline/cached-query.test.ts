// A cached query's iteration as its callers see it: only tables that hold entities, in creation
// order, stopping when the callback says so; a query that cannot be cached gives what evaluating
// it gives; tables deleted from the world leave without taking others with them.
import { describe, expect, test } from 'vitest';
import { CachedQuery, addSystem, pipelineOf } from '../../../../src/shared/pipeline';
import { World, type Entity } from '../../../../src/shared/ecs';
import { compileQuery, type QueryResult } from '../../../../src/shared/query';

function world() {
  const w = new World();
  const Position = w.component('Position', { x: 'f32' });
  const Red = w.tag('Red'), Blue = w.tag('Blue');
  return { w, Position, Red, Blue };
}

/** Three entities with Position, one per table: a alone, b with Red, d with Blue. */
function threeTables(w: World, Position: Entity, Red: Entity, Blue: Entity) {
  const a = w.entity(), b = w.entity(), d = w.entity();
  w.set(a, Position, { x: 1 });
  w.set(b, Position, { x: 2 });
  w.add(b, Red);
  w.set(d, Position, { x: 3 });
  w.add(d, Blue);
  return { a, b, d };
}

const counts = (c: CachedQuery): number[] => { const out: number[] = []; c.each((r) => { out.push(r.count); }); return out; };

describe('a cached query', () => {
  test('visits only tables holding entities, and stops when the callback returns false', () => {
    const { w, Position, Red, Blue } = world();
    const c = new CachedQuery(compileQuery(w, 'Position'));
    const { b } = threeTables(w, Position, Red, Blue);
    expect(counts(c)).toEqual([1, 1, 1]);
    w.remove(b, Red);
    // (Position, Red) is empty now and is skipped.
    expect(counts(c)).toEqual([2, 1]);
    expect(c.matchedTableCount()).toBe(2);
    const first: number[] = [];
    c.each((r) => { first.push(r.count); return false; });
    expect(first).toEqual([2]);
    c.dispose();
  });

  test('a query that cannot be cached gives what evaluating it gives', () => {
    const { w, Position } = world();
    const e1 = w.entity('E1');
    w.set(e1, Position, { x: 1 });
    const c = new CachedQuery(compileQuery(w, 'Position, $this ~= "E"'));
    expect(c.cacheable).toBe(false);
    const names = (each: (fn: (r: QueryResult) => void) => void) => { const out: string[] = []; each((r) => { for (let j = 0; j < r.count; j++) out.push(w.pathOf(r.table!.entities[r.rows ? r.rows[j]! : j]!)); }); return out.sort(); };
    w.set(w.entity('E2'), Position, { x: 2 });
    w.set(w.entity('X'), Position, { x: 3 });
    expect(names((fn) => c.each(fn))).toEqual(['E1', 'E2']);
    const seen: string[] = [];
    addSystem(w, 'Read', { query: 'Position, $this ~= "E"', run(it) { for (let j = 0; j < it.count; j++) seen.push(w.pathOf(it.entity(j))); } });
    pipelineOf(w).progress(0);
    expect(seen.sort()).toEqual(['E1', 'E2']);
    // Disposing it (as deleting its system does) has nothing to stop.
    c.dispose();
    w.delete(w.lookup('Read'));
    pipelineOf(w).progress(0);
    expect(seen).toHaveLength(2);
  });

  test('a table whose entities match through their parent follows the parent\'s changes', () => {
    const { w, Position } = world();
    const Mass = w.component('Mass', { kg: 'f64' });
    const sun = w.entity('Sun');
    const earth = w.entity({ name: 'Earth', parent: sun });
    w.set(earth, Position, { x: 1 });
    const seen: string[][] = [];
    addSystem(w, 'Pull', { query: 'Position, Mass(up(ChildOf))', run(it) { for (let j = 0; j < it.count; j++) seen.at(-1)!.push(w.pathOf(it.entity(j))); } });
    const frame = () => { seen.push([]); pipelineOf(w).progress(0); };
    frame();
    w.set(sun, Mass, { kg: 2 });
    frame();
    w.remove(sun, Mass);
    frame();
    expect(seen).toEqual([[], ['Sun.Earth'], []]);
  });

  test('a deleted table that did not match takes no matching table with it', () => {
    const { w, Position } = world();
    const Temp = w.tag('Temp');
    const seen: number[] = [];
    addSystem(w, 'Count', { query: 'Position', run(it) { seen.push(it.count); } });
    w.set(w.entity(), Position, { x: 1 });
    w.add(w.entity(), Temp);
    // Deleting Temp deletes the tables that have it: (Temp) never matched 'Position'.
    w.delete(Temp);
    pipelineOf(w).progress(0);
    expect(seen).toEqual([1]);
  });

  test('deleting a matching table leaves the other matching tables to the systems', () => {
    const { w, Position, Red, Blue } = world();
    const seen: number[] = [];
    addSystem(w, 'Count', { query: 'Position', run(it) { seen.push(it.count); } });
    const { b } = threeTables(w, Position, Red, Blue);
    const p = pipelineOf(w);
    p.progress(0);
    expect(seen).toEqual([1, 1, 1]);
    // Deleting Red deletes (Position, Red); b keeps Position and joins a's table.
    w.delete(Red);
    seen.length = 0;
    p.progress(0);
    expect(seen).toEqual([2, 1]);
    expect(w.get(b, Position)).toEqual({ x: 2 });
  });

  test('a system is not called for a table its entities left, and its statistics count only the tables it ran on', () => {
    const { w, Position, Red } = world();
    const seen: number[] = [];
    addSystem(w, 'Count', { query: 'Position', run(it) { seen.push(it.count); } });
    const a = w.entity(), b = w.entity();
    w.set(a, Position, { x: 1 });
    w.set(b, Position, { x: 2 });
    w.add(b, Red);
    const p = pipelineOf(w);
    p.progress(0);
    w.remove(b, Red);
    seen.length = 0;
    p.progress(0);
    expect(seen).toEqual([2]);
    expect(p.list()[0]!.stats.matchedTables).toBe(1);
    expect(p.list()[0]!.stats.matchedEntities).toBe(2);
  });
});
