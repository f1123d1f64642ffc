// explainMatch's sentences where the reference world is too small to reach them: long lists cut
// at five, a chain deeper than the walk goes, variables given by the caller next to ones bound by
// earlier steps, sources that died after the query was compiled.
import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { compileQuery, explainMatch } from '../../../../src/shared/query';

const w = new World();
const Eats = w.tag('Eats'), Tag = w.tag('Tag');
const Mass = w.component('Mass', { value: 'f32' });
// Glutton eats seven foods: more than a message lists.
const foods = Array.from({ length: 7 }, (_, i) => w.entity(`Food${i}`));
const glutton = w.entity('Glutton');
w.add(glutton, Tag);
for (const f of foods) w.add(glutton, w.pair(Eats, f));
// A ChildOf chain of 40 levels, L0 at the root: deeper than explain walks up (32 levels).
const levels = [w.entity('L0')];
for (let i = 1; i < 40; i++) levels.push(w.entity({ name: `L${i}`, parent: levels[i - 1]! }));
const deepest = levels[39]!;
w.add(deepest, Tag);
const picky = w.entity({ name: 'Picky', parent: levels[0]! });
w.add(picky, Tag);
w.add(picky, w.pair(Eats, foods[0]!));
// Base is a prefab with Mass and a prefab child; Inst is an instance of it with a plain child.
const base = w.prefab('Base');
w.set(base, Mass, { value: 1 });
w.add(w.prefab({ name: 'Kid', parent: base }), Tag);
const inst = w.instantiate(base, { name: 'Inst' });
w.add(w.entity({ name: 'Child', parent: inst }), Tag);

/** The failed steps of explaining `q` for `path`, as `text: code: message`. */
function failures(q: string, path: string | number, vars: Record<string, number> = {}): string[] {
  const e = typeof path === 'number' ? path : w.lookup(path);
  return explainMatch(compileQuery(w, q), e, vars).steps.filter((s) => !s.holds).map((s) => `${s.text}: ${s.why!.code}: ${s.why!.message}`);
}

describe('lists in messages stop at five', () => {
  test('the pairs an entity has when (Rel, 0) asks for none', () => {
    expect(failures('Tag, (Eats, 0)', 'Glutton')).toEqual([
      '(Eats, 0): excluded: Glutton has (Eats, Food0), (Eats, Food1), (Eats, Food2), (Eats, Food3), (Eats, Food4) and 2 more, and (Eats, 0) asks for none']);
  });
  test('the pairs it has instead of the given value', () => {
    expect(failures('Tag, (Eats, $f)', 'Glutton', { f: levels[0]! })).toEqual([
      '(Eats, $f): wrong-binding: Glutton has (Eats, Food0), (Eats, Food1), (Eats, Food2), (Eats, Food3), (Eats, Food4) and 2 more, not (Eats, L0) ($f = L0, given)']);
  });
  test('the ancestors looked at: the nearest five, and the count of the rest up to 33 levels', () => {
    const nearest = levels.slice(34, 39).reverse().map((e) => w.pathOf(e)).join(', ');
    const self = w.pathOf(deepest);
    expect(failures('Tag, Mass(up(ChildOf))', deepest)).toEqual([
      `Mass(up(ChildOf)): not-inherited: nothing up ${self}'s ecs.core.ChildOf chain (${nearest} and 28 more) has Mass`]);
    expect(failures('Tag, Eats(self|up(ChildOf), $f)', deepest)).toEqual([
      `Eats(self|up(ChildOf), $f): not-inherited: ${self} has no (Eats, $f), and nothing up its ecs.core.ChildOf chain (${nearest} and 28 more) has it, so $f cannot be bound`]);
  });
});

