// The table-level matcher (the fast path for plans of terms alone) against the rules engine (the
// general path): on random worlds (components, tags, pairs with targets, parents, prefabs and
// instances, disabled entities) and random term-only queries (plain, optional, not, wildcards,
// `_`, variables as pair targets and as sources, fixed sources, up traversal), both give the same
// results in the same order: tables, counts, ids, sources, is_set and variable values. Also with
// variables given in advance, with empty tables reported (as caches evaluate), and stopped early.
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { World, type Entity } from '../../../../src/shared/ecs';
import { QueryBudget, compileQuery, type QueryResult } from '../../../../src/shared/query';
import { Evaluation } from '../../../../src/shared/query/evaluate';
import { runPlan } from '../../../../src/shared/query/run-plan';
import { TableMatcher } from '../../../../src/shared/query/table-matcher';

vi.setConfig({ testTimeout: 300_000 });

const N = 8;

/** Per entity: which ids it has, whom it eats/likes, its parent and its base (indices into the entities, -1 none). */
const entitySpec = fc.record({
  position: fc.boolean(), velocity: fc.boolean(), planet: fc.boolean(), thing: fc.boolean(), disabled: fc.nat(9),
  eats: fc.array(fc.boolean(), { minLength: N, maxLength: N }), likes: fc.integer({ min: -1, max: N - 1 }),
  parent: fc.integer({ min: -1, max: N - 1 }), base: fc.integer({ min: -1, max: 2 }),
});
const worldSpec = fc.array(entitySpec, { minLength: N, maxLength: N });

/** Terms the generated queries are made of: every form the matcher takes. */
const TERMS = [
  'Position', 'Velocity', 'Planet', 'Thing', '!Planet', '?Velocity', '!Velocity', '(Eats, $f)', '(Eats, *)', '(Eats, _)',
  '(Likes, $f)', '(Likes, $g)', '(Eats, E1)', '?(Likes, $g)', '!(Eats, $g)', 'Planet($f)', 'Position($f)', '!Planet($f)',
  '?Position($f)', 'Thing($g)', 'Position(up(ChildOf))', 'Position(self|up(ChildOf))', 'Planet(up(ChildOf))',
  '(ChildOf, $p)', 'Planet($p)', '!Thing($p)', 'Thing(E2)', 'Position(E1)', '!Planet(E3)', 'Velocity(self)', 'Position(up)',
  '(Eats, $p)', 'Thing($h)', '(Likes, _)', '?Planet(up(ChildOf))', 'Likes($f, $g)', 'Eats($p, $f)', '!Eats($f, $g)',
];

type EntitySpec = typeof entitySpec extends fc.Arbitrary<infer T> ? T : never;

function build(spec: EntitySpec[]) {
  const w = new World();
  const Position = w.component('Position', { x: 'f32' });
  const Velocity = w.component('Velocity', { x: 'f32' });
  const Planet = w.tag('Planet'), Thing = w.tag('Thing'), Eats = w.tag('Eats'), Likes = w.tag('Likes');
  // Three prefabs to inherit from: one with Position, one with Planet, one with both.
  const bases = [w.prefab('B0'), w.prefab('B1'), w.prefab('B2')];
  w.set(bases[0]!, Position, { x: 1 }); w.add(bases[1]!, Planet); w.set(bases[2]!, Position, { x: 2 }); w.add(bases[2]!, Planet);
  const es = spec.map((_, i) => w.entity(`E${i}`));
  spec.forEach((s, i) => {
    const e = es[i]!;
    if (s.base >= 0) w.add(e, w.pair(w.core.IsA, bases[s.base]!));
    if (s.position) w.set(e, Position, { x: i });
    if (s.velocity) w.set(e, Velocity, { x: i });
    if (s.planet) w.add(e, Planet);
    if (s.thing) w.add(e, Thing);
    s.eats.forEach((yes, j) => { if (yes) w.add(e, w.pair(Eats, es[j]!)); });
    if (s.likes >= 0) w.add(e, w.pair(Likes, es[s.likes]!));
  });
  // Parents after the rest, a parent only ever of a later entity (no cycles); some entities
  // disabled. Not E0-E3: the queries name them, at the root.
  spec.forEach((s, i) => { if (i >= 4 && s.parent >= 0 && s.parent < i) w.add(es[i]!, w.pair(w.core.ChildOf, es[s.parent]!)); });
  spec.forEach((s, i) => { if (i >= 4 && s.disabled === 0) w.add(es[i]!, w.core.Disabled); });
  return { w, es };
}

