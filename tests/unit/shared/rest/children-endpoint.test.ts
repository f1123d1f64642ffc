// GET /children/<path>: one row in common/shared-rows.ts, served by every dialect.
import { describe, expect, test } from 'vitest';
import { setup } from './helpers';

const DIALECTS = [
  { compat: undefined, core: 'ecs.core', root: 'ecs' },
  { compat: 'flecs-3.2', core: 'flecs.core', root: 'flecs' },
  { compat: 'flecs-4', core: 'flecs.core', root: 'flecs' },
] as const;

describe.each(DIALECTS)('GET /children/<path> ($compat)', ({ compat, core, root }) => {
  test('lists the children in the order they became children, each with its own count of children', () => {
    const s = setup(compat ? { compat } : {});
    expect(s.get('/children/Sun')).toEqual({ status: 200, headers: undefined, json: {
      path: 'Sun', count: 2,
      children: [
        { id: s.ids['Sun.Earth'], path: 'Sun.Earth', name: 'Earth', children: 1 },
        { id: s.ids['Sun.Mars'], path: 'Sun.Mars', name: 'Mars', children: 0 },
      ],
    } });
    expect(s.get('/children/Sun/Earth').json.children.map((c: { path: string }) => c.path)).toEqual(['Sun.Earth.Moon']);
  });

  test('pages with offset and limit; count is all of them', () => {
    const s = setup(compat ? { compat } : {});
    expect(s.get('/children/Sun?offset=1&limit=1').json).toMatchObject({ count: 2, children: [{ path: 'Sun.Mars' }] });
    expect(s.get('/children/Sun?limit=0').json).toMatchObject({ count: 2, children: [] });
    expect(s.get('/children/Sun?offset=5').json).toMatchObject({ count: 2, children: [] });
    expect(s.get('/children/Sun?limit=-1')).toMatchObject({ status: 400, json: { error: "parameter 'limit' must be an integer from 0 to 10000, got '-1'" } });
  });

  test('reads built-in entities in the dialect\'s names', () => {
    const s = setup(compat ? { compat } : {});
    const r = s.get(`/children/${root}`);
    expect(r.json.path).toBe(root);
    expect(r.json.children).toContainEqual(expect.objectContaining({ path: core, name: 'core' }));
  });

  test('a path that names nothing is a 404; an empty one names this endpoint', () => {
    const s = setup(compat ? { compat } : {});
    expect(s.get('/children/Nowhere')).toMatchObject({ status: 404, json: { error: "entity 'Nowhere' not found: levels are separated by '/', names are case sensitive, and a level of digits is an entity id" } });
    expect(s.get('/children/')).toMatchObject({ status: 404, json: { error: `no entity path given: use /children/<path>, e.g. /children/${root}/core/World (levels separated by '/')` } });
  });
});

test('a new child shows up in the next reply (the reply is kept only while the world is unchanged)', () => {
  const s = setup();
  expect(s.get('/children/Sun').json.count).toBe(2);
  expect(s.put('/entity/Sun/Venus').status).toBe(200);
  expect(s.get('/children/Sun').json.children.map((c: { name: string }) => c.name)).toEqual(['Earth', 'Mars', 'Venus']);
});
