// Property-based fuzzing of GET /query: random expressions (valid ones written against the
// world's names, and free text), random named queries and `vars` values. A query never changes
// the world, a parse error is a 400 with the position (a 200 with try=true), and every bad
// `vars` value is a 400 that says what is wrong with it.
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { anyText, validQuery } from '../query/parser/query-arbitraries';
import { FUZZ_SEED, fuzzWorld, routeChecked, urlEncode } from './fuzz-helpers';

// A fixed number of runs: on a loaded 2-core machine they take minutes, not seconds (seen: 47-128 s
// with other work running), so the bound is generous; it only stops a hung test.
vi.setConfig({ testTimeout: 300_000 });

const RUNS = Number(process.env.FUZZ_RUNS ?? 600);
const NAMES = ['Position', 'Velocity', 'Mass', 'Opaque', 'Planet', 'Moon', 'Enemy', 'Dust', 'Eats', 'Apples', 'Pears', 'SpaceShip', 'Sun', 'Sun.Earth',
  'ChildOf', 'IsA', 'ecs.core.Disabled', 'ecs.core.Prefab', 'Prefab', 'Ship1'];

/** Generated valid expressions with their names replaced by names the world knows (so they match something). */
const worldQuery = fc.tuple(validQuery, fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 8 }))
  .map(([{ text }, names]) => {
    let n = 0;
    return text.replace(/\b[A-Za-z_][A-Za-z0-9_.]*\b/g, (word) => (/^(self|up|cascade|desc|parent|this|AND|OR|NOT|in|out|inout|none|filter)$/.test(word) ? word : names[n++ % names.length]!));
  });
const expression = fc.oneof({ weight: 3, arbitrary: worldQuery }, { weight: 2, arbitrary: validQuery.map((v) => v.text) }, { weight: 2, arbitrary: anyText });
const REPLY_FLAGS = ['values', 'entity_ids', 'variable_labels', 'is_set', 'sources', 'ids', 'type_info', 'term_labels', 'colors', 'duration'];

describe('router fuzzing: query expressions', () => {
  const { world, router } = fuzzWorld(200);

  test('any expression: a result, or a parse error with its position (200 under try=true); the world is untouched', () => {
    fc.assert(fc.property(expression, fc.boolean(), fc.subarray(REPLY_FLAGS), fc.nat(300), fc.nat(200), (q, tryMode, flags, offset, limit) => {
      const url = `/query?q=${urlEncode(q)}${tryMode ? '&try=true' : ''}&offset=${offset}&limit=${limit}${flags.map((f) => `&${f}=true`).join('')}`;
      const r = routeChecked(world, router, 'GET', url);
      if (r.json.error !== undefined) {
        expect(r.status, url).toBe(tryMode ? 200 : 400);
        if (typeof r.json.position === 'number') {
          expect(r.json.position, url).toBeGreaterThanOrEqual(0);
          expect(r.json.position, url).toBeLessThanOrEqual(q.length);
        }
      } else {
        expect(r.status, url).toBe(200);
        const count = (r.json.results as { entities?: unknown[] }[]).reduce((n, res) => n + (res.entities?.length ?? 0), 0);
        expect(count, url).toBeLessThanOrEqual(limit);
      }
    }), { seed: FUZZ_SEED, numRuns: RUNS });
  });

  test('q and name together, or neither, is a 400 whatever else is given', () => {
    fc.assert(fc.property(fc.option(expression, { nil: undefined }), fc.option(fc.constantFrom('SpaceShips', 'EatsQuery', 'x'), { nil: undefined }),
      fc.subarray(REPLY_FLAGS), (q, name, flags) => {
        fc.pre((q === undefined) === (name === undefined));
        let url = `/query?${flags.map((f) => `${f}=true`).join('&')}`;
        if (q !== undefined) url += `&q=${urlEncode(q)}&name=${name!}`;
        expect(routeChecked(world, router, 'GET', url).status, url).toBe(400);
      }), { seed: FUZZ_SEED, numRuns: 100 });
  });
});

describe('router fuzzing: vars', () => {
  const { world, router } = fuzzWorld(200);
  const piece = fc.oneof(
    fc.constantFrom('food', 'parent', '$food', 'this', 'x', 'FOOD', ' food ', '', 'food.x', '__proto__', 'constructor'),
    fc.string({ maxLength: 4 }),
  );
  const value = fc.oneof(fc.constantFrom('Apples', 'Pears', 'Sun', 'Sun.Earth', 'Sun/Earth', '544', '0', '-1', '99999999999', '*', '_', '$', '', 'NoSuch', 'Äpfel'),
    fc.string({ maxLength: 4 }));
  const pair = fc.oneof({ weight: 5, arbitrary: fc.tuple(piece, value).map(([n, v]) => `${n}:${v}`) }, { weight: 1, arbitrary: piece }, { weight: 1, arbitrary: fc.constantFrom(':', '::', 'food:Apples:Pears') });
  const vars = fc.tuple(fc.array(pair, { maxLength: 4 }), fc.constantFrom(',', ', ', ';'), fc.boolean())
    .map(([ps, sep, wrap]) => (wrap ? `(${ps.join(sep)})` : ps.join(sep)));

  test('any vars on any named query: a result, or a 400 about vars; the same request twice gives the same reply', () => {
    fc.assert(fc.property(fc.constantFrom('EatsQuery', 'PlanetParent', 'SpaceShips', 'Planets', 'Move'), vars, fc.boolean(), (name, v, encode) => {
      const url = `/query?name=${name}&vars=${encode ? urlEncode(v) : v}&variable_labels=true`;
      const first = routeChecked(world, router, 'GET', url);
      if (first.status !== 200) {
        expect(first.status, url).toBe(400);
        // Unencoded, a '?' or '&' inside starts another parameter, which may be the culprit instead.
        if (encode) expect(first.json.error, url).toContain("parameter 'vars'");
      }
      // The reference server's error state leaked into the next request; ours has none to leak.
      expect(routeChecked(world, router, 'GET', url), url).toEqual(first);
    }), { seed: FUZZ_SEED, numRuns: RUNS });
  });

  test('a valid binding restricts a rule to it', () => {
    const r = routeChecked(world, router, 'GET', '/query?name=EatsQuery&vars=food:Apples');
    expect(r.status).toBe(200);
    expect(r.json.results.every((res: { variables: string[] }) => res.variables[0] === 'Apples')).toBe(true);
    expect(r.json.results.length).toBeGreaterThan(0);
  });
});
