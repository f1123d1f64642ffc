// Comparisons between variables (issue 31): `==`, `!=` and `~=` with both sides variables, one
// side $this, one side a constant, in every order of terms, give what a brute-force reading of
// the query gives: every assignment of $this and the variables to the world's entities that
// satisfies every term and comparison. The reference evaluator here is written independently of
// the engine: it tries all assignments. Or-chains whose operands are comparisons and terms
// (`$this == E1 || $f != $g || Planet`, issue 30) hold where any operand holds.
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { World, type Entity } from '../../../../src/shared/ecs';
import { compileQuery } from '../../../../src/shared/query';

vi.setConfig({ testTimeout: 300_000 });

const N = 5;
const VARS = ['f', 'g', 'o'] as const;
type Var = (typeof VARS)[number] | 'this';
type Env = Record<Var, Entity>;

/** A random small world: N entities E0..E4 with Thing, some Planet, some (Eats, Ej) pairs. */
const worldSpec = fc.record({
  planets: fc.array(fc.boolean(), { minLength: N, maxLength: N }),
  eats: fc.array(fc.array(fc.boolean(), { minLength: N, maxLength: N }), { minLength: N, maxLength: N }),
});

interface Spec { text: string; vars: Var[]; holds: (env: Env) => boolean }

function build(spec: { planets: boolean[]; eats: boolean[][] }) {
  const w = new World();
  const Thing = w.tag('Thing'), Planet = w.tag('Planet'), Eats = w.tag('Eats');
  const es = Array.from({ length: N }, (_, i) => w.entity(`E${i}`));
  es.forEach((e, i) => {
    w.add(e, Thing);
    if (spec.planets[i]) w.add(e, Planet);
    spec.eats[i]!.forEach((yes, j) => { if (yes) w.add(e, w.pair(Eats, es[j]!)); });
  });
  const has = (e: Entity, id: number) => w.owns(e, id);
  const name = (e: Entity) => w.nameOf(e) ?? '';
  // Positive terms: each binds the variables it names.
  const terms: Spec[] = [
    { text: 'Thing', vars: ['this'], holds: (v) => has(v.this, Thing) },
    { text: '(Eats, $f)', vars: ['this', 'f'], holds: (v) => has(v.this, w.pair(Eats, v.f)) },
    { text: '(Eats, $g)', vars: ['this', 'g'], holds: (v) => has(v.this, w.pair(Eats, v.g)) },
    { text: 'Planet($o)', vars: ['o'], holds: (v) => has(v.o, Planet) },
  ];
  const cmp = (a: Var, op: string, b: Var | string): Spec => {
    const sideB = (v: Env) => (typeof b === 'string' && b.startsWith('E') ? es[Number(b.slice(1))]! : v[b as Var]);
    const text = `${a === 'this' ? '$this' : `$${a}`} ${op} ${b.startsWith('"') || b.startsWith('E') ? b : `$${b}`}`;
    const holds = (v: Env) => {
      if (op === '~=') return name(v[a]).includes(JSON.parse(b));
      return op === '==' ? v[a] === sideB(v) : v[a] !== sideB(v);
    };
    return { text, vars: [a, ...(VARS.includes(b as never) || b === 'this' ? [b as Var] : [])], holds };
  };
  const comparisons: Spec[] = [
    cmp('f', '==', 'g'), cmp('f', '!=', 'g'), cmp('this', '==', 'o'), cmp('this', '!=', 'o'), cmp('o', '==', 'this'),
    cmp('f', '==', 'this'), cmp('f', '!=', 'this'), cmp('f', '==', 'E1'), cmp('this', '==', 'E2'), cmp('g', '!=', 'E3'),
    cmp('f', '~=', '"1"'), cmp('this', '~=', '"2"'),
  ];
  // Or-chain operands that are terms (their variables are bound by terms outside the chain).
  const alternatives: Spec[] = [
    { text: 'Planet', vars: ['this'], holds: (v) => has(v.this, Planet) },
    { text: '(Eats, $f)', vars: ['this', 'f'], holds: (v) => has(v.this, w.pair(Eats, v.f)) },
    { text: 'Eats($o, $this)', vars: ['this', 'o'], holds: (v) => has(v.o, w.pair(Eats, v.this)) },
  ];
  return { w, es, terms, comparisons, alternatives };
}

