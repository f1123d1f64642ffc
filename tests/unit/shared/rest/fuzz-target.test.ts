// Property-based fuzzing of the router with hostile request targets: random paths (percent
// escapes, '..', empty and huge elements, bytes that are not UTF-8) and random parameters
// (duplicates, missing '=', huge and negative numbers, odd booleans). Every reply must be a
// fitting status with JSON (an `error` on failures), and a failed or read-only request must
// leave the world exactly as it was (fuzz-helpers: routeChecked).
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { fixedSegments } from '../../../../src/shared/protocol';
import { CONTRACT } from '../../../../src/shared/rest';
import { FUZZ_SEED, fuzzWorld, routeChecked } from './fuzz-helpers';

/** The contract's endpoint table: the endpoints, methods and parameter names below are read from it. */
const ROWS = CONTRACT.rows({ maxLimit: 500 });

// A fixed number of runs: on a loaded 2-core machine they take minutes, not seconds (seen: 47-128 s
// with other work running), so the bound is generous; it only stops a hung test.
vi.setConfig({ testTimeout: 300_000 });

const NAMES = ['Sun', 'Earth', 'Mars', 'Moon', 'Ship1', 'Ship2', 'Engine', 'SpaceShip', 'Comet', 'Apples', 'Position', 'Eats',
  'ecs', 'core', 'World', 'monitor', 'rest', 'Rest', 'EatsQuery', 'Planets', 'world', 'pipeline', '1s', '1m', '1w'];
const NUMBERS = ['544', '548', '549', '0', '-1', '4294967296', '99999999999999999999', '1e3', '0x220', '9007199254740993'];
const ODD = ['', '.', '..', '...', '*', '_', '$', '#', ' ', '+', '%', '%2', '%ZZ', '%25', '%2F', '%2E%2E', '%00', '%FF', '%C3', '%C3%28',
  '%ED%A0%80', '%F4%90%80%80', '%E2%82', 'Sun%2FEarth', 'Sun%00', '__proto__', 'constructor', 'prototype', 'toString', 'ecs.core.World'];

const hexByte = fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`);
/** Raw (not percent-escaped) text, including bytes above 0x7F and lone surrogates, as a careless client might send. */
const rawText = fc.string({ unit: 'binary', maxLength: 6 });

/** One path element. */
const element: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 4, arbitrary: fc.constantFrom(...ODD) },
  { weight: 2, arbitrary: fc.array(hexByte, { minLength: 1, maxLength: 4 }).map((a) => a.join('')) },
  { weight: 2, arbitrary: rawText },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 40_000 }).map((n) => 'x'.repeat(n)) },
);

const ENDPOINTS = [...new Set(ROWS.map((r) => fixedSegments(r.path).join('/'))),
  'scope', 'query_plan', '', 'ENTITY', 'entity%2F', '..', 'script'];
const TABLE_METHODS = [...new Set(ROWS.flatMap((r) => r.methods))];
const METHODS = [...TABLE_METHODS, ...TABLE_METHODS, 'GET', 'OPTIONS', 'POST', 'DELETE', 'HEAD', 'get', 'PATCH'];

const PARAM_NAMES = [...new Set(ROWS.flatMap((r) => Object.keys(r.params))),
  'foo', '', '__proto__', 'constructor', 'hasOwnProperty', 'q%00', 'li%6Dit'];
const PARAM_VALUES = ['true', 'false', '', 'TRUE', 'yes', '1', '0', '-1', '-0', '2.5', '1e3', '0x10', ' 1', '+1', '99999999999999999999',
  '9007199254740993', '000000000000007', 'NaN', 'Infinity', 'Position', 'Position%2C+Velocity', '(Eats%2C+%24food)', 'food:Apples',
  '%7B%7D', '%ZZ', '%', '1s', '1m', '*', 'ChildOf', '%FF', '%C3%28'];

/** One `name[=value]` piece (already written as it would appear in the target). */
const param: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(fc.constantFrom(...PARAM_NAMES), fc.constantFrom(...PARAM_VALUES)).map(([n, v]) => `${n}=${v}`) },
  { weight: 1, arbitrary: fc.constantFrom(...PARAM_NAMES) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...PARAM_NAMES), rawText).map(([n, v]) => `${n}=${v}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...PARAM_NAMES), fc.array(hexByte, { maxLength: 5 })).map(([n, v]) => `${n}=${v.join('')}`) },
  { weight: 1, arbitrary: fc.constantFrom('=', '==', '=true', '&', '?', '#frag', 'limit=1=2') },
);

/** Parameters after the path: each starts with `?` or `&` (docs/rest-api.md: either begins the parameters). */
const params: fc.Arbitrary<string> = fc.array(fc.tuple(fc.constantFrom('?', '&'), param), { maxLength: 6 })
  .map((ps) => ps.map(([sep, p]) => sep + p).join(''));

