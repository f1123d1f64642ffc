// explainMatch term by term on the reference world: what held, on which source, and why not.
import { describe, expect, test } from 'vitest';
import { compileQuery, explainMatch, type Explanation } from '../../../../src/shared/query';
import { buildReferenceWorld } from '../../../fixtures/reference-world';

const { world, ids, anonymous } = buildReferenceWorld();

function explain(q: string, path: string, vars: Record<string, number> = {}): Explanation {
  const e = /^\d+$/.test(path) ? Number(path) : world.lookup(path);
  expect(e, path).not.toBe(0);
  return explainMatch(compileQuery(world, q), e, vars);
}

/** The steps as `text: held@source` or `text: code: message`. */
function steps(x: Explanation): string[] {
  return x.steps.map((s) => `${s.text}${s.alone ? ' (alone)' : ''}: ${s.holds ? `held${s.id ? ` ${s.id}@${s.source}` : ''}${s.via ? ` via ${s.via}` : ''}` : `${s.why!.code}: ${s.why!.message}`}`);
}

describe('a match', () => {
  test('every term held, with its source; inherited ones name the base and the relationship', () => {
    const x = explain('Position, Velocity, ?Mass', 'Ship1');
    expect(x.matches).toBe(true);
    expect(x.blockers).toEqual([]);
    expect(steps(x)).toEqual([
      'Position: held Position@SpaceShip via ecs.core.IsA',
      'Velocity: held Velocity@Ship1',
      '?Mass: held',   // optional and absent: held, nothing matched
    ]);
  });
  test('variables of the match are given by name', () => {
    const x = explain('(ChildOf, $p), Position($p)', 'Sun.Earth');
    expect(x.matches).toBe(true);
    expect(x.vars).toEqual({ p: 'Sun' });
    expect(steps(x)).toEqual(['(ChildOf, $p): held (ecs.core.ChildOf, Sun)@Sun.Earth', 'Position($p): held Position@Sun']);
  });
  test('up(ChildOf) names the ancestor that has the id', () => {
    expect(steps(explain('Planet, Mass(up(ChildOf))', 'Sun.Earth'))[1]).toBe('Mass(up(ChildOf)): held Mass@Sun via ecs.core.ChildOf');
  });
});

