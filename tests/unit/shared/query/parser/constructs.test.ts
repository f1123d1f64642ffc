import { describe, expect, test } from 'vitest';
import { parseQuery } from '../../../../../src/shared/query/parser';
import { ANY, SINGLETON, W, asTerm, id, n, nodesShape, str, t, v } from './ast-shape';

const shape = (q: string) => nodesShape(parseQuery(q));

describe('term lists', () => {
  test('a single component is a term on $this', () => {
    expect(shape('Position')).toEqual([t(n('Position'))]);
  });
  test('terms are separated by commas, with or without whitespace', () => {
    const both = [t(n('Position')), t(n('Velocity'))];
    expect(shape('Position,Velocity')).toEqual(both);
    expect(shape('Position, Velocity')).toEqual(both);
    expect(shape(' \tPosition \n,\r\n Velocity\t')).toEqual(both);
  });
  test('a trailing comma is allowed', () => {
    expect(shape('Position,')).toEqual([t(n('Position'))]);
    expect(shape('Position , \n')).toEqual([t(n('Position'))]);
  });
  test('empty and whitespace-only queries have zero terms', () => {
    expect(parseQuery('')).toEqual({ text: '', nodes: [] });
    expect(parseQuery(' \t\n\r ').nodes).toEqual([]);
  });
  test('the AST keeps the original text', () => {
    expect(parseQuery('  Position ').text).toBe('  Position ');
  });
});

describe('references', () => {
  test('dotted paths are one name', () => {
    expect(shape('Sun.Earth, ecs.core.Prefab')).toEqual([t(n('Sun.Earth')), t(n('ecs.core.Prefab'))]);
  });
  test('a number is a numeric id', () => {
    expect(shape('9')).toEqual([t(id(9))]);
    expect(shape('0, 9007199254740991')).toEqual([t(id(0)), t(id(Number.MAX_SAFE_INTEGER))]);
  });
  test('* is the wildcard and a standalone _ is Any, but _foo is a name', () => {
    expect(shape('*, _, _foo, __')).toEqual([t(W), t(ANY), t(n('_foo')), t(n('__'))]);
  });
  test('$name is a variable; $this and $This both mean the default source', () => {
    expect(shape('$C($this), $C($This), $Comp($food)')).toEqual([
      t(v('C'), { src: v('this') }), t(v('C'), { src: v('this') }), t(v('Comp'), { src: v('food') }),
    ]);
  });
  test('names may contain non-ASCII letters', () => {
    expect(shape('Äpfel, Sun.Größe, 名前, naïve')).toEqual([t(n('Äpfel')), t(n('Sun.Größe')), t(n('名前')), t(n('naïve'))]);
  });
  test('names may contain letters outside the basic plane', () => {
    expect(shape('𝒜b, x𝒜')).toEqual([t(n('𝒜b')), t(n('x𝒜'))]);
  });
  test('AND, OR and NOT are ordinary names unless a single | follows', () => {
    expect(shape('AND, OR(Sun), NOT || X')).toEqual([
      t(n('AND')), t(n('OR'), { src: n('Sun') }), { type: 'or', oper: 'and', terms: [t(n('NOT')), t(n('X'))] },
    ]);
  });
});