/** Chaos: any endpoint name, any elements, any parameters. */
const chaoticTarget: fc.Arbitrary<string> = fc.tuple(fc.constantFrom(...ENDPOINTS), fc.array(element, { maxLength: 5 }), fc.boolean(), params)
  .map(([ep, els, trailing, ps]) => `/${ep}${els.length ? `/${els.join('/')}` : ''}${trailing ? '/' : ''}${ps}`);

const PATHS = ['Sun', 'Sun/Earth', 'Sun/Mars', 'Sun/Earth/Moon', 'Ship1', 'Ship1/Engine', 'Ship2', 'SpaceShip', 'SpaceShip/Engine', 'Comet',
  'Apples', 'Position', 'Eats', 'Move', 'EatsQuery', '548', '549', '848', 'Sun/544', 'ecs', 'ecs/core/World', 'ecs/monitor', 'ecs/core/ChildOf'];
const QUERIES = ['Position', 'Position, Velocity', 'Position, ?Mass, (Eats, $food)', '(Eats, $food)', 'Planet, (ChildOf, $p)', '!Velocity, Position',
  'Position(up)', 'Mass(parent)', '(ChildOf, Sun)', '*', '(Eats, *)', 'Dust', 'Position, ecs.core.Disabled', '$this == "Sun"', '(IsA, SpaceShip)'];
const BOOLS = ['values', 'label', 'private', 'type_info', 'ids', 'id_labels', 'entity_ids', 'variable_labels', 'is_set', 'sources', 'duration'];
const SET_DATA = ['{"ids":[["Position"]],"values":[{"x":1,"y":2}]}', '{"ids":[["Mass"]],"values":[{"value":"3.5"}]}', '{"ids":[["Enemy"]]}',
  '{"ids":[["Eats","Pears"]]}', '{"ids":[["Position"],["Velocity"]],"values":[{"pos.x":1},{"x":0}]}', '{}'];

const boolParams = fc.array(fc.tuple(fc.constantFrom(...BOOLS), fc.boolean()), { maxLength: 3 }).map((ps) => ps.map(([n, v]) => `&${n}=${v}`).join(''));
const enc = (s: string) => encodeURIComponent(s);

/** Well-formed requests for every endpoint: most of them succeed, so the mutations below start from something real. */
const validTarget: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom(...PATHS), boolParams).map(([p, b]) => `/entity/${p}${b.replace('&', '?')}`),
  fc.tuple(fc.constantFrom(...QUERIES), fc.nat(20), fc.nat(20), boolParams).map(([q, o, l, b]) => `/query?q=${enc(q)}&offset=${o}&limit=${l}${b}`),
  fc.tuple(fc.constantFrom('SpaceShips', 'Planets', 'EatsQuery', 'PlanetParent', 'Move'), fc.constantFrom('', '&vars=food:Apples', '&vars=(parent%3ASun)', '&try=true'))
    .map(([n, v]) => `/query?name=${n}${v}`),
  fc.tuple(fc.constantFrom('enable', 'disable', 'delete'), fc.constantFrom(...PATHS)).map(([ep, p]) => `/${ep}/${p}`),
  fc.tuple(fc.constantFrom(...PATHS), fc.constantFrom(...SET_DATA), fc.constantFrom('?', '&')).map(([p, d, sep]) => `/set/${p}${sep}data=${enc(d)}`),
  fc.tuple(fc.constantFrom('world', 'pipeline'), fc.constantFrom('', '/1s', '/1m', '/1w', '?period=1h')).map(([c, p]) => `/stats/${c}${p}`),
  fc.constantFrom('/world', '/tables', '/openapi.json', '/world/', '/tables?x=1'),
);

/** One small corruption of a target at a relative position (0..1). */
type Mutation = { kind: number; at: number; piece: string };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.integer({ min: 0, max: 7 }),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  piece: fc.oneof(fc.constantFrom(...ODD), element, param.map((p) => `&${p}`)),
});

