// The request's query budget through the router: a query that needs more work than
// --max-query-steps is refused with a 400 that names the limit, the work done and how to narrow
// it, changes nothing, and is listed in /openapi.json.
import { describe, expect, test } from 'vitest';
import { DEFAULT_MAX_QUERY_STEPS } from '../../../../src/shared/protocol';
import { createRouter } from '../../../../src/shared/rest';
import { setup } from './helpers';

const LIMIT = 500;
const q = (expr: string, extra = '') => `/query?q=${encodeURIComponent(expr)}${extra}`;
const CROSS = q('Position($a), Position($b)', '&count=true');

describe('query budget of a request', () => {
  test('a query past the budget is a 400 naming the limit, the work done and how to narrow it; nothing changes', () => {
    const { get, world } = setup({ maxQuerySteps: LIMIT });
    const before = world.changeCount;
    const r = get(CROSS);
    expect(r.status).toBe(400);
    expect(r.json.max_query_steps).toBe(LIMIT);
    expect(r.json.steps).toBeGreaterThan(LIMIT);
    expect(r.json.error).toContain(`more than ${LIMIT} evaluation steps`);
    expect(r.json.error).toContain('--max-query-steps');
    expect(r.json.error).toMatch(/vars=.*count=true/);
    expect(world.changeCount).toBe(before);
    // Named queries and repeated texts (the query cache) are bounded alike.
    expect(get(CROSS).status).toBe(400);
  });

  test('the same query answers a page when it need not count every result', () => {
    const { get } = setup({ maxQuerySteps: LIMIT });
    const r = get(q('Position($a), Position($b)', '&limit=3'));
    expect(r.status).toBe(200);
    expect(r.json.results).toHaveLength(3);
  });

  test('with the default budget a join of two variables answers; a chain of 30 variables does not', () => {
    const { get } = setup();
    const join = get(q('Planet($a), Position($b)', '&count=true'));
    expect(join.status).toBe(200);
    expect(join.json.count).toBe(2 * get(q('Position($b)', '&count=true')).json.count);
    const freeze = get(q(Array.from({ length: 30 }, (_, i) => `Position($v${i})`).join(', '), '&count=true'));
    expect(freeze.status).toBe(400);
    expect(freeze.json.max_query_steps).toBe(DEFAULT_MAX_QUERY_STEPS);
  });

  test('matches=true on an entity evaluates the named queries under the budget', () => {
    const small = setup({ maxQuerySteps: 5 });
    const r = small.get('/entity/Sun/Earth?matches=true');
    expect(r.status).toBe(400);
    expect(r.json.error).toContain('matches=true');
    expect(small.get('/entity/Sun/Earth').status).toBe(200);
    expect(setup().get('/entity/Sun/Earth?matches=true').status).toBe(200);
  });

  test('the Flecs 4 dialect (--compat flecs-4) evaluates /query, its query_profile and /entity?matches=true under the budget', () => {
    // Before, its /query ran unbounded: a cross product with no result held the host (64 s on the demo's 3,000 asteroids).
    const f4 = setup({ maxQuerySteps: LIMIT, compat: 'flecs-4' });
    const before = f4.world.changeCount;
    const expr = encodeURIComponent('Position($a), Position($b), Planet($b), Moon($b)');
    for (const extra of ['', '&query_profile=true&results=false']) {
      const r = f4.get(`/query?expr=${expr}${extra}`);
      expect(r.status, extra).toBe(400);
      expect(r.json.max_query_steps).toBe(LIMIT);
      expect(r.json.error).toContain(`more than ${LIMIT} evaluation steps`);
    }
    expect(f4.get(`/query?expr=${encodeURIComponent('Position($a), Position($b)')}&limit=3`).json.results).toHaveLength(3);
    expect(f4.world.changeCount).toBe(before);
    expect(setup({ maxQuerySteps: 5, compat: 'flecs-4' }).get('/entity/Sun/Earth?matches=true').json.error).toContain('matches=true');
    expect(setup({ compat: 'flecs-4' }).get('/entity/Sun/Earth?matches=true').status).toBe(200);
  });

  test('/explain evaluates under the budget', () => {
    const expr = encodeURIComponent('Position, Position($a), Planet($a)');
    const small = setup({ maxQuerySteps: 5 });
    const r = small.get(`/explain/Sun/Earth?q=${expr}`);
    expect(r.status).toBe(400);
    expect(r.json.error).toContain('vars=');
    expect(setup().get(`/explain/Sun/Earth?q=${expr}`).status).toBe(200);
  });

  test('/openapi.json lists the limit with the 400 of /query and /entity', () => {
    const { get } = setup({ maxQuerySteps: 1234 });
    const paths = get('/openapi.json').json.paths;
    expect(paths['/query'].get.responses['400'].description).toContain('more than 1234 evaluation steps (--max-query-steps');
    expect(paths['/entity/{path}'].get.responses['400'].description).toContain('1234');
  });

  test('the router refuses a budget that is not a positive whole number', () => {
    const { world } = setup();
    for (const bad of [0, -5, 2.5]) expect(() => createRouter(world, { maxQuerySteps: bad })).toThrow(/maxQuerySteps must be a positive integer/);
  });
});
