// One source for each default: what /openapi.json documents for a parameter (read from the zod
// tables) is what the router and the serializers use. A request without a parameter must answer
// exactly as one that sends the documented default, and sending the other value must change the
// reply where the world shows it — so a serializer default that drifts from the zod table fails.
import { describe, expect, test } from 'vitest';
import { entityReplyOptions, queryReplyOptions, serializeEntity, serializeQuery } from '../../../../src/shared/json';
import { compileQuery } from '../../../../src/shared/query';
import { createRouter, type Router } from '../../../../src/shared/rest';
import { setup } from './helpers';

const { world, router } = setup({ replyCache: false });

interface Documented { name: string; schema: { default?: string; enum?: string[] } }

/** The documented query parameters of a GET path, from the router's own /openapi.json. */
function documented(r: Router, path: string): Documented[] {
  return JSON.parse(r.route('GET', '/openapi.json').body).paths[path].get.parameters.filter((p: { in: string }) => p.in === 'query');
}

const body = (r: Router, url: string) => r.route('GET', url).body;
const flip = (v: string) => (v === 'true' ? 'false' : 'true');

describe('documented defaults are the defaults used', () => {
  test('GET /entity: no parameter answers as its documented default; the other value changes the reply where the entity shows it', () => {
    const params = documented(router, '/entity/{path}');
    const withDefaults = params.filter((p) => p.schema.default !== undefined);
    expect(withDefaults.map((p) => p.name)).toEqual(expect.arrayContaining(['path', 'ids', 'base', 'values', 'label']));
    // Ship1 is an instance of SpaceShip (is_a), has values and a name: path, ids, base, values and label all show.
    const plain = body(router, '/entity/Ship1');
    for (const p of withDefaults) {
      expect(body(router, `/entity/Ship1?${p.name}=${p.schema.default}`), `${p.name}=${p.schema.default}`).toBe(plain);
      if (['path', 'ids', 'base', 'values', 'label'].includes(p.name)) {
        expect(body(router, `/entity/Ship1?${p.name}=${flip(p.schema.default!)}`), `${p.name}=${flip(p.schema.default!)}`).not.toBe(plain);
      }
    }
    // In-process callers get the same defaults.
    expect(serializeEntity(world, world.lookup('Ship1'), entityReplyOptions())).toBe(plain);
    expect('is_a' in JSON.parse(plain)).toBe(withDefaults.find((p) => p.name === 'base')!.schema.default === 'true');
  });

  test('GET /query: no parameter answers as its documented default (limit included), in the contract and in compat mode', () => {
    const compat = createRouter(world, { replyCache: false, compat: 'flecs-3.2' });
    for (const r of [router, compat]) {
      const params = documented(r, '/query').filter((p) => p.schema.default !== undefined);
      const plain = body(r, '/query?q=Dust');
      for (const p of params) expect(body(r, `/query?q=Dust&${p.name}=${p.schema.default}`), p.name).toBe(plain);
      // 1200 Dust entities: the documented limit is the number answered.
      const limit = Number(params.find((p) => p.name === 'limit')!.schema.default);
      const count = (JSON.parse(plain) as { results: { entities: unknown[] }[] }).results.reduce((n, x) => n + x.entities.length, 0);
      expect(count).toBe(limit);
      expect(body(r, `/query?q=Dust&limit=${limit + 1}`)).not.toBe(plain);
    }
    expect(serializeQuery(world, compileQuery(world, 'Dust'), queryReplyOptions())).toBe(body(router, '/query?q=Dust'));
  });
});
