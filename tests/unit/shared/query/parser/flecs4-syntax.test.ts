// The Flecs 4 forms of the query DSL (what today's Flecs explorer sends) parse to the same trees
// as their classic spellings, in every mode; forms that would mean something else are refused.
import { describe, expect, test } from 'vitest';
import { parseQuery } from '../../../../../src/shared/query/parser';
import { ANY, id, n, nodesShape, t, v } from './ast-shape';
import { parseError } from './parse-error';

const shape = (q: string) => nodesShape(parseQuery(q));

describe('Flecs 4 query syntax', () => {
  test('up ChildOf (relationship after a space) is up(ChildOf)', () => {
    expect(shape('Position(up ChildOf)')).toEqual(shape('Position(up(ChildOf))'));
    expect(shape('Position(self|up ChildOf)')).toEqual([t(n('Position'), { trav: { self: true, up: true, rel: n('ChildOf') } })]);
    expect(shape('Position(cascade ChildOf)')).toEqual(shape('Position(cascade(ChildOf))'));
  });
  test('a source joined to its traversal by | is src:traversal', () => {
    expect(shape('Position($this|up ChildOf)')).toEqual([t(n('Position'), { src: v('this'), trav: { up: true, rel: n('ChildOf') } })]);
    expect(shape('Position(Sun|self)')).toEqual(shape('Position(Sun:self)'));
  });
  test('|self on a component or a pair target is accepted (it is what ids mean here)', () => {
    expect(shape('Position|self')).toEqual([t(n('Position'))]);
    expect(shape('IsA($this, $base|self)')).toEqual([t(n('IsA'), { src: v('this'), second: v('base') })]);
    expect(shape('(ChildOf, Sun|self)')).toEqual([t(n('ChildOf'), { second: n('Sun') })]);
  });
  test('#<id> is an entity id; #0 is no entity', () => {
    expect(shape('(ChildOf, #0)')).toEqual([t(n('ChildOf'), { second: id(0) })]);
    expect(shape('#512')).toEqual([t(id(512))]);
  });
  test("the explorer's tree query parses", () => {
    const q = ' [none] ?flecs.core.Module,[none] ?flecs.core.ChildOf(_,$this),[none] ?flecs.core.IsA($this,$base|self),(flecs.core.ChildOf,#0)';
    expect(shape(q)).toEqual([
      t(n('flecs.core.Module'), { oper: 'optional', inout: 'none' }),
      t(n('flecs.core.ChildOf'), { oper: 'optional', inout: 'none', src: ANY, second: v('this') }),
      t(n('flecs.core.IsA'), { oper: 'optional', inout: 'none', src: v('this'), second: v('base') }),
      t(n('flecs.core.ChildOf'), { second: id(0) }),
    ]);
  });
  test('flags other than self on an id, a bare #, and A | B are refused with the reason', () => {
    expect(parseError('Position|up').reason).toMatch(/only 'self' may follow a term's component.*'up'/);
    expect(parseError('IsA($this, $base|up)').reason).toMatch(/only 'self' may follow a term's target/);
    expect(parseError('(ChildOf, #)').reason).toMatch(/'#' must be followed by an entity id/);
    expect(parseError('A | B').reason).toBe("unexpected character '|'; write '||' between the alternatives of an or-chain");
    expect(parseError('Position(Sun|up:self)').reason).toMatch(/takes its traversal once/);
  });
  test('or-chains keep their meaning: A || B is not a flag', () => {
    expect(shape('Position || Velocity')).toEqual(shape('Position||Velocity'));
    expect((parseQuery('Position || Velocity').nodes[0]!).type).toBe('or');
  });
});