describe('where a variable got its value', () => {
  test('bound by an earlier step', () => {
    expect(failures('Tag, (ChildOf, $p), (Eats, $p)', 'L0.Picky')).toEqual([
      '(Eats, $p): wrong-binding: L0.Picky has (Eats, Food0), not (Eats, L0) ($p = L0, bound by the steps before)']);
  });
  test('given by the caller stays given after earlier steps, next to one those steps bound', () => {
    expect(failures('Tag, (ChildOf, $p), ($r, $p)', 'L0.Picky', { r: Eats })).toEqual([
      '($r, $p): wrong-binding: L0.Picky has (ecs.core.Identifier, ecs.core.Name), (ecs.core.ChildOf, L0), (Eats, Food0), not (Eats, L0) '
      + '($r = Eats, given; $p = L0, bound by the steps before)']);
  });
  test('a comparison of a variable no step bound', () => {
    expect(failures('Tag, $x != L0', 'Glutton')).toEqual(['$x != L0: unbound-variable: $x is not bound by any step before $x != …']);
  });
  test('a source variable that only prefabs could be', () => {
    expect(failures('Tag, ChildOf($x, Base)', 'Glutton')).toEqual([
      'ChildOf($x, Base): unbound-variable: no entity that has (ecs.core.ChildOf, Base) can be $x: those that have it are disabled or prefabs, or fail the steps before']);
  });
});

describe('traversal and sources', () => {
  test('up ChildOf also looks at the IsA bases of the ancestors, as the engine does', () => {
    expect(failures('Tag, Eats(up(ChildOf), $f)', 'Inst.Child')).toEqual([
      'Eats(up(ChildOf), $f): not-inherited: nothing up Inst.Child\'s ecs.core.ChildOf chain (Inst, Base) has (Eats, $f), so $f cannot be bound']);
    expect(failures('Tag, Mass(up(ChildOf))', 'Inst.Child')).toEqual([]);
  });
  test('up without a relationship is up IsA: nothing to traverse on an entity without a base', () => {
    expect(failures('Tag, Mass(up)', 'Inst.Child')).toEqual(['Mass(up): traversal: Inst.Child has no (ecs.core.IsA, *) pair to traverse up']);
  });
  test('the any source: no entity at all has the id', () => {
    expect(failures('Tag, Eats(_, L0)', 'Glutton')).toEqual(['Eats(_, L0): missing: no entity has (Eats, L0)']);
  });
  test('a fixed source deleted after the query was compiled', () => {
    const gone = w.entity('Gone');
    const q = compileQuery(w, 'Tag, Mass(Gone)');
    w.delete(gone);
    const x = explainMatch(q, glutton);
    expect(x.steps.filter((s) => !s.holds).map((s) => s.why)).toEqual([{ code: 'source-gone', message: `the source ${gone} is not an alive entity` }]);
  });
  test('a ! term inside a scope: excluded, without the source (the scope has no field of its own)', () => {
    expect(failures('Tag, { Tag, !Eats(self, *) }', 'Glutton')).toEqual(['{ Tag, !Eats(self, *) }: scope: the scope found no match: excluded by !(Eats, *): it matched']);
  });
  test('wildcards are printed as written', () => {
    expect(failures('Tag, (Eats, *), (Eats, _)', 'L0.L1')).toEqual([
      'Tag: missing: L0.L1 has no Tag', '(Eats, *): missing: L0.L1 has no (Eats, *)', '(Eats, _): missing: L0.L1 has no (Eats, _)']);
  });
});

describe('what cannot match at all', () => {
  test('an id no entity has: not-alive, with no steps', () => {
    expect(explainMatch(compileQuery(w, 'Tag'), 999_999)).toEqual({
      entity: '999999', query: 'Tag', matches: false, blockers: [{ code: 'not-alive', message: 'no alive entity has id 999999' }], steps: [], vars: {} });
  });
  test('the empty query', () => {
    const x = explainMatch(compileQuery(w, ''), glutton);
    expect(x.matches).toBe(false);
    expect(x.blockers.map((b) => b.code)).toEqual(['empty', 'no-this']);
    expect(x.blockers[0]!.message).toBe('the query has no terms: an empty query matches nothing');
  });
});

