// One test per construct of the query language, with the expected matches on the reference world.
import { describe, expect, test } from 'vitest';
import { QueryParseError, compileQuery, defineQuery, matchingQueries, namedQuery } from '../../../../src/shared/query';
import { buildReferenceWorld } from '../../../fixtures/reference-world';

const ref = buildReferenceWorld();
const { world } = ref;

function paths(q: string, vars: Record<string, number> = {}): string[] {
  return compileQuery(world, q).entities(vars).map((e) => world.pathOf(e)).sort();
}

function named(q: string): string[] {
  return paths(q).filter((p) => !/^\d+$/.test(p));
}

function varValues(q: string, name: string): string[] {
  const query = compileQuery(world, q);
  const i = query.varIndex(name);
  return query.results().map((r) => world.pathOf(r.vars[i]!)).sort();
}

function errorOf(q: string): QueryParseError {
  try { compileQuery(world, q); } catch (e) { if (e instanceof QueryParseError) return e; throw e; }
  throw new Error(`expected ${q} to fail`);
}

describe('terms', () => {
  test('component names, dotted paths and numeric ids', () => {
    expect(named('Planet')).toEqual(['Sun.Earth', 'Sun.Mars']);
    expect(named('ecs.core.Prefab')).toEqual(['SpaceShip', 'SpaceShip.Engine']);
    expect(paths(String(ref.ids.Position))).toEqual(paths('Position'));
  });
  test('a trailing comma is allowed; an empty query matches nothing', () => {
    expect(paths('Planet,')).toEqual(paths('Planet'));
    expect(compileQuery(world, '  ').results()).toEqual([]);
  });
  test('pairs, and the Rel(Src, Target) form', () => {
    expect(named('(Eats, Apples)')).toEqual(['Sun.Earth', 'Sun.Earth.Moon']);
    expect(paths('Eats($this, Apples)')).toEqual(paths('(Eats, Apples)'));
    expect(named('(ChildOf, Sun)')).toEqual(['Sun.Earth', 'Sun.Mars']);
  });
});

describe('wildcards and variables', () => {
  test('* gives one result per match, _ at most one per entity', () => {
    expect(compileQuery(world, '(Eats, *)').results()).toHaveLength(4);
    expect(compileQuery(world, '(Eats, _)').results()).toHaveLength(3);
    expect(named('(*, Apples)')).toEqual(['Sun.Earth', 'Sun.Earth.Moon']);
  });
  test('variables as target, relationship, component and source', () => {
    expect(varValues('(Eats, $food)', 'food')).toEqual(['Apples', 'Apples', 'Pears', 'Pears']);
    expect(varValues('($R, Apples)', 'R')).toEqual(['Eats', 'Eats']);
    expect(varValues('$C($this), $this == Sun.Mars', 'C')).toEqual(['Mass', 'Planet', 'Position']);
    expect(varValues('Eats($x, Pears)', 'x')).toEqual(['Ship1', 'Sun.Earth.Moon']);
    expect(paths('(ChildOf, $p), Planet($p)')).toEqual(['Sun.Earth.Moon']);
  });
  test('$this as a target: parents and their children', () => {
    const q = compileQuery(world, 'ecs.core.ChildOf($c, $this), Planet');
    const pairs = q.results().flatMap((r) => r.table!.entities.filter((_, i) => !r.rows || r.rows.includes(i)).map((e) => `${world.pathOf(e)}>${world.pathOf(r.vars[q.varIndex('c')]!)}`));
    expect(pairs).toEqual(['Sun.Earth>Sun.Earth.Moon']);
    expect(paths('Position, (ChildOf, $this)')).toEqual([]);
  });
  test('$This is $this', () => {
    expect(paths('Eats($This, $food)')).toEqual(paths('(Eats, $food)'));
  });
  test('a variable bound in advance restricts the results', () => {
    expect(named('(Eats, $food)')).toEqual(['Ship1', 'Sun.Earth', 'Sun.Earth.Moon', 'Sun.Earth.Moon']);
    expect(paths('(Eats, $food)', { food: ref.ids.Apples! })).toEqual(['Sun.Earth', 'Sun.Earth.Moon']);
  });
});

describe('sources', () => {
  test('fixed source: one result without entities', () => {
    const r = compileQuery(world, 'Position(Sun)').results();
    expect(r).toHaveLength(1);
    expect(r[0]!.table).toBeNull();
    expect(r[0]!.sources[0]).toBe(ref.ids.Sun);
  });
  test('fixed source mixed with $this; a failing fixed source empties the query', () => {
    expect(named('Planet, Mass(Sun)')).toEqual(['Sun.Earth', 'Sun.Mars']);
    expect(paths('Planet, Velocity(Sun)')).toEqual([]);
  });
  test('singleton $: the source is the component itself', () => {
    expect(compileQuery(world, 'Position($)').results()).toEqual([]);
    const w = buildReferenceWorld().world;
    const Game = w.component('Game', { level: 'i32' });
    w.set(Game, Game, { level: 3 });
    expect(compileQuery(w, 'Game($)').results()[0]!.sources[0]).toBe(Game);
  });
});

