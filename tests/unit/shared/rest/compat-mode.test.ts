// The router with `compat: 'flecs-3.2'`: query replies in the reference server's shape where it
// differs from the contract (checked against its captures), its limits, and everything else as
// in contract mode.
import { describe, expect, test } from 'vitest';
import { queryReplySchema } from '../../../../src/shared/protocol';
import { createRouter } from '../../../../src/shared/rest';
import { buildReferenceWorld } from '../../../fixtures/reference-world';
import { captureBody } from '../../renderer/explorer/capture';

const { world } = buildReferenceWorld();
const compat = createRouter(world, { compat: 'flecs-3.2', maxLimit: 2000 });
const contract = createRouter(world, { maxLimit: 2000 });
type Body = Record<string, unknown> & { results: Record<string, unknown>[] };
const get = (router: typeof compat, url: string) => {
  const r = router.route('GET', url);
  return { status: r.status, body: JSON.parse(r.body) as Body };
};
const count = (b: Body) => b.results.reduce((n, r) => n + ((r.entities as unknown[] | undefined)?.length ?? 0), 0);

describe('compat mode flecs-3.2', () => {
  test('type_info is an object keyed by component, as capture 123', () => {
    const url = '/query?q=Position%2CVelocity&term_ids=true&term_labels=true&type_info=true&limit=2';
    const ours = get(compat, url).body;
    const ref = captureBody<Body>('123-query-pv-term-ids.json');
    expect(ours.type_info).toEqual(ref.type_info);
    queryReplySchema.parse(ours);
    expect(ours.ids).toEqual(ref.ids);
    expect(get(contract, url).body.type_info).toEqual([{ x: ['float'], y: ['float'] }, { x: ['float'], y: ['float'] }]);
  });

  test('variables are vars, var_labels and var_ids, as capture 147; duration is eval_duration', () => {
    const ours = get(compat, '/query?q=Eats(%24this%2C%20%24food)&variable_labels=true&variable_ids=true&duration=true').body;
    const ref = captureBody<Body>('147-query-var-explicit-src.json');
    expect(ours.vars).toEqual(ref.vars);
    expect(ours.results.map((r) => r.vars).sort()).toEqual(ref.results.map((r) => r.vars).sort());
    expect(ours.results[0]).toHaveProperty('var_labels');
    expect(ours.results[0]).toHaveProperty('var_ids');
    expect(ours.results[0]).not.toHaveProperty('variables');
    expect(typeof ours.eval_duration).toBe('number');
    queryReplySchema.parse(ours);
    expect(ours).not.toHaveProperty('duration');
    const mine = get(contract, '/query?q=Eats(%24this%2C%20%24food)&duration=true').body;
    expect(mine.variables).toEqual(['food']);
    expect(typeof mine.duration).toBe('number');
  });

  test('the default limit is 1000 and limit=0 means up to the maximum', () => {
    expect(count(get(compat, '/query?q=Dust').body)).toBe(1000);
    expect(count(get(compat, '/query?q=Dust&limit=0').body)).toBe(1200);
    expect(count(get(compat, '/query?q=Dust&limit=7').body)).toBe(7);
    expect(count(get(contract, '/query?q=Dust').body)).toBe(100);
    expect(get(contract, '/query?q=Dust&limit=0').body.results).toEqual([]);
    // limit=0 stops at the server maximum, whatever the world holds.
    const small = createRouter(world, { compat: 'flecs-3.2', maxLimit: 50 });
    expect(count(get(small, '/query?q=Dust&limit=0').body)).toBe(50);
    expect(count(get(small, '/query?q=Dust').body)).toBe(50);
  });

  test('bad input is refused as in contract mode', () => {
    for (const url of ['/query?q=Dust&limit=-1', '/query?q=Dust&limit=2001', '/query?q=Position(', '/query']) {
      const a = get(compat, url), b = get(contract, url);
      expect(a.status, url).toBe(400);
      expect(a.body, url).toEqual(b.body);
    }
  });
});
