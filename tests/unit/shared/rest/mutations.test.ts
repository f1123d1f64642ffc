// PUT /enable, /disable, /delete and /set through the router: the contract's state table, the
// atomic set (docs/rest-api.md, Changing the world), built-ins refused, nothing half-applied.
import { describe, expect, test } from 'vitest';
import { data, setup } from './helpers';

const ids = (json: { ids: string[][] }) => json.ids.map((id) => id.join(','));

describe('PUT /enable and /disable', () => {
  test('follow the state table and answer {}', () => {
    const { get, put } = setup();
    expect(put('/disable/Sun/Mars')).toEqual({ status: 200, headers: undefined, json: {} });
    expect(ids(get('/entity/Sun/Mars').json)).toContain('ecs.core.Disabled');
    expect(put('/disable/Sun/Mars').json).toEqual({});
    expect(ids(get('/entity/Sun/Mars').json).filter((i) => i === 'ecs.core.Disabled')).toHaveLength(1);
    expect(put('/enable/Sun/Mars').json).toEqual({});
    expect(ids(get('/entity/Sun/Mars').json)).not.toContain('ecs.core.Disabled');
    expect(put('/enable/Sun/Mars').json).toEqual({});
  });

  test('unknown entities are 404; built-ins are 403', () => {
    const { put } = setup();
    expect(put('/enable/Unknown').status).toBe(404);
    expect(put('/disable/Sun/Unknown').status).toBe(404);
    expect(put('/enable/').status).toBe(404);
    for (const url of ['/disable/ecs/core/World', '/enable/ecs/core/World', '/disable/ecs', '/disable/ecs/rest/Rest']) {
      const r = put(url);
      expect(r.status, url).toBe(403);
      expect(r.json.error).toContain('built in');
    }
  });
});

describe('PUT /delete', () => {
  test('deletes the entity and its children; a second delete is a 404', () => {
    const { get, put } = setup();
    expect(put('/delete/Ship2').json).toEqual({});
    expect(get('/entity/Ship2').status).toBe(404);
    expect(get('/entity/Ship2/Engine').status).toBe(404);
    expect(put('/delete/Ship2').status).toBe(404);
    expect(put('/delete/847').json).toEqual({});
    expect(get('/entity/847').status).toBe(404);
  });

  test('built-ins, components and modules are refused with 403', () => {
    const { get, put } = setup();
    expect(put('/delete/ecs/core/World').status).toBe(403);
    expect(put('/delete/ecs').status).toBe(403);
    expect(put('/delete/Position').status).toBe(403);
    expect(get('/entity/Position').status).toBe(200);
  });
});