describe('pairs and sources', () => {
  test('(Rel, Target) is a pair on $this', () => {
    expect(shape('(Eats, Apples)')).toEqual([t(n('Eats'), { second: n('Apples') })]);
    expect(shape('( Eats , * ), (*, Apples), (Eats, _)')).toEqual([
      t(n('Eats'), { second: W }), t(W, { second: n('Apples') }), t(n('Eats'), { second: ANY }),
    ]);
  });
  test('pairs take dotted paths and variables on both sides', () => {
    expect(shape('(ChildOf, Sun.Earth), ($R, Apples), (ChildOf, $p)')).toEqual([
      t(n('ChildOf'), { second: n('Sun.Earth') }), t(v('R'), { second: n('Apples') }), t(n('ChildOf'), { second: v('p') }),
    ]);
  });
  test('an explicit source is recorded as written', () => {
    expect(shape('Position(Sun), Position($x), Position($this), Planet($p)')).toEqual([
      t(n('Position'), { src: n('Sun') }), t(n('Position'), { src: v('x') }),
      t(n('Position'), { src: v('this') }), t(n('Planet'), { src: v('p') }),
    ]);
  });
  test('srcWritten tells an explicit $this from the default', () => {
    const [a, b] = parseQuery('Position, Position($this)').nodes;
    expect(asTerm(a).srcWritten).toBe(false);
    expect(asTerm(b).srcWritten).toBe(true);
  });
  test('$ as a source is the singleton', () => {
    expect(shape('Position($)')).toEqual([t(n('Position'), { src: SINGLETON })]);
  });
  test('Rel(Src, Target) is a pair with an explicit source', () => {
    expect(shape('Eats($this, $food), Eats($x, Apples), Eats(Bob, *)')).toEqual([
      t(n('Eats'), { src: v('this'), second: v('food') }),
      t(n('Eats'), { src: v('x'), second: n('Apples') }),
      t(n('Eats'), { src: n('Bob'), second: W }),
    ]);
  });
  test('a numeric id works as a source and as a component', () => {
    expect(shape('9(544)')).toEqual([t(id(9), { src: id(544) })]);
  });
});

describe('traversal', () => {
  test('single keywords', () => {
    expect(shape('Position(self), Position(up), Position(cascade), Position(desc)')).toEqual([
      t(n('Position'), { trav: { self: true } }), t(n('Position'), { trav: { up: true } }),
      t(n('Position'), { trav: { cascade: true } }), t(n('Position'), { trav: { desc: true } }),
    ]);
  });
  test('up without a relationship leaves rel undefined for the planner', () => {
    const term = asTerm(parseQuery('Mass(up)').nodes[0]);
    expect(term.trav?.up).toBe(true);
    expect(term.trav?.rel).toBeUndefined();
    expect(term.srcWritten).toBe(false);
  });
  test('up(Rel) records the relationship and parent means up(ChildOf)', () => {
    expect(shape('Position(up(ChildOf))')).toEqual([t(n('Position'), { trav: { up: true, rel: n('ChildOf') } })]);
    expect(shape('Position(parent)')).toEqual(shape('Position(up(ChildOf))'));
  });
  test('cascade(Rel) records the relationship', () => {
    expect(shape('Position(cascade(ChildOf))')).toEqual([t(n('Position'), { trav: { cascade: true, rel: n('ChildOf') } })]);
  });
  test('keywords combine with |', () => {
    expect(shape('Position(self|up(IsA))')).toEqual([t(n('Position'), { trav: { self: true, up: true, rel: n('IsA') } })]);
    expect(shape('Position(parent|cascade)')).toEqual([t(n('Position'), { trav: { up: true, cascade: true, rel: n('ChildOf') } })]);
    expect(shape('Position(cascade | desc)')).toEqual([t(n('Position'), { trav: { cascade: true, desc: true } })]);
    expect(shape('Position(self|up(ChildOf))')).toEqual([t(n('Position'), { trav: { self: true, up: true, rel: n('ChildOf') } })]);
  });
  test('an explicit source with traversal is accepted in both orders', () => {
    const expected = [t(n('Mass'), { src: n('Sun.Earth.Moon'), trav: { up: true, rel: n('ChildOf') } })];
    expect(shape('Mass(Sun.Earth.Moon:up(ChildOf))')).toEqual(expected);
    expect(shape('Mass(parent:Sun.Earth.Moon)')).toEqual(expected);
    expect(shape('Mass( parent : Sun.Earth.Moon )')).toEqual(expected);
  });
  test('traversal combines with a pair target', () => {
    expect(shape('Eats(self|up, Apples), Eats($x:up(IsA), *)')).toEqual([
      t(n('Eats'), { trav: { self: true, up: true }, second: n('Apples') }),
      t(n('Eats'), { src: v('x'), trav: { up: true, rel: n('IsA') }, second: W }),
    ]);
  });
  test('a keyword only counts as a whole name: self.x is a source', () => {
    expect(shape('Position(self.x)')).toEqual([t(n('Position'), { src: n('self.x') })]);
  });
  test('the traversal position is the first keyword', () => {
    expect(asTerm(parseQuery('Mass(Sun:up)').nodes[0]).trav?.pos).toBe(9);
    expect(asTerm(parseQuery('Mass(parent:Sun)').nodes[0]).trav?.rel).toEqual({ kind: 'name', text: 'ChildOf', pos: 5 });
  });
});

