// Cached rules: a CachedQuery of a rule with variables (`(ChildOf, $p), Planet($p)`) gives the same
// results as evaluating the rule, whatever happens to the entities its variables stand for.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CachedQuery } from '../../../../src/shared/pipeline';
import { World, type Entity } from '../../../../src/shared/ecs';
import { compileQuery, type QueryResult } from '../../../../src/shared/query';

const RULES = [
  '(ChildOf, $p), Planet($p)',
  'Position, (ChildOf, $p), !Planet($p)',
  '(Eats, $food), Tasty($food)',
  '(Eats, $food), ChildOf($food, $p)',
  'Position(up(ChildOf)), (ChildOf, $p), Planet($p)',
];

/** Results as comparable text: the matched entities with the variables and ids of each result. */
function shape(w: World, each: (fn: (r: QueryResult) => void) => void): string[] {
  const out: string[] = [];
  each((r) => {
    if (r.table === null || r.count === 0) return;
    for (const e of r.table.entities.slice(0, r.count)) out.push(`${w.pathOf(e)} ${r.vars.slice(1).map((v) => w.pathOf(v)).join(',')} ${r.ids.join(',')}`);
  });
  return out.sort();
}

type Op = { kind: 'planet' | 'unplanet' | 'tasty' | 'untasty' | 'reparent' | 'eat' | 'delete' | 'disable' | 'position' | 'spawn'; a: number; b: number };

const op: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('planet', 'unplanet', 'tasty', 'untasty', 'reparent', 'eat', 'delete', 'disable', 'position', 'spawn'),
  a: fc.nat(11), b: fc.nat(11),
});

function setup() {
  const w = new World();
  const Position = w.component('Position', { x: 'f32' });
  const Planet = w.tag('Planet'), Tasty = w.tag('Tasty'), Eats = w.tag('Eats');
  const ents: Entity[] = [];
  for (let i = 0; i < 12; i++) ents.push(w.entity(`E${i}`));
  for (let i = 4; i < 12; i++) w.add(ents[i]!, w.pair(w.core.ChildOf, ents[i % 4]!));
  w.add(ents[0]!, Planet);
  w.set(ents[1]!, Position, { x: 1 });
  return { w, Position, Planet, Tasty, Eats, ents };
}

describe('cached rules', () => {
  test('these rules are cached, not evaluated every time', () => {
    const { w } = setup();
    for (const rule of RULES) expect(new CachedQuery(compileQuery(w, rule)).cacheable, rule).toBe(true);
    for (const rule of ['Position(E1)', '?(Eats, $food), Tasty($food)', 'Planet, $this ~= "E"', '(Eats, $this)']) {
      expect(new CachedQuery(compileQuery(w, rule)).cacheable, rule).toBe(false);
    }
  });

  test('give the results of evaluating the rule after any sequence of changes', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
      const { w, Position, Planet, Tasty, Eats, ents } = setup();
      const queries = RULES.map((r) => compileQuery(w, r));
      const cached = queries.map((q) => new CachedQuery(q));
      const alive = (i: number) => { const e = ents[i]!; return w.isAlive(e) ? e : 0; };
      for (const o of ops) {
        const a = alive(o.a), b = alive(o.b);
        if (o.kind === 'spawn') { ents[o.a] = w.entity(); continue; }
        if (a === 0) continue;
        switch (o.kind) {
          case 'planet': w.add(a, Planet); break;
          case 'unplanet': w.remove(a, Planet); break;
          case 'tasty': w.add(a, Tasty); break;
          case 'untasty': w.remove(a, Tasty); break;
          case 'reparent': if (b !== 0 && a !== b) { try { w.add(a, w.pair(w.core.ChildOf, b)); } catch { /* a cycle or a name clash is refused */ } } break;
          case 'eat': if (b !== 0) w.add(a, w.pair(Eats, b)); break;
          case 'delete': w.delete(a); break;
          case 'disable': w.add(a, w.core.Disabled); break;
          case 'position': w.set(a, Position, { x: o.b }); break;
        }
        queries.forEach((q, i) => {
          expect(shape(w, (fn) => cached[i]!.each(fn)), RULES[i]).toEqual(shape(w, (fn) => q.each(fn)));
        });
      }
      for (const c of cached) c.dispose();
    }), { numRuns: 150, seed: 20261123 });
  });
});
