// GET /entity/<path> through the router: path forms, every parameter, errors.
import { describe, expect, test } from 'vitest';
import { ENTITY_PARAMS } from '../../../../src/shared/protocol';
import { setup } from './helpers';

const { get, world } = setup();

describe('GET /entity/<path>', () => {
  test('smoke test of the contract: the World has path and ids', () => {
    const r = get('/entity/ecs/core/World');
    expect(r.status).toBe(200);
    expect(r.json.path).toBe('ecs.core.World');
    expect(Array.isArray(r.json.ids)).toBe(true);
  });

  test('path forms: levels by /, ids by digits (a child must be a direct child), encoded letters and slashes, a trailing slash', () => {
    const earth = { path: 'Sun.Earth', ids: [['Position'], ['Velocity'], ['Mass'], ['Opaque'], ['Planet'], ['Eats', 'Apples']] };
    for (const url of ['/entity/Sun/Earth', '/entity/544', '/entity/Sun/544', '/entity/Sun%2FEarth', '/entity/%53un/Earth', '/entity/Sun/Earth/']) {
      expect(get(url).json, url).toEqual(earth);
    }
    expect(get('/entity/548').json.path).toBe('548');
    expect(get('/entity/*').json.path).toBe('*');
    expect(get('/entity/./').json.path).toBe('ecs.core.this');
  });

  test('a path that names nothing is a 404 that repeats the path (escaped)', () => {
    for (const path of ['Unknown', 'Sun/Unknown', 'Sun/545', 'sun', '0', '99999', '4294967296', '-1', 'ecs.core.World', 'Sun//Earth', '/Sun']) {
      const r = get(`/entity/${path}`);
      expect(r.status, path).toBe(404);
      expect(r.json.error).toContain(`'${path}'`);
    }
    const quote = get('/entity/Foo%22Bar');
    expect(quote.status).toBe(404);
    expect(quote.json.error).toContain(`'Foo"Bar'`);
    expect(get('/entity/').status).toBe(404);
    expect(get('/entity').status).toBe(404);
  });

  test('boolean parameters take exactly true or false; anything else is a 400 naming the parameter', () => {
    for (const bad of ['yes', 'TRUE', '1', '']) {
      const r = get(`/entity/Sun?values=${bad}`);
      expect(r.status).toBe(400);
      expect(r.json.error).toBe(`parameter 'values' must be 'true' or 'false', got '${bad}'`);
    }
    expect(get('/entity/Sun?values').status).toBe(400);
    for (const [name, spec] of Object.entries(ENTITY_PARAMS)) {
      if (spec.expected !== "'true' or 'false'") continue;
      expect(get(`/entity/Sun?${name}=1`).json.error).toBe(`parameter '${name}' must be 'true' or 'false', got '1'`);
      expect(get(`/entity/Sun?${name}=true`).status).toBe(200);
      expect(get(`/entity/Sun?${name}=false`).status).toBe(200);
    }
  });

  test('unknown parameters are ignored; the first of duplicates wins; & starts parameters too', () => {
    expect(get('/entity/Sun?foo=bar').json).toEqual({ path: 'Sun', ids: [['Position'], ['Mass']] });
    expect(get('/entity/Sun?values=true&values=false').json.values).toEqual([{ x: 0, y: 0 }, { value: 1000 }]);
    expect(get('/entity/Sun&label=true').json.label).toBe('Sol');
  });

  test('each parameter switches its field', () => {
    expect(get('/entity/Sun?path=false').json).toEqual({ ids: [['Position'], ['Mass']] });
    expect(get('/entity/Sun?ids=false').json).toEqual({ path: 'Sun' });
    expect(get('/entity/Sun/Earth?label=true&brief=true&link=true&color=true').json).toMatchObject({
      label: 'The Earth', brief: 'Third planet from the Sun', link: 'https://en.wikipedia.org/wiki/Earth', color: '#0000ff',
    });
    expect(get('/entity/Sun/Earth?id_labels=true').json.id_labels).toEqual([['Pos'], ['Velocity'], ['Mass'], ['Opaque'], ['Planet'], ['eats', 'Äpfel']]);
    expect(get('/entity/Sun/Earth?values=true').json.values).toEqual([{ x: 1, y: 0 }, { x: 0, y: 0 }, { value: 5.97 }, 0, 0, 0]);
    expect(get('/entity/Sun/Mars?type_info=true').json.type_info).toEqual([{ x: ['float'], y: ['float'] }, { value: ['float'] }, 0]);
    expect(get('/entity/Sun/Earth?private=true').json.ids).toContainEqual(['ecs.core.ChildOf', 'Sun']);
    expect(get('/entity/Ship1').json.is_a).toEqual([{ path: 'SpaceShip', ids: [['Position']] }]);
    expect(get('/entity/Ship1?base=false').json.is_a).toBeUndefined();
    expect(get('/entity/Sun/Earth?matches=true').json.matches).toEqual(['Move', 'Planets', 'EatsQuery', 'PlanetParent']);
    expect(get('/entity/Sun?refs=ChildOf').json.refs).toEqual({ ChildOf: ['Sun.Earth', 'Sun.Mars'] });
    expect(get('/entity/Sun?refs=ecs.core.ChildOf').json.refs).toEqual({ ChildOf: ['Sun.Earth', 'Sun.Mars'] });
    expect(get('/entity/Apples?refs=*').json.refs).toEqual({ Eats: ['Sun.Earth', 'Sun.Earth.Moon'] });
    expect(get('/entity/Sun?alerts=true').json.alerts).toBeUndefined();
  });

  test('refs naming no relationship is a 400', () => {
    const r = get('/entity/Sun?refs=NoSuch');
    expect(r.status).toBe(400);
    expect(r.json.error).toContain("'NoSuch'");
  });

  test('f32 values print shortest; NaN prints null and the body stays JSON', () => {
    world.set(world.lookup('Comet'), world.lookup('Position'), { x: Number.NaN, y: 0.1 });
    expect(get('/entity/Comet?values=true').json.values[0]).toEqual({ x: null, y: 0.1 });
  });
});
