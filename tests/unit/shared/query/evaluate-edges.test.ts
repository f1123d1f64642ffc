// The rules engine's edges that the property tests do not reach (issue 31, read from the
// evaluator's surviving mutants): a variable named twice in one pair, comparisons with a
// wildcard or with a variable no term binds, name comparisons of both kinds, results of a query
// without $this that must not share arrays, cascade order against the order tables were made,
// and or-chains mixing a comparison of $this with a term. Each expected value is written by hand
// from the small world below.
import { describe, expect, test } from 'vitest';
import { World, type Entity } from '../../../../src/shared/ecs';
import { QueryBudget, compileQuery } from '../../../../src/shared/query';

/** Alice (Likes, Likes) and (Likes, Venus), Bob (Likes, Carol), Carol (Carol, Carol); five
 * planets, of which Earth and Mars eat (Apples, Pears, and Apples are Ripe) and Venus, Jupiter and
 * Saturn share one table; Io a Moon. */
function smallWorld() {
  const w = new World();
  const Likes = w.tag('Likes'), Planet = w.tag('Planet'), Moon = w.tag('Moon'), Eats = w.tag('Eats'), Ripe = w.tag('Ripe');
  const Apples = w.entity('Apples'), Pears = w.entity('Pears');
  w.add(Apples, Ripe);
  const Alice = w.entity('Alice'), Bob = w.entity('Bob'), Carol = w.entity('Carol');
  w.add(Alice, w.pair(Likes, Likes));
  w.add(Bob, w.pair(Likes, Carol));
  w.add(Carol, w.pair(Carol, Carol));
  const planets = ['Earth', 'Mars', 'Venus', 'Jupiter', 'Saturn'].map((n) => { const p = w.entity(n); w.add(p, Planet); return p; });
  w.add(planets[0]!, w.pair(Eats, Apples));
  w.add(planets[1]!, w.pair(Eats, Pears));
  w.add(Alice, w.pair(Likes, planets[2]!));
  const Io = w.entity('Io');
  w.add(Io, Moon);
  return { w, Likes, Planet, Eats, Ripe, Apples, Pears, Alice, Bob, Carol, planets, Io };
}

/** Every match as "entity" or "entity x=value …", one per $this entity, sorted. */
function matches(w: World, text: string, vars: string[] = []): string[] {
  const q = compileQuery(w, text);
  const out: string[] = [];
  for (const r of q.results()) {
    const shown = vars.map((v) => ` ${v}=${w.nameOf(r.vars[q.varIndex(v)]!)}`).join('');
    for (const row of r.rows ?? r.table!.entities.map((_, i) => i)) out.push(`${w.nameOf(r.table!.entities[row]!)}${shown}`);
  }
  return out.sort();
}

describe('a variable named twice in one pair', () => {
  test('($x, $x) matches only pairs whose two parts are the same entity', () => {
    const { w } = smallWorld();
    expect(matches(w, '($x, $x)', ['x'])).toEqual(['Alice x=Likes', 'Carol x=Carol']);
  });
  test('a variable bound by one term is matched again in the relationship or target of a later one', () => {
    const { w, Likes, Apples, planets } = smallWorld();
    expect(matches(w, '(Likes, $r), ($r, $t)', ['r', 't'])).toEqual(['Alice r=Likes t=Likes', 'Alice r=Likes t=Venus']);
    w.add(planets[0]!, w.pair(Likes, Apples));
    expect(matches(w, '(Eats, $f), (Likes, $f)', ['f'])).toEqual(['Earth f=Apples']);
  });
});

describe('comparisons with a wildcard', () => {
  test('$x == * holds for every value of $x, $x != * for none', () => {
    const { w } = smallWorld();
    expect(matches(w, '(Eats, $x), $x == *', ['x'])).toEqual(['Earth x=Apples', 'Mars x=Pears']);
    expect(matches(w, '(Eats, $x), $x != *', ['x'])).toEqual([]);
  });
  test('$this == * keeps every entity, $this != * none', () => {
    const { w } = smallWorld();
    expect(matches(w, 'Planet, $this == *')).toEqual(['Earth', 'Jupiter', 'Mars', 'Saturn', 'Venus']);
    expect(matches(w, 'Planet, $this != *')).toEqual([]);
  });
});