/**
 * Ids made DontInherit (self only), by a generated choice: none, the relationships, every id, or two
 * components. A term on such an id walks its own record (one-term queries: walkOne) where an
 * inherited one also walks the IsA tables.
 */
const OWN_CHOICES: readonly (readonly string[])[] = [[], ['Eats', 'Likes'], ['Position', 'Velocity', 'Planet', 'Thing', 'Eats', 'Likes'], ['Position', 'Planet']];
function makeOwn(w: World, choice: number): void {
  for (const name of OWN_CHOICES[choice % OWN_CHOICES.length]!) w.add(w.lookup(name), w.core.DontInherit);
}

/** Every result as text, in order: table, rows, count, and per field id, source and is_set, then the variables. */
function show(r: QueryResult): string {
  const fields = r.ids.map((id, i) => `${id}@${r.sources[i]}:${r.isSet[i] ? 1 : 0}`).join(' ');
  return `t${r.table?.id ?? '-'} rows=${r.rows?.join(',') ?? 'all'} n=${r.count} [${fields}] vars=${r.vars.slice(1).join(',')}`;
}

/** Results of the rules engine and of the matcher for a query, `stopAfter` results at most. */
function both(w: World, text: string, bound: Entity[], emitEmpty: boolean, stopAfter: number): [string[], string[]] {
  const q = compileQuery(w, text);
  expect(TableMatcher.of(w, q.plan), `${text} is run by the matcher`).not.toBeNull();
  const run = (each: (fn: (r: QueryResult) => boolean) => void) => {
    const out: string[] = [];
    each((r) => { out.push(show(r)); return out.length < stopAfter; });
    return out;
  };
  const slow = run((fn) => new Evaluation(w, q.plan, QueryBudget.unbounded(), bound, emitEmpty).run(fn));
  const fast = run((fn) => runPlan(w, q.plan, QueryBudget.unbounded(), fn, bound, emitEmpty));
  return [slow, fast];
}

