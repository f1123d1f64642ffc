/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads replies as parsed JSON of known shape */
// What a Flecs 4 query reply says about the query itself (query_info, field_info, query_plan) for
// one query with every kind of item: a component, an optional one, a traversal, a pair with a
// variable, an or-chain, scopes, a name match and cascade; read against the reference world.
import { expect, test } from 'vitest';
import { setup } from './helpers';

const Q = 'Position, ?Mass, Mass(self|up(ChildOf)), (Eats, $f), Planet || Moon, { Velocity }, !{ Enemy }, $this ~= "ar", Planet(cascade)';
const ISA = { entity: 'flecs.core.IsA' };
const THIS = { var: 'this' };

function meta(q: string) {
  const s = setup({ compat: 'flecs-4' });
  return s.get(`/query?expr=${encodeURIComponent(q)}&query_info=true&field_info=true&query_plan=true&results=false`).json;
}

test('field_info: one field per item but scopes; optional marked; types and schemas of components; a name match has id 0', () => {
  expect(meta(Q).field_info).toEqual([
    { id: 'Position', type: 'Position', schema: { x: ['float'], y: ['float'] } },
    { id: 'Mass', optional: true, type: 'Mass', schema: { value: ['float'] } },
    { id: 'Mass', type: 'Mass', schema: { value: ['float'] } },
    { id: '(Eats,*)' },
    { id: 'Planet' },
    { id: '0' },
    { id: 'Planet' },
  ]);
});

test('query_info: the variables, and per field its operator, source, ids, traversal and flags', () => {
  const info = meta(Q).query_info;
  expect(info.vars).toEqual(['this', 'f']);
  const term = (first: object, rest: object = {}) => ({ inout: 'default', has_value: false, oper: 'and', src: THIS, first, trav: ISA, flags: ['self', 'up'], ...rest });
  expect(info.terms).toEqual([
    term({ entity: 'Position', type: true }, { has_value: true }),
    term({ entity: 'Mass', type: true }, { has_value: true, oper: 'optional' }),
    term({ entity: 'Mass', type: true }, { has_value: true, trav: { entity: 'flecs.core.ChildOf' } }),
    { inout: 'default', has_value: false, oper: 'and', src: THIS, first: { entity: 'Eats' }, second: { var: 'f' }, trav: ISA, flags: ['self', 'up'] },
    term({ entity: 'Planet' }),
    { inout: 'default', has_value: false, oper: 'and', src: THIS, first: { entity: 'flecs.core.PredMatch' }, flags: [] },
    { inout: 'default', has_value: false, oper: 'and', src: THIS, first: { entity: 'Planet' }, flags: ['self', 'cascade'] },
  ]);
});

test('query_plan: the steps in evaluation order, nested steps indented, ending with yield', () => {
  expect(meta(Q).query_plan.split('\n')).toEqual([
    ' 0. selfup       $this        (Position)',
    ' 1. selfup       $this        (Mass)',
    ' 2. selfup       $this        (Eats, $f)',
    ' 3. or          ',
    ' 4.  selfup       $this        (Planet)',
    ' 5.  selfup       $this        (Moon)',
    ' 6. scope       ',
    ' 7.  selfup       $this        (Velocity)',
    ' 8. and          $this        (Planet)',
    ' 9. optional     $this        (Mass)',
    '10. pred         $this ~= "ar"',
    '11. not         ',
    '12.  selfup       $this        (Enemy)',
    '13. yield',
    '',
  ]);
});

test('an or-chain led by a comparison is a predicate on its source; wildcards and the any source print as * and _', () => {
  const m = meta('Planet, $this == Sun.Earth || Moon, (Eats, *), Mass(_)');
  expect(m.field_info).toEqual([{ id: 'Planet' }, { id: '*' }, { id: '(Eats,*)' }, { id: 'Mass', type: 'Mass', schema: { value: ['float'] } }]);
  expect(m.query_info.terms[1]).toEqual({ inout: 'default', has_value: false, oper: 'and', src: THIS, first: { entity: 'flecs.core.PredMatch' }, flags: [] });
  expect(m.query_info.terms[3].src).toEqual({ entity: '_' });
  expect(m.query_plan.split('\n').slice(2, 6)).toEqual([' 2. selfup       _            (Mass)', ' 3. or          ', ' 4.  pred         $this == Sun.Earth', ' 5.  selfup       $this        (Moon)']);
});

test('AND | T numbers its fields as the engine does: one per id of T', () => {
  const m = meta('AND | SpaceShip');
  expect(m.field_info.map((f: any) => f.id)).toEqual(['Position', 'Velocity']);
  expect(m.query_plan).toBe(' 0. selfup       $this        (Position)\n 1. selfup       $this        (Velocity)\n 2. yield\n');
});