describe('operators', () => {
  test('not, optional, or', () => {
    expect(named('Position, !Velocity')).toEqual(['Sun', 'Sun.Earth.Moon', 'Sun.Mars']);
    const opt = compileQuery(world, 'Planet, ?Velocity').results();
    expect(opt.map((r) => r.isSet[1]).sort()).toEqual([false, true]);
    expect(named('Planet || Moon')).toEqual(['Sun.Earth', 'Sun.Earth.Moon', 'Sun.Mars']);
  });
  test('or picks the first alternative that matches', () => {
    const r = compileQuery(world, 'Position, Velocity || Mass, $this == Sun.Earth').results();
    expect(world.idPath(r[0]!.ids[1]!)).toEqual(['Velocity']);
  });
  test('scopes: { … } and !{ … }', () => {
    expect(named('Position, !{Velocity || Mass}')).toEqual(['Sun.Earth.Moon']);
    expect(named('Position, {Planet, Mass}')).toEqual(['Sun.Earth', 'Sun.Mars']);
    expect(named('Position, !{Planet, Velocity}').includes('Sun.Mars')).toBe(true);
    expect(named('Position, !{Planet, Velocity}').includes('Sun.Earth')).toBe(false);
  });
  test('equality and name matching on variables', () => {
    expect(named('Position, $this == Sun')).toEqual(['Sun']);
    expect(named('Position, $this == "Sun"')).toEqual(['Sun']);
    expect(named('Planet, $this != Sun.Earth')).toEqual(['Sun.Mars']);
    expect(named('Position, $this ~= "ar"')).toEqual(['Sun.Earth', 'Sun.Mars']);
    expect(named('Planet, $this ~= "!ar"')).toEqual([]);
    expect(compileQuery(world, '(Eats, $f), (Eats, $g), $f != $g').results()).toHaveLength(2);
    expect(paths('$this == Sun.Earth')).toEqual(['Sun.Earth']);
  });
  test('access modifiers parse and are kept per field', () => {
    const q = compileQuery(world, '[in] Position, [out] Velocity, [none] Mass, [inout] Planet, [filter] Opaque');
    expect(q.fields.map((f) => f.inout)).toEqual(['in', 'out', 'none', 'inout', 'filter']);
  });
});

describe('traversal', () => {
  test('up(ChildOf) and parent take the component from an ancestor', () => {
    const r = compileQuery(world, 'Mass(up(ChildOf))').results();
    const bySrc = r.map((x) => `${world.pathOf(x.table!.entities[0]!)}<-${world.pathOf(x.sources[0]!)}`).sort();
    expect(bySrc).toEqual(['Sun.Earth.Moon<-Sun.Earth', 'Sun.Earth<-Sun', 'Sun.Mars<-Sun']);
    expect(paths('Position(parent)')).toEqual(paths('Position(up(ChildOf))'));
  });
  test('self excludes inherited components; the default self|up(IsA) includes them', () => {
    expect(named('Position(self)')).not.toContain('Ship1');
    expect(named('Position')).toContain('Ship1');
    expect(named('Position(up(IsA))')).toEqual(['Ship1', 'Ship2']);
    expect(paths('Position(self|up(IsA))')).toEqual(paths('Position'));
  });
  test('cascade orders results breadth-first', () => {
    const order = compileQuery(world, 'Position(cascade)').entities().map((e) => world.pathOf(e)).filter((p) => p.startsWith('Sun'));
    expect(order.indexOf('Sun')).toBeLessThan(order.indexOf('Sun.Earth'));
    expect(order.indexOf('Sun.Earth')).toBeLessThan(order.indexOf('Sun.Earth.Moon'));
  });
  test('traversal requires a traversable relationship', () => {
    const e = errorOf('Position(up(Eats))');
    expect(e.reason).toMatch(/non-traversable relationship 'Eats'/);
    expect(e.message).toBe(`${e.reason}\nPosition(up(Eats))\n${' '.repeat(e.position)}^`);
  });
});

describe('disabled and prefab entities', () => {
  test('are left out unless the query mentions them', () => {
    expect(paths('Position').includes('548')).toBe(false);
    expect(paths('Position, Disabled')).toHaveLength(30);
    expect(paths('Position, ?Disabled').includes('548')).toBe(true);
    expect(named('Position').includes('SpaceShip')).toBe(false);
    expect(named('Position, Prefab')).toEqual(['SpaceShip']);
  });
});