describe('why not', () => {
  test('the missing component, with the earlier terms held', () => {
    const x = explain('Position, Velocity', 'Sun.Mars');
    expect(x.matches).toBe(false);
    expect(steps(x)).toEqual(['Position: held Position@Sun.Mars', 'Velocity: missing: Sun.Mars has no Velocity']);
  });
  test('terms after the first failure are checked alone', () => {
    const x = explain('Velocity, Planet, Mass', 'Sun.Earth.Moon');
    expect(steps(x)).toEqual([
      'Velocity: missing: Sun.Earth.Moon has no Velocity',
      'Planet (alone): missing: Sun.Earth.Moon has no Planet',
      'Mass (alone): missing: Sun.Earth.Moon has no Mass',
    ]);
  });
  test('not inherited: the IsA bases that were looked at', () => {
    expect(steps(explain('Position, Mass', 'Ship1'))[1]).toBe('Mass: not-inherited: Ship1 has no Mass, and nothing up its ecs.core.IsA chain (SpaceShip) has it');
  });
  test('the disabled entity and the prefab, while their terms hold', () => {
    const d = explain('Position, Velocity', String(anonymous[0]));
    expect(d.matches).toBe(false);
    expect(d.blockers.map((b) => b.code)).toEqual(['disabled']);
    expect(d.blockers[0]!.message).toContain('ecs.core.Disabled');
    expect(d.steps.every((s) => s.holds)).toBe(true);
    expect(explain('Position, Velocity, ?ecs.core.Disabled', String(anonymous[0])).matches).toBe(true);
    const p = explain('Position', 'SpaceShip');
    expect(p.blockers.map((b) => b.code)).toEqual(['prefab']);
    expect(explain('Position, ecs.core.Prefab', 'SpaceShip').matches).toBe(true);
  });
  test('the failed traversal: nothing to traverse, or nothing up the chain has it', () => {
    expect(steps(explain('Position, Mass(up(ChildOf))', 'Sun'))[1]).toBe(
      'Mass(up(ChildOf)): traversal: Sun has no (ecs.core.ChildOf, *) pair to traverse up (its own Mass does not count: the term looks only up ecs.core.ChildOf)');
    expect(steps(explain('Position, Moon(up(ChildOf))', 'Sun.Earth.Moon'))[1]).toBe(
      'Moon(up(ChildOf)): not-inherited: nothing up Sun.Earth.Moon\'s ecs.core.ChildOf chain (Sun.Earth, Sun) has Moon '
      + '(its own Moon does not count: the term looks only up ecs.core.ChildOf)');
  });
  test('the variable that could not be bound, and the one bound to another value', () => {
    expect(steps(explain('(ChildOf, $p), Planet($p)', 'Sun'))[0]).toBe(
      '(ChildOf, $p): unbound-variable: Sun has no (ecs.core.ChildOf, $p), so $p cannot be bound');
    expect(steps(explain('(ChildOf, $p), Planet($p)', 'Sun.Earth'))[1]).toBe('Planet($p): missing: Sun has no Planet');
    expect(steps(explain('Planet, ChildOf($c, $this)', 'Sun.Mars'))[1]).toBe(
      'ChildOf($c, $this): unbound-variable: no entity has (ecs.core.ChildOf, Sun.Mars), so $c cannot be bound');
    expect(steps(explain('(Eats, $food)', 'Sun.Earth', { food: ids.Pears! }))).toEqual([
      '(Eats, $food): wrong-binding: Sun.Earth has (Eats, Apples), not (Eats, Pears) ($food = Pears, given)']);
  });
  test('the ! term that excluded it, with where the excluded id was found', () => {
    expect(steps(explain('Planet, !Velocity', 'Sun.Earth'))[1]).toBe('!Velocity: excluded: excluded by !Velocity: Sun.Earth has Velocity');
    expect(steps(explain('Velocity, !Position', 'Ship1'))[1]).toBe(
      '!Position: excluded: excluded by !Position: Ship1 has Position (through ecs.core.IsA, from SpaceShip)');
    expect(steps(explain('Position, !{ Planet, Mass }', 'Sun.Earth'))[1]).toMatch(/^!\{ Planet, Mass \}: excluded: /);
    expect(steps(explain('Position, (Eats, 0)', 'Sun.Earth'))[1]).toBe('(Eats, 0): excluded: Sun.Earth has (Eats, Apples), and (Eats, 0) asks for none');
  });
  test('or-chains, scopes and equalities', () => {
    expect(steps(explain('Position, Planet || Moon', 'Sun'))[1]).toBe(
      'Planet || Moon: no-alternative: no alternative matched: Sun has no Planet; Sun has no Moon');
    expect(steps(explain('Position, { Planet, Mass }', 'Sun.Earth.Moon'))[1]).toBe(
      '{ Planet, Mass }: scope: the scope found no match: Sun.Earth.Moon has no Planet');
    expect(steps(explain('Planet, $this == Sun.Mars', 'Sun.Earth'))[0]).toBe('$this == Sun.Mars: not-equal: $this is Sun.Earth, not Sun.Mars');
    expect(steps(explain('Planet, $this ~= "ars"', 'Sun.Earth'))[1]).toBe('$this ~= "ars": not-equal: Sun.Earth\'s name "Earth" fails ~= "ars"');
    expect(explain('Planet, $this ~= "ar"', 'Sun.Earth').matches).toBe(true);
  });
  test('a query without $this matches no entity, and says so', () => {
    const x = explain('Position(Sun)', 'Sun');
    expect(x.matches).toBe(false);
    expect(x.blockers.map((b) => b.code)).toEqual(['no-this']);
  });
});