describe('PUT /set', () => {
  test('?data= and &data= both set values; a GET sees them', () => {
    const { get, put } = setup();
    expect(put(`/set/Sun/Mars?data=${data({ ids: [['Position']], values: [{ x: 10, y: 20 }] })}`).json).toEqual({});
    expect(put(`/set/Sun/Mars&data=${data({ ids: [['Velocity']], values: [{ x: 0.5, y: -1 }] })}`).json).toEqual({});
    expect(get('/entity/Sun/Mars?values=true').json.values).toEqual([{ x: 10, y: 20 }, { x: 0.5, y: -1 }, { value: 0.642 }, 0]);
  });

  test('partial, nested and dotted members; numeric strings', () => {
    const { get, put, world } = setup();
    world.component('Orbit', { center: { struct: { x: 'f32', y: 'f32' } }, period: 'f64', count: 'i32' });
    expect(put(`/set/Sun?data=${data({ ids: [['Orbit']], values: [{ center: { x: 1 }, 'center.y': '2.5', count: '7' }] })}`).json).toEqual({});
    expect(put(`/set/Sun?data=${data({ ids: [['Mass'], ['Position']], values: [{ value: '1.5' }, { x: 3 }] })}`).json).toEqual({});
    const v = get('/entity/Sun?values=true').json;
    const byId = Object.fromEntries(ids(v).map((id, i) => [id, v.values[i]]));
    expect(byId).toEqual({ Position: { x: 3, y: 0 }, Mass: { value: 1.5 }, Orbit: { center: { x: 1, y: 2.5 }, period: 0, count: 7 } });
  });

  test('ids without values add tags, pairs and components with their defaults', () => {
    const { get, put } = setup();
    expect(put(`/set/Sun/Mars?data=${data({ ids: [['Enemy'], ['Eats', 'Apples'], ['Opaque'], ['Velocity']] })}`).json).toEqual({});
    const r = get('/entity/Sun/Mars?values=true').json;
    expect(ids(r)).toEqual(expect.arrayContaining(['Enemy', 'Eats,Apples', 'Opaque', 'Velocity']));
    expect(r.values[ids(r).indexOf('Velocity')]).toEqual({ x: 0, y: 0 });
    expect(put(`/set/Sun/Mars?data=${data({})}`).json).toEqual({});
  });

  test('a component given without a value keeps its current value', () => {
    const { get, put } = setup();
    expect(put(`/set/Sun/Earth?data=${data({ ids: [['Position']] })}`).json).toEqual({});
    expect(get('/entity/Sun/Earth?values=true').json.values[0]).toEqual({ x: 1, y: 0 });
  });

  test('bad payloads are 400s that name the culprit, and change nothing', () => {
    const { get, put } = setup();
    const before = get('/entity/Sun/Mars?values=true&private=true').json;
    const cases: [string, string][] = [
      ['', "missing parameter 'data'"],
      ['?data=%7Bbad', 'not valid JSON'],
      ['?data=%5B%5D', 'data must be a JSON object with ids and values: send e.g. data={"ids":[["Position"]],"values":[{"x":1,"y":2}]}'],
      [`?data=${data({ id: [['Position']] })}`, "data has unknown fields 'id' (fields are ids and values): send e.g. data="],
      [`?data=${data({ ids: [['NoSuch']], values: [{}] })}`, "ids[0]: 'NoSuch' names no entity (give a component path such as Position or ecs.core.Disabled)"],
      [`?data=${data({ ids: [['Eats', 'NoSuch']] })}`, "ids[0]: pair target 'NoSuch' names no entity"],
      [`?data=${data({ ids: [['Position']], values: [{ z: 1 }] })}`, "'z'"],
      [`?data=${data({ ids: [['Mass']], values: [7] })}`, 'object'],
      [`?data=${data({ ids: [['Mass']], values: [{ value: 'heavy' }] })}`, 'Mass.value'],
      [`?data=${data({ ids: [['Enemy']], values: [{ x: 1 }] })}`, 'ids[0]: Enemy is a tag without data: give no value for it (it is added as is)'],
      [`?data=${data({ ids: [['Position'], ['Eats', 'Apples']], values: [{ x: 1 }, { n: 2 }] })}`, 'ids[1]: (Eats, Apples) is a pair without data'],
      [`?data=${data({ ids: [['Mass']], values: [{ value: 1 }, { value: 2 }] })}`, '2 values for 1 ids'],
      [`?data=${data({ ids: [[]] })}`, 'data.ids.0 '],
      // Atomic: a good first entry is not applied when a later one is bad.
      [`?data=${data({ ids: [['Position'], ['Mass']], values: [{ x: 99 }, { value: 'x' }] })}`, 'Mass.value'],
      [`?data=${data({ ids: [['Enemy'], ['ecs.core.ChildOf', 'Sun.Mars']] })}`, 'cycle'],
      // JSON has no infinities, but a literal too large for a double reads as one.
      [`?data=${encodeURIComponent('{"ids":[["Position"]],"values":[{"x":1e400}]}')}`, 'ids[0]: cannot set on \'Sun.Mars\': Position.x: expected a finite number'],
      [`?data=${data({ ids: [['Position']], values: [{ x: 1e39 }] })}`, 'within the f32 range'],
    ];
    for (const [query, culprit] of cases) {
      const r = put(`/set/Sun/Mars${query}`);
      expect(r.status, query).toBe(400);
      expect(r.json.error, query).toContain(culprit);
    }
    expect(get('/entity/Sun/Mars?values=true&private=true').json).toEqual(before);
  });

  test('unknown entity 404; built-ins 403', () => {
    const { put } = setup();
    expect(put(`/set/NoSuchEntity?data=${data({ ids: [['Position']], values: [{ x: 1 }] })}`).status).toBe(404);
    expect(put(`/set/ecs/core/World?data=${data({ ids: [['ecs.rest.Rest']], values: [{ port: 1 }] })}`).status).toBe(403);
  });
});