describe('operators', () => {
  test('! is not and ? is optional', () => {
    expect(shape('Position, !Velocity, ?Mass')).toEqual([
      t(n('Position')), t(n('Velocity'), { oper: 'not' }), t(n('Mass'), { oper: 'optional' }),
    ]);
  });
  test('operators apply to pairs and terms with sources', () => {
    expect(shape('!(Eats, *), ?Position(parent)')).toEqual([
      t(n('Eats'), { second: W, oper: 'not' }), t(n('Position'), { oper: 'optional', trav: { up: true, rel: n('ChildOf') } }),
    ]);
  });
  test('an or-chain is one node of terms', () => {
    expect(shape('Planet || Moon')).toEqual([{ type: 'or', oper: 'and', terms: [t(n('Planet')), t(n('Moon'))] }]);
    expect(shape('Position, Mass || Velocity || Opaque')).toEqual([
      t(n('Position')), { type: 'or', oper: 'and', terms: [t(n('Mass')), t(n('Velocity')), t(n('Opaque'))] },
    ]);
  });
  test('or-chain operands may be pairs, have sources and access modifiers', () => {
    expect(shape('(Eats, Apples) || Position(Sun) || [in] Mass')).toEqual([{
      type: 'or', oper: 'and',
      terms: [t(n('Eats'), { second: n('Apples') }), t(n('Position'), { src: n('Sun') }), t(n('Mass'), { inout: 'in' })],
    }]);
  });
  test('or-chain operands may be comparisons (==, !=, ~=), mixed with terms in any order', () => {
    const eq = (op: string, left: unknown, right: unknown) => ({ type: 'eq', op, left, right });
    expect(shape('Planet, $this == Sun.Earth || $this == Sun.Mars')).toEqual([
      t(n('Planet')), { type: 'or', oper: 'and', terms: [eq('==', v('this'), n('Sun.Earth')), eq('==', v('this'), n('Sun.Mars'))] },
    ]);
    expect(shape('Moon || $this ~= "ar" || $f != $g')).toEqual([
      { type: 'or', oper: 'and', terms: [t(n('Moon')), eq('~=', v('this'), str('ar')), eq('!=', v('f'), v('g'))] },
    ]);
  });
  test('scopes group terms and may be negated, optional or nested', () => {
    expect(shape('Position, !{Velocity || Mass}')).toEqual([
      t(n('Position')), { type: 'scope', oper: 'not', body: [{ type: 'or', oper: 'and', terms: [t(n('Velocity')), t(n('Mass'))] }] },
    ]);
    expect(shape('{ A, !{ B, ?{ C } }, }')).toEqual([{
      type: 'scope', oper: 'and', body: [t(n('A')), {
        type: 'scope', oper: 'not', body: [t(n('B')), { type: 'scope', oper: 'optional', body: [t(n('C'))] }],
      }],
    }]);
  });
  test('scopes nest up to 64 levels', () => {
    const q = '{'.repeat(64) + 'A' + '}'.repeat(64);
    expect(parseQuery(q).nodes).toHaveLength(1);
  });
  test('AND | T, OR | T and NOT | T take the type of an entity', () => {
    expect(shape('AND | SpaceShip, OR|SpaceShip, Position, NOT | Sun.Earth')).toEqual([
      { type: 'from', op: 'and', ref: n('SpaceShip') }, { type: 'from', op: 'or', ref: n('SpaceShip') },
      t(n('Position')), { type: 'from', op: 'not', ref: n('Sun.Earth') },
    ]);
  });
});

