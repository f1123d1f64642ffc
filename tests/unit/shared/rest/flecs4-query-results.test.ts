/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads replies as parsed JSON of known shape */
// The results of a Flecs 4 query reply on the reference world: the fields' is_set, ids, sources
// and values as the explorer reads them, and paging by entities inside one large table and over
// results without $this.
import { describe, expect, test } from 'vitest';
import { setup } from './helpers';

const query = (s: ReturnType<typeof setup>, q: string, extra = '') => s.get(`/query?expr=${encodeURIComponent(q)}${extra}`).json.results;

describe('fields', () => {
  test('is_set for optional fields, ids for pairs with variables, sources off $this (* for any), values of components', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(query(s, 'Planet, ?Velocity, (Eats, $f), Mass(Sun), Position(_)')).toEqual([{
      parent: 'Sun', name: 'Earth', vars: { f: 'Apples' },
      fields: {
        is_set: [true, true, true, true, true], ids: [0, 0, ['Eats', 'Apples'], 0, 0], sources: [0, 0, 0, 'Sun', '*'],
        values: [0, { x: 0, y: 0 }, 0, { value: 1000 }, { x: 0, y: 0 }],
      },
    }]);
  });
  test('a ! field is not set; a [none] field and a name match carry no value, so there are no values at all', () => {
    const s = setup({ compat: 'flecs-4' });
    expect(query(s, 'Planet, !Velocity, [none] Position, $this ~= "ar"')).toEqual([{ parent: 'Sun', name: 'Mars', fields: { is_set: [true, false, true, true] } }]);
    // With another field's value to show, the [none] field's is 0.
    expect(query(s, 'Planet, Mass, [none] Position, $this ~= "ar"')).toEqual([
      { parent: 'Sun', name: 'Earth', fields: { values: [0, { value: 5.97 }, 0, 0] } }, { parent: 'Sun', name: 'Mars', fields: { values: [0, { value: 0.642 }, 0, 0] } }]);
  });
  test('a query without $this: one result per binding, with its variables and the sources', () => {
    const s = setup({ compat: 'flecs-4' });
    const all = query(s, 'Eats($x, $y)');
    expect(all.map((r: any) => `${r.vars.x} eats ${r.vars.y}`).sort()).toEqual(['Ship1 eats Pears', 'Sun.Earth eats Apples', 'Sun.Earth.Moon eats Apples', 'Sun.Earth.Moon eats Pears']);
    expect(all[0].fields).toEqual({ ids: [['Eats', all[0].vars.y]], sources: [all[0].vars.x] });
  });
});

describe('paging', () => {
  test('by entities inside one table of 300: limit stops mid-table, offset skips into it', () => {
    const s = setup({ compat: 'flecs-4' });
    const names = (extra: string) => query(s, 'Position, Velocity', extra).map((r: any) => r.name ?? r.id);
    const all = query(s, 'Position, Velocity', '&entity_ids=true').map((r: any) => r.id);
    expect(all.length).toBeGreaterThan(250);
    expect(query(s, 'Position, Velocity', '&limit=5&entity_ids=true').map((r: any) => r.id)).toEqual(all.slice(0, 5));
    expect(query(s, 'Position, Velocity', '&offset=100&limit=3&entity_ids=true').map((r: any) => r.id)).toEqual(all.slice(100, 103));
    expect(names('&offset=100000')).toEqual([]);
  });
  test('over results without $this', () => {
    const s = setup({ compat: 'flecs-4' });
    const all = query(s, 'Eats($x, $y)');
    expect(query(s, 'Eats($x, $y)', '&offset=1&limit=2')).toEqual(all.slice(1, 3));
    expect(query(s, 'Eats($x, $y)', '&limit=1')).toEqual(all.slice(0, 1));
    expect(query(s, 'Eats($x, $y)', '&offset=4')).toEqual([]);
  });
});