describe('each step as the explorer and agents receive it', () => {
  const v = new World();
  const VEats = v.tag('Eats'), VTag = v.tag('Tag');
  const VMass = v.component('Mass', { value: 'f32' });
  const vBase = v.prefab('Base');
  v.set(vBase, VMass, { value: 1 });
  v.add(vBase, VTag);
  const vInst = v.instantiate(vBase, { name: 'Inst' });
  v.add(vInst, v.pair(VEats, v.entity('Apple')));
  const plain = v.entity('Plain');
  v.add(plain, VTag);
  const explainV = (q: string, e: number) => explainMatch(compileQuery(v, q), e);
  const inherited = { id: 'Tag', source: 'Base', via: 'ecs.core.IsA' };

  test('kind, text as written, operator, offset in the query, and where a held id was found', () => {
    const x = explainV('Tag, ?Mass, !Eats(self, Inst), $this == Inst || Eats, { (Eats, $f) }, ?{ Mass(Base) }', vInst);
    expect(x.matches).toBe(true);
    expect(x.vars).toEqual({ f: 'Apple' });
    // In evaluation order: the planner runs the scope that binds $f early and the ! term late.
    expect(x.steps).toEqual([
      { kind: 'term', text: 'Tag', oper: 'and', pos: 0, holds: true, alone: false, ...inherited },
      { kind: 'scope', text: '{ (Eats, $f) }', oper: 'and', pos: -1, holds: true, alone: false },
      { kind: 'term', text: '?Mass', oper: 'optional', pos: 5, holds: true, alone: false, id: 'Mass', source: 'Base', via: 'ecs.core.IsA' },
      // Won by the comparison: no id, no source.
      { kind: 'or', text: '$this == Inst || Eats', oper: 'and', pos: 31, holds: true, alone: false },
      { kind: 'term', text: '!Eats(self, Inst)', oper: 'not', pos: 12, holds: true, alone: false },
      { kind: 'scope', text: '?{ Mass(Base) }', oper: 'optional', pos: -1, holds: true, alone: false },
    ]);
  });
  test('an or-chain won by a term names its id; a failed comparison is an eq step with the and operator', () => {
    expect(explainV('Tag, Mass || $this == Plain', vInst).steps[1]).toEqual(
      { kind: 'or', text: 'Mass || $this == Plain', oper: 'and', pos: 5, holds: true, alone: false, id: 'Mass', source: 'Base', via: 'ecs.core.IsA' });
    const x = explainV('Tag, $this != Inst', vInst);
    expect(x.steps[1]).toEqual({ kind: 'eq', text: '$this != Inst', oper: 'and', pos: -1, holds: false, alone: false,
      why: { code: 'not-equal', message: '$this is Inst, the same entity as Inst' } });
  });
  test('a step after the failed one is checked alone; its own source when it is not inherited', () => {
    const x = explainV('Eats, Tag, (Eats, *)', plain);
    expect(x.steps).toEqual([
      { kind: 'term', text: 'Eats', oper: 'and', pos: 0, holds: false, alone: false, why: { code: 'missing', message: 'Plain has no Eats' } },
      { kind: 'term', text: 'Tag', oper: 'and', pos: 6, holds: true, alone: true, id: 'Tag', source: 'Plain' },
      { kind: 'term', text: '(Eats, *)', oper: 'and', pos: 11, holds: false, alone: true, why: { code: 'missing', message: 'Plain has no (Eats, *)' } },
    ]);
  });
  test('the terms of AND | T, OR | T and NOT | T are printed one by one', () => {
    expect(explainV('AND | Base', vInst).steps.map((s) => `${s.kind} ${s.text} ${s.oper} ${s.holds}`)).toEqual(['term Mass and true', 'term Tag and true']);
    expect(explainV('Tag, NOT | Base', plain).steps.map((s) => `${s.kind} ${s.text} ${s.oper} ${s.holds}`)).toEqual(['term Tag and true', 'term !Mass not true', 'term !Tag not false']);
    expect(explainV('Tag, OR | Base', plain).steps.map((s) => `${s.kind} ${s.text} ${s.oper} ${s.holds}`)).toEqual(['term Tag and true', 'or Mass || Tag and true']);
  });
});