describe('comparisons with a variable no term binds', () => {
  test('$f == $g binds $g to $f, on either side; != has nothing to compare', () => {
    const { w } = smallWorld();
    expect(matches(w, '(Eats, $f), $f == $g', ['f', 'g'])).toEqual(['Earth f=Apples g=Apples', 'Mars f=Pears g=Pears']);
    expect(matches(w, '(Eats, $f), $g == $f', ['f', 'g'])).toEqual(['Earth f=Apples g=Apples', 'Mars f=Pears g=Pears']);
    expect(matches(w, '(Eats, $f), $f != $g', ['f'])).toEqual([]);
    expect(matches(w, 'Planet, $f == $g')).toEqual([]);
  });
  test('$this == $o binds $o to each entity in turn; $this != $o matches nothing', () => {
    const { w } = smallWorld();
    const q = compileQuery(w, 'Planet, $this == $o');
    const o = q.varIndex('o');
    // One result per entity, each with its own $o.
    expect(q.results().map((r) => `${r.count} ${w.nameOf(r.table!.entities[r.rows![0]!]!)} o=${w.nameOf(r.vars[o]!)}`).sort())
      .toEqual(['1 Earth o=Earth', '1 Jupiter o=Jupiter', '1 Mars o=Mars', '1 Saturn o=Saturn', '1 Venus o=Venus']);
    expect(matches(w, 'Planet, $this != $o')).toEqual([]);
  });
});

describe('name comparisons', () => {
  test('== and != with a string compare the whole name, of $this and of a variable', () => {
    const { w } = smallWorld();
    expect(matches(w, 'Planet, $this == "Mars"')).toEqual(['Mars']);
    expect(matches(w, 'Planet, $this != "Mars"')).toEqual(['Earth', 'Jupiter', 'Saturn', 'Venus']);
    expect(matches(w, '(Eats, $f), $f == "Pears"', ['f'])).toEqual(['Mars f=Pears']);
    expect(matches(w, '(Eats, $f), $f != "Pears"', ['f'])).toEqual(['Earth f=Apples']);
    expect(matches(w, '(Eats, $f), $f ~= "ear"', ['f'])).toEqual(['Mars f=Pears']);
    expect(matches(w, '(Eats, $f), $f ~= "!ear"', ['f'])).toEqual(['Earth f=Apples']);
  });
});

describe('a query without $this', () => {
  test('each result keeps its own ids, sources and is_set (results do not share arrays)', () => {
    const { w, Eats, Apples, Pears, planets } = smallWorld();
    const results = compileQuery(w, 'Eats($x, $f), ?Planet($f)').results();
    const shown = results.map((r) => `${r.ids[0]}:${r.sources[0]}:${r.isSet[1]}`).sort();
    expect(shown).toEqual([`${w.pair(Eats, Apples)}:${planets[0]}:false`, `${w.pair(Eats, Pears)}:${planets[1]}:false`].sort());
    const q = compileQuery(w, 'Eats($x, $f), ?Ripe($f)');
    expect(q.results().map((r) => `${w.nameOf(r.vars[q.varIndex('f')]!)}:${r.isSet[1]}`).sort()).toEqual(['Apples:true', 'Pears:false']);
  });
});

describe('cascade', () => {
  test('orders tables by depth even when the deeper tables were made first', () => {
    const w = new World();
    const Mass = w.component('Mass', { value: 'f32' });
    // Grandchild and child get Mass (their tables made) before the root does.
    const root = w.entity('Root');
    const child = w.entity({ name: 'Child', parent: root });
    const grandchild = w.entity({ name: 'Grandchild', parent: child });
    w.set(grandchild, Mass, { value: 1 });
    w.set(child, Mass, { value: 2 });
    w.set(root, Mass, { value: 3 });
    const order = compileQuery(w, 'Mass(cascade)').entities().map((e: Entity) => w.nameOf(e)).filter((n) => n !== 'Mass');
    expect(order).toEqual(['Root', 'Child', 'Grandchild']);
  });
});