function mutate(t: string, m: Mutation): string {
  const i = Math.min(t.length, Math.floor(m.at * (t.length + 1)));
  switch (m.kind) {
    case 0: return t.slice(0, i) + m.piece + t.slice(i); // insert
    case 1: return t.slice(0, i) + m.piece + t.slice(i + 1); // replace one character
    case 2: return t.slice(0, Math.max(1, i)); // truncate (a cut %XX, a cut JSON value)
    case 3: return `${t}&${m.piece}`; // an extra (maybe duplicate, maybe broken) parameter
    case 4: return t.slice(0, i) + t.slice(i).replace(/[A-Za-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`); // needless escape
    case 5: return t.slice(0, i) + t.slice(i).replace('/', '//'); // empty element
    case 6: return t.slice(0, i) + t.slice(i).replace('/', '/../'); // dot-dot element
    default: return t.replace(/=(\d+)/, '=-$1'); // negative number
  }
}

/** A whole request target: mostly real requests, some corrupted, some chaos. */
const target: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: validTarget },
  { weight: 4, arbitrary: fc.tuple(validTarget, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([t, ms]) => ms.reduce(mutate, t)) },
  { weight: 2, arbitrary: chaoticTarget },
);

describe('router fuzzing: request targets', () => {
  test('random methods, paths and parameters: a fitting status and JSON, never a throw, never a change unless a PUT succeeded', () => {
    let w = fuzzWorld();
    let dirty = false;
    fc.assert(fc.property(fc.constantFrom(...METHODS), target, (method, url) => {
      // A successful PUT may have changed the world: start every case from a pristine one.
      if (dirty) { w = fuzzWorld(); dirty = false; }
      const r = routeChecked(w.world, w.router, method, url);
      if (w.router.writeMethods.includes(method) && r.status === 200) dirty = true;
    }), { seed: FUZZ_SEED, numRuns: Number(process.env.FUZZ_RUNS ?? 3000) });
  });

  test('targets that are not paths at all (no leading slash, absolute form, raw bytes) are answered the same way', () => {
    let w = fuzzWorld();
    let dirty = false;
    const odd = fc.oneof(rawText, fc.string({ maxLength: 30 }), target.map((t) => t.slice(1)), target.map((t) => `http://x${t}`),
      target.map((t) => `//${t}`), target.map((t) => `/entity${t}`));
    fc.assert(fc.property(fc.constantFrom('GET', 'PUT'), odd, (method, url) => {
      if (dirty) { w = fuzzWorld(); dirty = false; }
      if (routeChecked(w.world, w.router, method, url).status === 200 && w.router.writeMethods.includes(method)) dirty = true;
    }), { seed: FUZZ_SEED, numRuns: 600 });
  });
});

describe('router fuzzing: parameters', () => {
  const { world, router } = fuzzWorld(500);

  test('offset and limit: integers from 0 are served (limit at most the maximum), anything else is a 400 naming the parameter', () => {
    const num = fc.oneof(
      fc.integer({ min: 0, max: 1000 }).map(String),
      fc.constantFrom('500', '501', '-1', '-0', '1.5', '1e2', '0x10', ' 3', '3 ', '+3', '', '99999999999999999999', '999999999999999',
        '9999999999999999', 'abc', '%31%30', '1%00', '٣'),
    );
    fc.assert(fc.property(fc.option(num, { nil: undefined }), fc.option(num, { nil: undefined }), (offset, limit) => {
      let url = '/query?q=Position';
      if (offset !== undefined) url += `&offset=${offset}`;
      if (limit !== undefined) url += `&limit=${limit}`;
      const r = routeChecked(world, router, 'GET', url);
      const decoded = (s: string) => decodeURIComponent(s);
      const validInt = (s: string | undefined, max: number) => s === undefined || (/^\d{1,15}$/.test(decoded(s)) && Number(decoded(s)) <= max);
      const offsetOk = validInt(offset, Number.MAX_SAFE_INTEGER), limitOk = validInt(limit, 500);
      if (offsetOk && limitOk) {
        expect(r.status, url).toBe(200);
        const count = (r.json.results as { entities: unknown[] }[]).reduce((n, res) => n + res.entities.length, 0);
        expect(count, url).toBeLessThanOrEqual(limit === undefined ? 100 : Number(decoded(limit)));
      } else {
        expect(r.status, url).toBe(400);
        expect(r.json.error, url).toMatch(offsetOk ? /'limit'/ : /'offset'/);
      }
    }), { seed: FUZZ_SEED, numRuns: 400 });
  });

  test('booleans take exactly true or false; any other value is a 400 that names the parameter; duplicates: the first wins', () => {
    const value = fc.oneof(fc.constantFrom('true', 'false'), fc.constantFrom('', 'TRUE', 'True', 'yes', '1', '0', 'on', 'true ', '%74rue', 'tru%65'),
      fc.string({ maxLength: 5 }));
    fc.assert(fc.property(fc.constantFrom('values', 'label', 'private', 'type_info', 'ids', 'path'), value, fc.option(value, { nil: undefined }),
      fc.boolean(), (name, v, dup, noEquals) => {
        let url = `/entity/Sun/Earth?${noEquals ? name : `${name}=${encodeURIComponent(v)}`}`;
        if (dup !== undefined) url += `&${name}=${encodeURIComponent(dup)}`;
        const r = routeChecked(world, router, 'GET', url);
        const first = noEquals ? '' : v;
        if (first === 'true' || first === 'false') expect(r.status, url).toBe(200);
        else {
          expect(r.status, url).toBe(400);
          expect(r.json.error, url).toContain(`'${name}'`);
          expect(r.json.error, url).toContain("'true' or 'false'");
        }
      }), { seed: FUZZ_SEED, numRuns: 400 });
  });
});