describe('access modifiers', () => {
  test('each modifier is recorded on its term', () => {
    expect(shape('[in] Position, [out] Velocity, [inout] A, [none] B, [filter] C, D')).toEqual([
      t(n('Position'), { inout: 'in' }), t(n('Velocity'), { inout: 'out' }), t(n('A'), { inout: 'inout' }),
      t(n('B'), { inout: 'none' }), t(n('C'), { inout: 'filter' }), t(n('D')),
    ]);
  });
  test('modifiers combine with operators in either order', () => {
    const expected = [t(n('Mass'), { inout: 'in', oper: 'optional' })];
    expect(shape('[in] ?Mass')).toEqual(expected);
    expect(shape('?[in]Mass')).toEqual(expected);
    expect(shape('[ in ]?Mass')).toEqual(expected);
  });
});

describe('equality terms', () => {
  test('==, != and ~= with entities, variables and strings', () => {
    expect(shape('$this == Sun, $this == "Sun", $this != Sun.Earth, $this ~= "ar", $f != $g')).toEqual([
      { type: 'eq', op: '==', left: v('this'), right: n('Sun') },
      { type: 'eq', op: '==', left: v('this'), right: str('Sun') },
      { type: 'eq', op: '!=', left: v('this'), right: n('Sun.Earth') },
      { type: 'eq', op: '~=', left: v('this'), right: str('ar') },
      { type: 'eq', op: '!=', left: v('f'), right: v('g') },
    ]);
  });
  test('a leading ! inside a match string is kept for the planner', () => {
    expect(shape('$x ~= "!ar"')).toEqual([{ type: 'eq', op: '~=', left: v('x'), right: str('!ar') }]);
  });
  test('strings unescape \\" and \\\\ and keep everything else', () => {
    expect(shape(String.raw`$this == "a\"b\\c, (d) ||"`)).toEqual([
      { type: 'eq', op: '==', left: v('this'), right: str('a"b\\c, (d) ||') },
    ]);
    expect(shape('$this == ""')).toEqual([{ type: 'eq', op: '==', left: v('this'), right: str('') }]);
  });
  test('no whitespace is needed around the operator', () => {
    expect(shape('$this==Sun')).toEqual(shape('$this == Sun'));
  });
});

describe('positions', () => {
  test('terms span their modifiers and operator; refs point at their first character', () => {
    const [a, b, c] = parseQuery('Position, [in] ?Mass , (Eats, $food)').nodes;
    expect(a).toMatchObject({ pos: 0, end: 8, first: { pos: 0 }, src: { pos: 0 } });
    expect(b).toMatchObject({ pos: 10, end: 20, first: { pos: 16 } });
    expect(c).toMatchObject({ pos: 23, end: 36, first: { pos: 24 }, second: { pos: 30 } });
  });
  test('or-chains, scopes, equalities and from-terms span their text', () => {
    const q = 'A || B(x), !{ C }, $this == "S", NOT | T';
    const [or, scope, eq, from] = parseQuery(q).nodes;
    expect(q.slice(or!.pos, or!.end)).toBe('A || B(x)');
    expect(q.slice(scope!.pos, scope!.end)).toBe('!{ C }');
    expect(q.slice(eq!.pos, eq!.end)).toBe('$this == "S"');
    expect(q.slice(from!.pos, from!.end)).toBe('NOT | T');
  });
  test('positions are UTF-16 offsets', () => {
    const [, b] = parseQuery('𝒜, Äpfel(Sun)').nodes;
    expect(b).toMatchObject({ pos: 4, end: 14, src: { pos: 10 } });
  });
});