describe('or-chains that compare $this', () => {
  test('are decided per entity: one entity matching the comparison does not stand for its table', () => {
    const { w } = smallWorld();
    // Venus and Jupiter share a table: Venus passing the comparison must not end the chain for Jupiter.
    expect(matches(w, 'Planet, $this == Venus || Planet')).toEqual(['Earth', 'Jupiter', 'Mars', 'Saturn', 'Venus']);
    expect(matches(w, 'Planet, $this == Venus || Moon')).toEqual(['Venus']);
    expect(matches(w, 'Planet, Moon || $this != Venus')).toEqual(['Earth', 'Jupiter', 'Mars', 'Saturn']);
  });
  test('inside a not-scope, also nested, exclude only the entities they hold for', () => {
    const { w } = smallWorld();
    expect(matches(w, 'Planet, !{ $this == Venus || Moon }')).toEqual(['Earth', 'Jupiter', 'Mars', 'Saturn']);
    expect(matches(w, 'Planet, !{ Planet, $this == Venus }')).toEqual(['Earth', 'Jupiter', 'Mars', 'Saturn']);
    expect(matches(w, 'Planet, !{ { Planet, $this == Venus } }')).toEqual(['Earth', 'Jupiter', 'Mars', 'Saturn']);
  });
});

describe('$this bound to some rows of a table', () => {
  test('comparisons after a filter still split the remaining rows', () => {
    const { w } = smallWorld();
    // `$this != Saturn` leaves Venus and Jupiter of their table: each is then decided alone.
    expect(matches(w, 'Planet, $this != Saturn, $this == Venus || Planet')).toEqual(['Earth', 'Jupiter', 'Mars', 'Venus']);
    expect(matches(w, 'Planet, $this != Saturn, Planet($o), $o == $this', ['o'])).toEqual(['Earth o=Earth', 'Jupiter o=Jupiter', 'Mars o=Mars', 'Venus o=Venus']);
  });
});

describe('optional and not terms that name $this as target', () => {
  test('are decided per entity of a table', () => {
    const { w } = smallWorld();
    expect(matches(w, 'Planet, !Likes(Alice, $this)')).toEqual(['Earth', 'Jupiter', 'Mars', 'Saturn']);
    const q = compileQuery(w, 'Planet, ?Likes(Alice, $this)');
    const set = q.results().flatMap((r) => (r.rows ?? r.table!.entities.map((_, i) => i)).map((row) => `${w.nameOf(r.table!.entities[row]!)}:${r.isSet[1]}`));
    expect(set.sort()).toEqual(['Earth:false', 'Jupiter:false', 'Mars:false', 'Saturn:false', 'Venus:true']);
  });
  test('an unmatched optional first field shows its id, not set', () => {
    const { w, Ripe } = smallWorld();
    const r = compileQuery(w, '?Ripe, Planet').results();
    expect(r.map((x) => `${x.ids[0] === Ripe}:${x.isSet[0]}`)).toEqual(r.map(() => 'true:false'));
    expect(r.length).toBeGreaterThan(0);
  });
});

describe('constants the world no longer has', () => {
  test('a compiled query whose compared entity was deleted matches the rest and does not throw', () => {
    const { w, planets } = smallWorld();
    const alone = compileQuery(w, 'Planet, $this == Venus');
    const chain = compileQuery(w, 'Planet, $this == Venus || Planet');
    w.delete(planets[2]!);
    expect(alone.entities()).toEqual([]);
    expect(chain.entities().map((e) => w.nameOf(e)).sort()).toEqual(['Earth', 'Jupiter', 'Mars', 'Saturn']);
  });
});

