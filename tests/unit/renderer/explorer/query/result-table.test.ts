import { describe, expect, it } from 'vitest';
import { entityCount, flattenMembers, flattenQueryReply } from '../../../../../src/renderer/explorer/query/result-table';
import type { QueryReply } from '../../../../../src/renderer/explorer/client/reply-types';
import { captureBody } from '../capture';

describe('flattenQueryReply', () => {
  it('gives one row per entity with parent path, labels, variables, sources and value members (reference reply)', () => {
    const t = flattenQueryReply(captureBody<QueryReply>('119-query-A-all.json'));
    expect(t.variables).toEqual(['food']);
    expect(t.rows.map((r) => r.entity?.path)).toEqual(['Ship1', 'Sun.Earth', 'Sun.Earth.Moon', 'Sun.Earth.Moon']);
    const earth = t.rows[1]!;
    expect(earth.entity).toMatchObject({ name: 'Earth', parent: 'Sun', label: 'The Earth' });
    expect(earth.cells['var.food']).toMatchObject({ ref: 'Apples' });
    expect(earth.cells['t0.v.x']).toEqual({ text: '1', kind: 'number' });
    // About four significant digits shown, the full value on hover.
    expect(earth.cells['t1.v.value']).toEqual({ text: '5.97', full: '5.9699997902', kind: 'number' });
    // Ship1's Position comes from its prefab: a shared value and a source column.
    const ship = t.rows[0]!;
    expect(ship.cells['t0.v.x']!.text).toBe('1');
    expect(ship.cells['t0.src']).toMatchObject({ text: 'SpaceShip', ref: 'SpaceShip' });
    expect(ship.cells['t1.v.value']).toBeUndefined();
    const keys = t.columns.map((c) => `${c.group}/${c.label}`);
    // (Eats, $food)'s id only repeats $food in every row: no column of its own.
    expect(keys).toEqual(['Variables/$food', 'Position/source', 'Position/x', 'Position/y', 'Mass/value']);
    expect(ship.cells['t2.id']).toMatchObject({ text: '(Eats, Pears)', ref: 'Pears' });
  });

  it('collapses id and source columns that repeat a variable, shortens built-ins and reads the total', () => {
    const reply: QueryReply = {
      ids: [['ecs.core.ChildOf', '*'], ['Planet']],
      variables: ['p'],
      count: 366,
      results: [
        { ids: [['ecs.core.ChildOf', 'Sun.Earth'], ['Planet']], sources: [0, 'Sun.Earth'], variables: ['Sun.Earth'], parent: 'Sun.Earth', entities: ['Moon'] },
        { ids: [['ecs.core.ChildOf', 'Sun.Mars'], ['Planet']], sources: [0, 'Sun.Mars'], variables: ['Sun.Mars'], parent: 'Sun.Mars', entities: ['Phobos', 'Deimos'] },
      ],
    };
    const t = flattenQueryReply(reply);
    expect(t.columns.map((c) => `${c.groupShort}/${c.label}`)).toEqual(['Variables/$p']);
    expect(t.total).toBe(366);
    // $p holds each row's parent: the Parent column would repeat it, so the table has none.
    expect(t.hasParent).toBe(false);
    // When the id says more than the variable (a different target per row than $p), it stays.
    const other = flattenQueryReply({ ...reply, results: [{ ...reply.results![0]!, variables: ['Sun'] }] });
    expect(other.columns.map((c) => `${c.groupShort}/${c.label}`)).toEqual(['Variables/$p', '(ChildOf, *)/id', 'Planet/source']);
    expect(other.columns[1]!.group).toBe('(ecs.core.ChildOf, *)');
    expect(other.rows[0]!.cells['t0.id']).toMatchObject({ text: '(ChildOf, Sun.Earth)', full: '(ecs.core.ChildOf, Sun.Earth)', ref: 'Sun.Earth' });
    // There $p is not the parent of Moon: both columns stay.
    expect(other.hasParent).toBe(true);
  });

  it('reads our field names (variables, variable_labels, duration) as well as the reference ones', () => {
    const reply: QueryReply = {
      variables: ['planet'],
      results: [{ variables: ['Sun.Earth'], variable_labels: ['The Earth'], entities: ['Ship6'], values: [0, 0, 0] }],
      duration: 0.0013,
    };
    const t = flattenQueryReply(reply);
    expect(t.seconds).toBe(0.0013);
    expect(t.rows[0]!.cells['var.planet']).toMatchObject({ text: 'Sun.Earth (The Earth)', ref: 'Sun.Earth' });
    expect(flattenQueryReply(captureBody<QueryReply>('109-query-A-duration.json')).seconds).toBeCloseTo(0.000032409);
  });

  it('shows a variable an optional term left unbound (null) as empty, not as an entity', () => {
    const t = flattenQueryReply({ vars: ['c'], results: [{ vars: [null], var_labels: [null], entities: ['Mercury'] }, { vars: ['Sun.Earth.Moon'], entities: ['Earth'] }] });
    expect(t.rows[0]!.cells['var.c']).toEqual({ text: '—', kind: 'none' });
    expect(t.rows[1]!.cells['var.c']).toMatchObject({ ref: 'Sun.Earth.Moon' });
  });

  it('shows anonymous entities by id with per-entity values', () => {
    const t = flattenQueryReply({ results: [{ entities: [548, 549], values: [[{ x: 0, y: 0 }, { x: 1, y: 2 }]] }] });
    expect(t.rows.map((r) => r.entity?.path)).toEqual(['548', '549']);
    expect(t.rows[1]!.cells['t0.v.y']!.text).toBe('2');
  });

  it('keeps a row for a query without $this (fixed source only)', () => {
    const t = flattenQueryReply(captureBody<QueryReply>('165-query-fixed-src.json'));
    expect(t.rows).toHaveLength(1);
    expect(t.rows[0]!.entity).toBeUndefined();
    expect(t.rows[0]!.cells['t0.src']).toMatchObject({ ref: 'Sun' });
  });

  it('marks entity-typed members as links using type_info aligned with terms', () => {
    const t = flattenQueryReply({
      type_info: [{ target: ['entity'], n: ['int'] }],
      results: [{ entities: ['A'], values: [[{ target: 'Sun.Earth', n: 3 }]] }],
    });
    expect(t.rows[0]!.cells['t0.v.target']).toMatchObject({ ref: 'Sun.Earth' });
    expect(t.rows[0]!.cells['t0.v.n']!.ref).toBeUndefined();
  });

  it('flattens nested members and counts entities', () => {
    expect(flattenMembers({ a: { b: 1, c: [1, 2] }, d: 'x' })).toEqual([['a.b', 1], ['a.c', [1, 2]], ['d', 'x']]);
    expect(entityCount(captureBody<QueryReply>('095-query-A-default.json'))).toBe(4);
  });
});
