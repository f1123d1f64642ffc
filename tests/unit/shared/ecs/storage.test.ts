// Storage at its edges: a table's columns growing past their capacity, an entity used as an id at
// the index where the used-as-id marks grow, and the structure version that caches of other
// entities' types depend on. Each was a mutant no test reached (tables growing one row late,
// `while (cap <= i)` → `<`, the bump in a move removed).
import { describe, expect, test } from 'vitest';
import { World, type Entity } from '../../../../src/shared/ecs';
import { QueryBudget, QueryCache } from '../../../../src/shared/query';

/** Names of the entities a cached query matches now (the cache keeps its matched tables between calls). */
function matches(w: World, cache: QueryCache, expr: string): string[] {
  const names: string[] = [];
  cache.get(expr).each((r) => {
    for (let i = 0; i < r.count; i++) names.push(w.nameOf(r.table!.entities[r.rows?.[i] ?? i]!) ?? '?');
  }, undefined, new QueryBudget(Infinity));
  return names.sort();
}

describe('table columns past their first capacity', () => {
  test('every row keeps its values while a table grows from 8 to 64 rows, created or moved in', () => {
    const w = new World();
    const Mass = w.component('Mass', { kg: 'f64', label: 'string' });
    const Tagged = w.tag('Tagged');
    const made: Entity[] = [], moved: Entity[] = [];
    for (let i = 0; i < 40; i++) {
      const e = w.entity();
      w.set(e, Mass, { kg: i + 0.5, label: `m${i}` });
      made.push(e);
    }
    // Moving into a table copies the row: the (Mass, Tagged) table grows by moves only.
    for (const e of made.slice(0, 33)) { w.add(e, Tagged); moved.push(e); }
    made.forEach((e, i) => expect(w.get(e, Mass), `entity ${i}`).toEqual({ kg: i + 0.5, label: `m${i}` }));
    expect(w.tableOf(moved[32]!).count).toBe(33);
    // Rows written after growth are as readable as those before it.
    w.set(moved[8]!, Mass, { kg: -1 });
    w.set(moved[32]!, Mass, { kg: -2 });
    expect([w.get(moved[8]!, Mass), w.get(moved[32]!, Mass)]).toEqual([{ kg: -1, label: 'm8' }, { kg: -2, label: 'm32' }]);
  });
});

describe('entities used as ids', () => {
  test('a tag at the index where the used-as-id marks grow is purged from entities when deleted', () => {
    const w = new World();
    const bob = w.entity('Bob');
    // The marks start with room for indices 0-1023: the tag gets index 1024 exactly, the first
    // that needs them to grow.
    w.entities.setNextIndex(1024);
    const Enemy = w.tag('Enemy');
    expect(Enemy).toBe(1024);
    w.add(bob, Enemy);
    w.entities.setNextIndex(2048);
    const Friend = w.tag('Friend');
    w.add(bob, Friend);
    w.delete(Enemy);
    w.delete(Friend);
    expect(w.typeOf(bob).filter((id) => id === Enemy || id === Friend)).toEqual([]);
    // A later tag, which may reuse a freed index, is not taken for either deleted one.
    expect(w.has(bob, w.tag('Later'))).toBe(false);
  });

  test('a parent gaining a component shows in cached traversal queries, even into a table that exists', () => {
    const w = new World();
    const Position = w.component('Position', { x: 'f32' });
    const Planet = w.tag('Planet');
    const cache = new QueryCache(w);
    // Mars is already in (Position, Planet): Sun moves into an existing table, so only the
    // structure version tells the cache that its match for Earth changed.
    w.set(w.entity({ name: 'Mars' }), Position, { x: 1 });
    w.add(w.lookup('Mars'), Planet);
    const sun = w.entity({ name: 'Sun' });
    w.add(sun, Planet);
    w.entity({ name: 'Earth', parent: sun });
    expect(matches(w, cache, 'Position(up(ChildOf))')).toEqual([]);
    w.set(sun, Position, { x: 0 });
    expect(matches(w, cache, 'Position(up(ChildOf))')).toEqual(['Earth']);
    w.remove(sun, Position);
    expect(matches(w, cache, 'Position(up(ChildOf))')).toEqual([]);
  });
});
