import { describe, expect, test } from 'vitest';
import { EQ_OPS, parseQuery, printQuery, printRef } from '../../../../../src/shared/query/parser';
import { strip } from './ast-shape';

/** [input, canonical text] */
const CANONICAL: [string, string][] = [
  ['', ''],
  ['  Position ,Velocity,', 'Position, Velocity'],
  ['Position,?Mass,(Eats,$food)', 'Position, ?Mass, (Eats, $food)'],
  ['Eats($This,$food)', 'Eats($this, $food)'],
  ['Position( $ )', 'Position($)'],
  ['Position(parent)', 'Position(up(ChildOf))'],
  ['Position(parent|cascade)', 'Position(up(ChildOf)|cascade)'],
  ['Position(desc|cascade|self)', 'Position(self|cascade|desc)'],
  ['Position(cascade(ChildOf))', 'Position(cascade(ChildOf))'],
  ['Mass(parent:Sun.Earth.Moon)', 'Mass(Sun.Earth.Moon:up(ChildOf))'],
  ['Eats(self|up,Apples)', 'Eats(self|up, Apples)'],
  ['Planet||Moon', 'Planet || Moon'],
  ['Planet,$this==Sun.Earth||$this==Sun.Mars', 'Planet, $this == Sun.Earth || $this == Sun.Mars'],
  ['$this~="ar"||Moon||$x!=$this', '$this ~= "ar" || Moon || $x != $this'],
  ['!{$this==Sun||(Eats,$f)}', '!{ $this == Sun || (Eats, $f) }'],
  ['Position,!{Velocity||Mass}', 'Position, !{ Velocity || Mass }'],
  ['{A,?{B},}', '{ A, ?{ B } }'],
  ['?[in]Mass', '[in] ?Mass'],
  ['[ filter ]Velocity', '[filter] Velocity'],
  ['AND|SpaceShip, OR |X, NOT| Y', 'AND | SpaceShip, OR | X, NOT | Y'],
  ['$this==Sun,$f!=$g,$this~="ar"', '$this == Sun, $f != $g, $this ~= "ar"'],
  ['$this == "a\\"b\\\\c"', '$this == "a\\"b\\\\c"'],
  ['*, _, 9, 007', '*, _, 9, 7'],
  ['Fuel.value<10,Position.y>=0.50,Orbit.radius!=3', 'Fuel.value < 10, Position.y >= 0.5, Orbit.radius != 3'],
  ['Shape.kind==Ship||Fuel.value<=-2.5e1', 'Shape.kind == Ship || Fuel.value <= -25'],
  ['!{Fuel.value>1E-3}, A.b.c == -0', '!{ Fuel.value > 0.001 }, A.b.c == -0'],
];

describe('printQuery', () => {
  test.each(CANONICAL)('%j prints as %j', (input, canonical) => {
    expect(printQuery(parseQuery(input))).toBe(canonical);
  });

  test.each(CANONICAL)('%j survives a print/parse round trip', (input) => {
    const ast = parseQuery(input);
    expect(strip(parseQuery(printQuery(ast)).nodes)).toEqual(strip(ast.nodes));
  });

  test('printRef writes each reference kind as it is typed', () => {
    expect([
      printRef({ kind: 'name', text: 'Sun.Earth', pos: 0 }), printRef({ kind: 'id', value: 544, pos: 0 }),
      printRef({ kind: 'var', name: 'food', pos: 0 }), printRef({ kind: 'wildcard', pos: 0 }), printRef({ kind: 'any', pos: 0 }),
      printRef({ kind: 'singleton', pos: 0 }), printRef({ kind: 'string', value: 'say "hi" \\o/', pos: 0 }),
    ]).toEqual(['Sun.Earth', '544', '$food', '*', '_', '$', '"say \\"hi\\" \\\\o/"']);
  });

  test.each(EQ_OPS)('the comparison %s is read as itself and printed back, with a string or a name on the right', (op) => {
    for (const text of [`$this ${op} "ar"`, `$x ${op} Sun.Earth`]) {
      const ast = parseQuery(text);
      expect(ast.nodes).toMatchObject([{ type: 'eq', op }]);
      expect(printQuery(ast)).toBe(text);
    }
  });
});