describe('(Rel, 0) and sources', () => {
  test('(Rel, 0) holds where no table has the relationship at all, and with a variable source', () => {
    const { w } = smallWorld();
    w.tag('Never');
    expect(matches(w, 'Io || Planet, (Never, 0)').length).toBe(5);
    expect(matches(w, 'Planet, (Never, 0)')).toEqual(['Earth', 'Jupiter', 'Mars', 'Saturn', 'Venus']);
    const q = compileQuery(w, 'Likes($x, 0), Ripe($x)');
    expect(q.results().map((r) => w.nameOf(r.vars[q.varIndex('x')]!))).toEqual(['Apples']);
  });
  test('self on a named source excludes what it inherits', () => {
    const w = new World();
    const Mass = w.component('Mass', { value: 'f32' });
    const Ship = w.prefab('Ship');
    w.set(Ship, Mass, { value: 1 });
    w.instantiate(Ship, { name: 'Ship1' });
    expect(compileQuery(w, 'Mass(Ship1)').results()).toHaveLength(1);
    expect(compileQuery(w, 'Mass(Ship1|self)').results()).toEqual([]);
  });
  test('up(ChildOf) goes on past a parent whose prefab lacks the component', () => {
    const w = new World();
    const Mass = w.component('Mass', { value: 'f32' });
    const Empty = w.prefab('Empty');
    const grand = w.entity('Grand');
    w.set(grand, Mass, { value: 1 });
    const parent = w.entity({ name: 'Parent', parent: grand });
    w.add(parent, w.pair(w.core.IsA, Empty));
    w.entity({ name: 'Kid', parent });
    const r = compileQuery(w, 'Mass(up(ChildOf))').results();
    const bySource = r.flatMap((x) => x.table!.entities.map((e) => `${w.nameOf(e)}<-${w.nameOf(x.sources[0]!)}`)).sort();
    expect(bySource).toEqual(['Kid<-Grand', 'Parent<-Grand']);
  });
});

describe('names in comparisons', () => {
  test('== compares the whole name, not a part of it; an unbound variable has no name to compare', () => {
    const { w } = smallWorld();
    expect(matches(w, 'Planet, $this == "ar"')).toEqual([]);
    expect(matches(w, 'Planet, $g != "Mars"')).toEqual([]);
  });
  test('an unnamed entity has the empty name: every negated pattern holds for it', () => {
    const { w, Planet } = smallWorld();
    const unnamed = w.entity();
    w.add(unnamed, Planet);
    const q = compileQuery(w, 'Planet, $this ~= "!a"');
    expect(q.entities().map((e) => w.nameOf(e) ?? `#${e}`).sort()).toEqual([`#${unnamed}`, 'Jupiter', 'Venus'].sort());
  });
});

describe('a callback that changes the world', () => {
  test('each() visits every entity of a variable source even when the callback deletes the one it is given', () => {
    const { w } = smallWorld();
    const q = compileQuery(w, 'Planet($x)');
    const x = q.varIndex('x');
    const seen: string[] = [];
    q.each((r) => { const e = r.vars[x]!; seen.push(w.nameOf(e)!); w.delete(e); });
    expect(seen.sort()).toEqual(['Earth', 'Jupiter', 'Mars', 'Saturn', 'Venus']);
    expect(compileQuery(w, 'Planet').entities()).toEqual([]);
  });
  test('a term asked after the callback gave a first entity an id no table had sees the entities that have it now', () => {
    // The evaluator keeps each term's record for the evaluation; a new record must not be missed.
    const w = new World();
    const Eats = w.tag('Eats'), Ripe = w.tag('Ripe');
    const apples = w.entity('Apples'), pears = w.entity('Pears');
    w.add(w.entity('Ann'), w.pair(Eats, apples));
    w.add(w.entity('Ben'), w.pair(Eats, pears));
    const q = compileQuery(w, '(Eats, $food), ?Ripe($food)');
    const food = q.varIndex('food');
    const seen: string[] = [];
    q.each((r) => { seen.push(`${w.nameOf(r.vars[food]!)}:${r.isSet[1]}`); w.add(pears, Ripe); });
    expect(seen).toEqual(['Apples:false', 'Pears:true']);
  });
});

