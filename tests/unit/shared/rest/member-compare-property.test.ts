/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads replies as parsed JSON of known shape */
// Member comparisons (issue 44): on random worlds, `GET /query?q=Gauge.level < 0.25` (and the same
// comparison beside a term, negated in a scope, in an or-chain, or two at once) returns exactly the
// entities that a brute-force filter picks from the values the same router reads back with
// `GET /query?q=Gauge&values=true`. The filter is plain JavaScript over the JSON values; the
// numbers compared with are values read back (for the f32 member, its own) or numbers exact in f32,
// so the rule that an f32 member compares with the number rounded to f32 gives the same answer as
// comparing the text read. (With another number it need not: `level == 5e-324` holds for a level
// of 0, as 5e-324 rounds to 0 in f32; member-compare.test.ts asserts that rule.)
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { createRouter, type Router } from '../../../../src/shared/rest';

vi.setConfig({ testTimeout: 300_000 });

const MODES = ['Off', 'Low', 'High'] as const;
const NUMERIC = ['level', 'count', 'big'] as const;
const OPS = ['==', '!=', '<', '<=', '>', '>='] as const;
type Op = (typeof OPS)[number];

const quarter = fc.integer({ min: -8, max: 8 }).map((k) => k / 4);
const gauge = fc.record({
  level: fc.oneof(quarter, fc.float({ noNaN: true, noDefaultInfinity: true })),
  count: fc.integer({ min: -5, max: 5 }),
  big: fc.oneof(quarter, fc.double({ noNaN: true, noDefaultInfinity: true })),
  mode: fc.constantFrom(...MODES),
});
const entitySpec = fc.record({ has: fc.constantFrom('own', 'own', 'base0', 'base1', 'none'), value: gauge, tag: fc.boolean() });
const worldSpec = fc.record({ bases: fc.tuple(gauge, gauge), entities: fc.array(entitySpec, { minLength: 1, maxLength: 12 }) });

/** A comparison as written: member, operator and the right side's text. */
const compareSpec = fc.record({
  member: fc.constantFrom(...NUMERIC, 'mode'),
  op: fc.constantFrom(...OPS),
  // Which right side: a value read back (index into the world's values), or a fixed one.
  pick: fc.nat(40), fixed: quarter, mode: fc.constantFrom(...MODES),
});
const shapeSpec = fc.constantFrom('alone', 'with-tag', 'negated', 'or-tag', 'two');
type WorldSpec = typeof worldSpec extends fc.Arbitrary<infer T> ? T : never;
type CompareSpec = typeof compareSpec extends fc.Arbitrary<infer T> ? T : never;

function build(spec: WorldSpec): Router {
  const w = new World();
  const Gauge = w.component('Gauge', { level: 'f32', count: 'i32', big: 'f64', mode: { enum: MODES } });
  const Tag = w.tag('Tag');
  const bases = spec.bases.map((v, i) => { const b = w.prefab(`Base${i}`); w.set(b, Gauge, v); return b; });
  spec.entities.forEach((e, i) => {
    const ent = w.entity(`E${i}`);
    if (e.has === 'own') w.set(ent, Gauge, e.value);
    else if (e.has !== 'none') w.add(ent, w.pair(w.core.IsA, bases[e.has === 'base0' ? 0 : 1]!));
    if (e.tag) w.add(ent, Tag);
  });
  return createRouter(w, {});
}

function get(r: Router, url: string): any {
  const reply = r.route('GET', url);
  expect(reply.status, `${url}: ${reply.body}`).toBe(200);
  return JSON.parse(reply.body);
}

/** Entity names a query returns. */
function names(r: Router, expr: string): string[] {
  return get(r, `/query?q=${encodeURIComponent(expr)}&limit=1000`).results.flatMap((x: any) => x.entities).sort();
}

/** Each entity's Gauge value as the router reads it back (own values per entity, inherited ones shared by the result). */
function readBack(r: Router): Map<string, Record<string, number | string>> {
  const out = new Map<string, Record<string, number | string>>();
  for (const res of get(r, '/query?q=Gauge&values=true&limit=1000').results) {
    const v = res.values[0];
    res.entities.forEach((name: string, i: number) => out.set(name, Array.isArray(v) ? v[i] : v));
  }
  return out;
}

/** Every entity name and whether it has Tag, read back the same way. */
function tagged(r: Router): Set<string> {
  return new Set(names(r, 'Tag'));
}

function holds(op: Op, a: number | string, b: number | string): boolean {
  switch (op) {
    case '==': return a === b;
    case '!=': return a !== b;
    case '<': return a < b;
    case '<=': return a <= b;
    case '>': return a > b;
    case '>=': return a >= b;
  }
}

describe('member comparisons against a brute-force filter over values read back', () => {
  test('the engine returns exactly the entities whose read-back value passes', () => {
    fc.assert(fc.property(worldSpec, compareSpec, compareSpec, shapeSpec, (spec, c1, c2, shape) => {
      const r = build(spec);
      const values = readBack(r);
      const all = names(r, '$this ~= "E"');
      const tags = tagged(r);
      // Numbers read back of any member, but for the f32 one its own (another's may not be exact in f32).
      const readTexts = (member: string) => [...values.values()].flatMap((v) => NUMERIC.filter((m) => member !== 'level' || m === 'level').map((m) => JSON.stringify(v[m])));
      // The written comparison and its brute-force twin over the read-back values.
      const compare = (c: CompareSpec) => {
        if (c.member === 'mode') {
          const op = c.op === '==' || c.op === '!=' ? c.op : '==';
          return { text: `Gauge.mode ${op} ${c.mode}`, test: (v: Record<string, number | string> | undefined) => v !== undefined && holds(op, v.mode!, c.mode) };
        }
        const texts = readTexts(c.member);
        const right = c.pick < texts.length ? texts[c.pick]! : String(c.fixed);
        return { text: `Gauge.${c.member} ${c.op} ${right}`, test: (v: Record<string, number | string> | undefined) => v !== undefined && holds(c.op, v[c.member]!, Number(right)) };
      };
      const a = compare(c1), b = compare(c2);
      const cases: Record<string, [string, (e: string) => boolean]> = {
        alone: [a.text, (e) => a.test(values.get(e))],
        'with-tag': [`Tag, ${a.text}`, (e) => tags.has(e) && a.test(values.get(e))],
        negated: [`Gauge, !{ ${a.text} }`, (e) => values.has(e) && !a.test(values.get(e))],
        'or-tag': [`${a.text} || Tag`, (e) => a.test(values.get(e)) || tags.has(e)],
        two: [`${a.text}, ${b.text}`, (e) => a.test(values.get(e)) && b.test(values.get(e))],
      };
      const [expr, want] = cases[shape]!;
      expect(names(r, expr), expr).toEqual(all.filter(want).sort());
    }), { numRuns: 300 });
  });
});