/** Every assignment of $this and the used variables to E0..E4 that satisfies every step, as text. */
function bruteForce(es: Entity[], steps: Spec[], used: Var[], show: (env: Env) => string): string[] {
  const out = new Set<string>();
  const env = {} as Env;
  const assign = (k: number) => {
    if (k === used.length) { if (steps.every((s) => s.holds(env))) out.add(show(env)); return; }
    for (const e of es) { env[used[k]!] = e; assign(k + 1); }
  };
  assign(0);
  return [...out].sort();
}

/** The $this entities and variable values of every result of `text`, as text. */
function engine(w: World, text: string, used: Var[], show: (env: Env) => string): string[] {
  const q = compileQuery(w, text);
  const got = new Set<string>();
  for (const r of q.results()) {
    for (const row of r.rows ?? r.table!.entities.map((_, i) => i)) {
      const env = { this: r.table!.entities[row]! } as Env;
      for (const v of used) if (v !== 'this') env[v] = r.vars[q.varIndex(v)]!;
      got.add(show(env));
    }
  }
  return [...got].sort();
}

/** The steps in an order chosen by `perm`. */
function permute<T>(steps: T[], perm: number): T[] {
  const order: T[] = [];
  const pool = [...steps];
  let p = perm;
  while (pool.length) { order.push(pool.splice(p % pool.length, 1)[0]!); p = Math.floor(p / 3) + 7; }
  return order;
}

describe('comparisons between variables, $this and constants, in every order of terms', () => {
  test('or-chains of comparisons and terms hold where any operand holds, in every order', () => {
    fc.assert(fc.property(worldSpec, fc.array(fc.array(fc.nat(14), { minLength: 2, maxLength: 3 }), { minLength: 1, maxLength: 2 }), fc.nat(11), fc.boolean(), fc.nat(),
      (spec, chainPicks, cmpPick, withCmp, perm) => {
        const { w, es, terms, comparisons, alternatives } = build(spec);
        const operands = [...comparisons, ...alternatives];
        // Each chain has a comparison: picks past the comparisons' count are terms.
        const chains: Spec[] = chainPicks.map((picks) => {
          const alts = picks.map((i) => operands[i]!);
          if (!alts.some((a) => comparisons.includes(a))) alts[0] = comparisons[picks[0]! % comparisons.length]!;
          return { text: alts.map((a) => a.text).join(' || '), vars: [...new Set(alts.flatMap((a) => a.vars))], holds: (v) => alts.some((a) => a.holds(v)) };
        });
        const steps: Spec[] = [terms[0]!, ...chains, ...(withCmp ? [comparisons[cmpPick]!] : [])];
        // Every variable an operand names is bound by a term outside the chain.
        for (const s of [...steps]) for (const v of s.vars) if (!steps.some((t) => terms.includes(t) && t.vars.includes(v))) steps.push(terms.find((t) => t.vars.includes(v))!);
        const used = [...new Set<Var>(['this', ...steps.flatMap((s) => s.vars)])];
        const show = (env: Env) => used.map((v) => `${v}=${w.nameOf(env[v])}`).join(' ');
        const text = permute(steps, perm).map((s) => s.text).join(', ');
        expect(engine(w, text, used, show), text).toEqual(bruteForce(es, steps, used, show));
      }), { numRuns: 400, seed: 30 });
  });

  test('the engine gives what trying every assignment gives', () => {
    fc.assert(fc.property(worldSpec, fc.subarray([0, 1, 2, 3], { minLength: 1 }), fc.array(fc.nat(11), { minLength: 1, maxLength: 2 }), fc.nat(),
      (spec, termPicks, cmpPicks, perm) => {
        const { w, es, terms, comparisons } = build(spec);
        // Thing always: results are $this entities. Every variable a comparison names is bound by a term.
        const chosen = [terms[0]!, ...termPicks.filter((i) => i > 0).map((i) => terms[i]!)];
        const cmps = cmpPicks.map((i) => comparisons[i]!);
        for (const c of cmps) for (const v of c.vars) if (!chosen.some((t) => t.vars.includes(v))) chosen.push(terms.find((t) => t.vars.includes(v))!);
        const steps = [...chosen, ...cmps];
        const used = [...new Set<Var>(['this', ...steps.flatMap((s) => s.vars)])];
        const show = (env: Env) => used.map((v) => `${v}=${w.nameOf(env[v])}`).join(' ');
        const text = permute(steps, perm).map((s) => s.text).join(', ');
        expect(engine(w, text, used, show), text).toEqual(bruteForce(es, steps, used, show));
      }), { numRuns: 400, seed: 31 });
  });
});
