import { describe, expect, test } from 'vitest';
import { EcsError, GENERATION_UNIT, World, entityGeneration, entityIndex } from '../../../../src/shared/ecs';

describe('entity ids', () => {
  test('a deleted entity is not alive and its recycled index is a different entity', () => {
    const w = new World();
    const a = w.entity();
    w.delete(a);
    expect(w.isAlive(a)).toBe(false);
    const b = w.entity();
    expect(entityIndex(b)).toBe(entityIndex(a));
    expect(entityGeneration(b)).toBe(entityGeneration(a) + 1);
    expect(b).toBe(a + GENERATION_UNIT);
    expect(w.isAlive(b)).toBe(true);
    expect(w.isAlive(a)).toBe(false);
  });

  test('operations on a stale id fail with not_alive and change nothing', () => {
    const w = new World();
    const Tag = w.tag('Tag');
    const a = w.entity();
    w.delete(a);
    const b = w.entity();
    expect(() => w.add(a, Tag)).toThrowError(EcsError);
    try { w.add(a, Tag); } catch (e) { expect((e as EcsError).code).toBe('not_alive'); }
    expect(w.has(b, Tag)).toBe(false);
  });

  test('invalid numbers are never alive', () => {
    const w = new World();
    for (const x of [0, -1, 1.5, Number.NaN, 2 ** 60, 99999]) expect(w.isAlive(x)).toBe(false);
  });

  test('deleting a parent deletes its children and grandchildren', () => {
    const w = new World();
    const sun = w.entity('Sun');
    const earth = w.entity({ name: 'Earth', parent: sun });
    const moon = w.entity({ name: 'Moon', parent: earth });
    const comet = w.entity('Comet');
    w.delete(sun);
    expect([sun, earth, moon].map((e) => w.isAlive(e))).toEqual([false, false, false]);
    expect(w.isAlive(comet)).toBe(true);
    expect(w.lookup('Sun.Earth.Moon')).toBe(0);
  });

  test('deleting a target removes pairs to it; deleting a tag removes it from entities', () => {
    const w = new World();
    const Eats = w.tag('Eats'), Enemy = w.tag('Enemy');
    const apples = w.entity('Apples');
    const bob = w.entity('Bob');
    w.add(bob, w.pair(Eats, apples));
    w.add(bob, Enemy);
    w.delete(apples);
    expect(w.typeOf(bob).some((id) => w.idPath(id).includes('Apples'))).toBe(false);
    w.delete(Enemy);
    expect(w.isAlive(bob)).toBe(true);
    expect(w.typeOf(bob).map((id) => w.idPath(id)[0])).not.toContain('Enemy');
  });

  test('built-in entities cannot be deleted', () => {
    const w = new World();
    expect(() => w.delete(w.core.ChildOf)).toThrow(/built in/);
    expect(w.isAlive(w.core.ChildOf)).toBe(true);
  });

  test('fixtures can reproduce specific ids', () => {
    const w = new World();
    w.entities.setNextIndex(530);
    expect(w.entity('Planet')).toBe(530);
    expect(w.entity({ id: 9999 })).toBe(9999);
    expect(() => w.entity({ id: 9999 })).toThrow(/in use/);
  });
});

describe('tables and id records', () => {
  test('deleting parents deletes their (ChildOf, parent) tables and records: no growth over churn', () => {
    const w = new World();
    const Position = w.component('Position', { x: 'f32' });
    const round = () => {
      for (let i = 0; i < 50; i++) {
        const p = w.entity(`P${i}`);
        const c = w.entity({ parent: p });
        w.set(c, Position, { x: i });
      }
      for (let i = 0; i < 50; i++) w.delete(w.lookup(`P${i}`));
    };
    round();
    const tables = w.tables.size, records = w.records.size;
    for (let r = 0; r < 5; r++) round();
    expect(w.tables.size).toBe(tables);
    expect(w.records.size).toBe(records);
    expect((w.record(Position)?.tables ?? []).every((t) => w.tables.has(t.id))).toBe(true);
  });
});