describe('the table-level matcher gives what the rules engine gives', () => {
  test('random worlds and queries of terms: the same results in the same order', () => {
    fc.assert(fc.property(worldSpec, fc.array(fc.nat(TERMS.length - 1), { minLength: 1, maxLength: 4 }), fc.boolean(), fc.nat(30), fc.nat(OWN_CHOICES.length - 1),
      (spec, picks, emitEmpty, stop, own) => {
        const { w } = build(spec);
        makeOwn(w, own);
        const picked = picks.map((i) => TERMS[i]!).join(', ');
        // Results are $this entities: a query of terms on other sources alone gets a term on $this.
        const text = compileQuery(w, picked).plan.hasThis ? picked : `Thing, ${picked}`;
        const [slow, fast] = both(w, text, [], emitEmpty, stop === 0 ? Infinity : stop);
        expect(fast, text).toEqual(slow);
      }), { numRuns: 300, seed: 46 });
  });

  test('with variables given in advance', () => {
    // Without `Thing, ` in front half the time, so that one-term queries (walked by walkOne) get a given variable too.
    fc.assert(fc.property(worldSpec, fc.array(fc.nat(TERMS.length - 1), { minLength: 1, maxLength: 3 }), fc.nat(N - 1), fc.boolean(), fc.nat(OWN_CHOICES.length - 1), (spec, picks, at, lead, own) => {
      const { w, es } = build(spec);
      makeOwn(w, own);
      const picked = picks.map((i) => TERMS[i]!).join(', ');
      const text = lead || !compileQuery(w, picked).plan.hasThis ? `Thing, ${picked}` : picked;
      const q = compileQuery(w, text);
      // $f, $g or $p, whichever the query has, given as one entity.
      const bound: Entity[] = [];
      for (const v of ['f', 'g', 'p']) { const i = q.varIndex(v); if (i > 0) bound[i] = es[at]!; }
      const [slow, fast] = both(w, text, bound, false, Infinity);
      expect(fast, text).toEqual(slow);
    }), { numRuns: 200, seed: 47 });
  });

  test('a join started from the variable\'s side (`(R, $v), X($v)`) gives the walk\'s results in its order', () => {
    // Fewer holders of X than (R, *) tables: the matcher starts from the holders' (R, v) records
    // (target-join.ts) and must put the tables back in the (R, *) walk's order, and count values
    // that inherit X through IsA (the bases B1 and B2 have Planet, B0 and B2 Position).
    const pairs = ['(Eats, $f)', '(Likes, $f)', '(ChildOf, $f)'];
    const drivers = ['Planet($f)', 'Position($f)', 'Thing($f)', 'Planet($f|self)', 'Position($f|self)'];
    // Eats and Likes inherited or not: an inherited `(R, $v)` on $this walks IsA tables too, not the join.
    fc.assert(fc.property(worldSpec, fc.nat(pairs.length - 1), fc.nat(drivers.length - 1), fc.array(fc.nat(TERMS.length - 1), { maxLength: 2 }), fc.boolean(), fc.nat(6), fc.boolean(),
      (spec, p, d, more, emitEmpty, stop, own) => {
        const { w } = build(spec);
        if (own) for (const r of ['Eats', 'Likes']) w.add(w.lookup(r), w.core.DontInherit);
        const text = [pairs[p]!, drivers[d]!, ...more.map((i) => TERMS[i]!)].join(', ');
        const [slow, fast] = both(w, text, [], emitEmpty, stop === 0 ? Infinity : stop);
        expect(fast, text).toEqual(slow);
      }), { numRuns: 400, seed: 48 });
  });

  test('a join evaluated again, its lists kept from the last evaluation, gives what the engine gives as the world changes', () => {
    // The matcher keeps an evaluation's lists for the next one (target-join.ts writes them in
    // place): the second and later evaluations of one compiled query must not read the first's.
    const drivers = ['Planet($f)', 'Position($f)', 'Planet($f|self)'];
    fc.assert(fc.property(worldSpec, fc.nat(drivers.length - 1), fc.array(fc.tuple(fc.nat(N - 1), fc.nat(N - 1)), { minLength: 1, maxLength: 4 }), (spec, d, changes) => {
      const { w, es } = build(spec);
      w.add(w.lookup('Eats'), w.core.DontInherit);
      const q = compileQuery(w, `(Eats, $f), ${drivers[d]!}`);
      const Planet = w.lookup('Planet'), Eats = w.lookup('Eats');
      const run = (each: (fn: (r: QueryResult) => void) => void) => { const out: string[] = []; each((r) => { out.push(show(r)); }); return out; };
      for (const [a, b] of [[0, 0] as [number, number], ...changes]) {
        // Each round: one entity gains or loses Planet, another a pair (Eats, it).
        if (w.has(es[a]!, Planet)) w.remove(es[a]!, Planet); else w.add(es[a]!, Planet);
        if (w.has(es[b]!, w.pair(Eats, es[a]!))) w.remove(es[b]!, w.pair(Eats, es[a]!)); else w.add(es[b]!, w.pair(Eats, es[a]!));
        const slow = run((fn) => new Evaluation(w, q.plan, QueryBudget.unbounded()).run(fn));
        const fast = run((fn) => runPlan(w, q.plan, QueryBudget.unbounded(), fn));
        expect(fast, q.expr).toEqual(slow);
      }
    }), { numRuns: 200, seed: 49 });
  });

  test('a table with two pairs to values of the join gives them in type order, inherited or not', () => {
    // Low inherits Planet from a prefab, High has its own: the join meets High first (holders
    // before inheritors), the walk meets (Eats, Low) first (the type is sorted by id). Eats is
    // not inherited, so `(Eats, $f)` is self only and the walk (or join) reads its own record.
    const w = new World();
    const Eats = w.tag('Eats'), Planet = w.tag('Planet');
    w.add(Eats, w.core.DontInherit);
    const base = w.prefab('Base');
    w.add(base, Planet);
    const low = w.entity('Low'), high = w.entity('High');
    w.add(low, w.pair(w.core.IsA, base)); w.add(high, Planet);
    for (let i = 0; i < 4; i++) w.add(w.entity(`Other${i}`), w.pair(Eats, w.entity(`Food${i}`)));
    const x = w.entity('X');
    w.add(x, w.pair(Eats, high)); w.add(x, w.pair(Eats, low));
    const q = compileQuery(w, '(Eats, $f), Planet($f)');
    const [slow, fast] = both(w, q.expr, [], false, Infinity);
    expect(fast).toEqual(slow);
    expect(q.results().map((r) => w.nameOf(r.vars[1]!))).toEqual(['Low', 'High']);
  });

  test('a term whose pattern follows a variable reads its source\'s table anew for each value', () => {
    // S likes X and Y; A eats X, B eats Y (two tables), both friends of S: `Likes($s, $g)` asks
    // S's one table for (Likes, X), then for (Likes, Y), at different places of its type.
    const w = new World();
    const Eats = w.tag('Eats'), Likes = w.tag('Likes'), Friend = w.tag('Friend');
    const [x, y, s] = [w.entity('X'), w.entity('Y'), w.entity('S')];
    w.add(s, w.pair(Likes, x)); w.add(s, w.pair(Likes, y));
    for (const [name, food] of [['A', x], ['B', y]] as const) { const e = w.entity(name); w.add(e, w.pair(Eats, food)); w.add(e, w.pair(Friend, s)); }
    const q = compileQuery(w, '(Friend, $s), (Eats, $g), Likes($s, $g)');
    const [slow, fast] = both(w, q.expr, [], false, Infinity);
    expect(fast).toEqual(slow);
    expect(q.entities().map((e) => w.nameOf(e))).toEqual(['A', 'B']);
  });

  test('a result is valid during its callback; results() keeps copies', () => {
    const w = new World();
    const Eats = w.tag('Eats');
    const foods = [w.entity('Apple'), w.entity('Pear')];
    const e = w.entity('E');
    for (const f of foods) w.add(e, w.pair(Eats, f));
    const q = compileQuery(w, '(Eats, $food)');
    expect(TableMatcher.of(w, q.plan)).not.toBeNull();
    const seen: string[] = [];
    q.each((r) => { seen.push(w.nameOf(r.vars[1]!)!); });
    expect(seen).toEqual(['Apple', 'Pear']);
    expect(q.results().map((r) => w.nameOf(r.vars[1]!))).toEqual(['Apple', 'Pear']);
  });

  test('an evaluation started inside another one\'s callback does not disturb it', () => {
    const w = new World();
    const Eats = w.tag('Eats');
    const foods = [w.entity('Apple'), w.entity('Pear')];
    for (let i = 0; i < 3; i++) { const e = w.entity(`E${i}`); w.add(e, w.pair(Eats, foods[i % 2]!)); }
    const q = compileQuery(w, '(Eats, $food)');
    const outer: string[] = [];
    q.each((r) => {
      const inner = q.results().length;
      outer.push(`${w.nameOf(r.vars[1]!)} ${r.count} ${inner}`);
    });
    expect(outer).toEqual(['Apple 2 2', 'Pear 1 2']);
  });

  test('plans with more than terms go to the rules engine', () => {
    const w = new World();
    w.tag('Planet'); w.tag('Thing');
    for (const text of ['Planet, $this == Planet', 'Planet || Thing', 'Planet, { Thing }', 'Planet, (ChildOf, $this)', 'Planet($a)', 'Planet(cascade)']) {
      expect(TableMatcher.of(w, compileQuery(w, text).plan), text).toBeNull();
    }
  });
});