describe('errors', () => {
  test('unknown identifiers are named, with the position', () => {
    const e = errorOf('Position, (Eats, NoSuchTarget)');
    expect(e.reason).toBe(`unresolved identifier 'NoSuchTarget'`);
    expect(e.position).toBe('Position, (Eats, '.length);
  });
  test('syntax errors carry a caret under the position', () => {
    const e = errorOf('Position, +Velocity');
    expect(e.message.split('\n')[2]).toBe(' '.repeat(10) + '^');
  });
});

describe('named queries', () => {
  test('queries, filters, rules and systems are named by their entity', () => {
    expect(namedQuery(world, ref.ids.Planets!)!.kind).toBe('filter');
    expect(namedQuery(world, ref.ids.Move!)!.kind).toBe('system');
    expect(namedQuery(world, ref.ids.Sun!)).toBeUndefined();
    const q = namedQuery(world, ref.ids.EatsQuery!)!.query;
    expect(q.variableNames).toEqual(['food']);
    expect(q.entities({ food: ref.ids.Pears! }).map((e) => world.pathOf(e)).sort()).toEqual(['Ship1', 'Sun.Earth.Moon']);
  });
  test('matches: which named queries and systems match an entity', () => {
    expect(matchingQueries(world, ref.ids['Sun.Earth']!).map((e) => world.pathOf(e))).toEqual(['Move', 'Planets', 'EatsQuery', 'PlanetParent']);
    expect(matchingQueries(world, ref.ids.Ship2!).map((e) => world.pathOf(e))).toEqual(['Move', 'SpaceShips']);
  });
  test('a bad expression creates no entity', () => {
    expect(() => defineQuery(world, 'Broken', 'Position, NoSuch')).toThrow(QueryParseError);
    expect(world.lookup('Broken')).toBe(0);
  });
  test('deleting the entity forgets the query', () => {
    const w = buildReferenceWorld().world;
    const e = defineQuery(w, 'Tmp', 'Planet');
    w.delete(e);
    expect(namedQuery(w, e)).toBeUndefined();
  });
});

describe('what the reference explorer relies on', () => {
  test('(ChildOf, 0) matches root entities only', () => {
    const roots = named('(ChildOf, 0), Position');
    expect(roots).toEqual(['Comet', 'Ship1', 'Ship2', 'Sun']);
    expect(named('(ChildOf, 0), Planet')).toEqual([]);
    expect(paths('(ChildOf, 0), !(ChildOf, 0)')).toEqual([]);
  });
  test('_ as a source matches once when some entity fits, else not at all', () => {
    const q = compileQuery(world, 'Position(_)');
    expect(q.results()).toHaveLength(1);
    expect(compileQuery(world, 'Planet(_), Moon(_)').results()).toHaveLength(1);
    expect(compileQuery(world, 'Planet(_), ecs.core.Module(_), Dust').results().length).toBeGreaterThan(0);
    expect(compileQuery(world, 'Eats(_, Sun)').results()).toEqual([]);
  });
  test('ChildOf(_, $this): the entities that have children, one result each', () => {
    expect(named('ChildOf(_, $this), Position')).toEqual(['Ship1', 'Ship2', 'Sun', 'Sun.Earth']);
    expect(paths('ChildOf(_, $this), Planet')).toEqual(['Sun.Earth']);
  });
  test('X() and $V() have no source: they only show their id', () => {
    expect(paths('Planet, Mass()')).toEqual(paths('Planet'));
    expect(paths('Planet, Mass(0)')).toEqual(paths('Planet'));
    const q = compileQuery(world, 'Position, $V(), (Eats, $V)');
    const shown = q.results().map((r) => world.idPath(r.ids[1]!)[0]).sort();
    expect(shown).toEqual(['Apples', 'Apples', 'Pears', 'Pears']);
    expect(q.results().every((r) => r.isSet[1] && r.sources[1] === 0)).toBe(true);
  });
  test('an optional term on a fresh variable keeps entities it does not match', () => {
    const q = compileQuery(world, 'Planet, ?ChildOf($c, $this)');
    const c = q.varIndex('c');
    const rows = q.results().flatMap((r) => (r.rows ?? r.table!.entities.map((_, i) => i)).map((i) => `${world.pathOf(r.table!.entities[i]!)}:${r.vars[c] ? world.pathOf(r.vars[c]) : '-'}`));
    expect(rows.sort()).toEqual(['Sun.Earth:Sun.Earth.Moon', 'Sun.Mars:-']);
  });
  test('a not term on a fresh variable removes only the entities it matches', () => {
    expect(named('Planet, !ChildOf($c, $this)')).toEqual(['Sun.Mars']);
  });
});