describe('a callback that stops the evaluation', () => {
  /** 20 tables with Planet: a tag of its own each. */
  function twentyTables() {
    const w = new World();
    const Planet = w.tag('Planet');
    for (let i = 0; i < 20; i++) { const e = w.entity(`P${i}`); w.add(e, Planet); w.add(e, w.tag(`T${i}`)); }
    return w;
  }
  test('returning false ends it: no result after that one, with $this or without', () => {
    const w = twentyTables();
    let seen = 0;
    compileQuery(w, 'Planet').each(() => { seen++; return false; });
    expect(seen).toBe(1);
    seen = 0;
    compileQuery(w, 'Planet($x)').each(() => { seen++; return false; });
    expect(seen).toBe(1);
  });
  test('the tables after the stop are not visited: the work counted is that of the first', () => {
    const w = twentyTables();
    const all = new QueryBudget(Infinity), first = new QueryBudget(Infinity);
    compileQuery(w, 'Planet').each(() => {}, {}, all);
    compileQuery(w, 'Planet').each(() => false, {}, first);
    // The first table's work, not a share of the other nineteen's.
    expect(first.used).toBeGreaterThan(0);
    expect(first.used).toBeLessThan(all.used / 10);
  });
  test('a table the callback makes while the tables are walked is not visited by that evaluation', () => {
    const w = twentyTables();
    const Planet = w.lookup('Planet')!;
    const q = compileQuery(w, 'Planet');
    const seen: string[] = [];
    q.each((r) => {
      seen.push(w.nameOf(r.table!.entities[0]!)!);
      if (seen.length === 1) { const e = w.entity('Late'); w.add(e, Planet); w.add(e, w.tag('Other')); }
    });
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => `P${i}`));
    expect(q.entities().map((e) => w.nameOf(e))).toContain('Late');
  });
});

describe('up traversal', () => {
  test('finds the component two levels up through a parent whose type has more ids than its child\'s', () => {
    const w = new World();
    const Position = w.component('Position', { x: 'f32' });
    const Big = w.tag('Big'), Old = w.tag('Old');
    const root = w.entity('Root');
    w.set(root, Position, { x: 7 });
    const middle = w.entity({ name: 'Middle', parent: root });
    w.add(middle, Big); w.add(middle, Old);
    const leaf = w.entity({ name: 'Leaf', parent: middle });
    const q = compileQuery(w, 'Position(up(ChildOf))');
    const shown = q.results().flatMap((r) => r.table!.entities.map((e) => `${w.nameOf(e)}<-${w.nameOf(r.sources[0]!)}`));
    expect(shown.sort()).toEqual(['Leaf<-Root', 'Middle<-Root']);
    expect(q.matches(leaf)).toBe(true);
  });
});

describe('several matches in one table', () => {
  test('each pair a table has is a result of its own, in the order of the type, table by table', () => {
    const w = new World();
    const Eats = w.tag('Eats');
    const [f1, f2, f3] = ['F1', 'F2', 'F3'].map((n) => w.entity(n)) as [Entity, Entity, Entity];
    const eats = (name: string, ...foods: Entity[]) => { const e = w.entity(name); for (const f of foods) w.add(e, w.pair(Eats, f)); };
    eats('A', f1); eats('B', f1, f3); eats('C', f2); eats('D', f1, f3);
    const q = compileQuery(w, '(Eats, $food)');
    const food = q.varIndex('food');
    const shown = q.results().map((r) => `${r.table!.entities.map((e) => w.nameOf(e)).join('+')}:${w.nameOf(r.vars[food]!)}:${r.ids[0] === w.pair(Eats, r.vars[food]!)}`);
    expect(shown).toEqual(['A:F1:true', 'B+D:F1:true', 'B+D:F3:true', 'C:F2:true']);
  });
});
