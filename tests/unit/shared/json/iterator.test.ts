// The query reply serializer: fields named as the parameters, values owned/shared/0, paging by
// entities across results, variables, labels that fall back, type_info aligned with the terms.
import { describe, expect, test } from 'vitest';
import { queryReplyOptions, serializeQuery, type QueryReplyOptions } from '../../../../src/shared/json';
import { queryReplySchema } from '../../../../src/shared/protocol';
import { compileQuery } from '../../../../src/shared/query';
import { buildReferenceWorld } from '../../../fixtures/reference-world';

const { world } = buildReferenceWorld();
type Result = Record<string, unknown>;
const run = (q: string, o: Partial<QueryReplyOptions> = {}, vars = {}) => {
  const body = JSON.parse(serializeQuery(world, compileQuery(world, q), queryReplyOptions(o), vars)) as { results: Result[] } & Result;
  queryReplySchema.parse(body);
  return body;
};
const entities = (body: { results: Result[] }) => body.results.flatMap((r) => (r.entities as unknown[]).map((e) => (r.parent ? `${r.parent as string}.${String(e)}` : e)));

describe('query reply', () => {
  test('defaults: entities with their parent, anonymous ones as numbers, at most 100', () => {
    const body = run('Position, Velocity');
    expect(Object.keys(body)).toEqual(['results']);
    expect(body.results[2]).toEqual({ parent: 'Sun', entities: ['Earth'] });
    expect(entities(body)).toHaveLength(100);
    expect(entities(body).slice(0, 5)).toEqual(['Ship2', 'Ship1', 'Sun.Earth', 'Comet', 549]);
  });

  test('offset and limit count entities across results', () => {
    expect(entities(run('Position, Velocity', { offset: 3, limit: 3 }))).toEqual(['Comet', 549, 550]);
    expect(run('Position, Velocity', { limit: 0 }).results).toEqual([]);
    expect(run('Position, Velocity', { offset: 100000 }).results).toEqual([]);
    expect(entities(run('Dust', { limit: 10000 }))).toHaveLength(1200);
  });

  test('values: owned columns as arrays, shared (inherited or fixed source) as one object, 0 otherwise', () => {
    const [ship2, ship1, earth] = run('Position, Velocity', { values: true, limit: 3 }).results;
    expect(ship2!.values).toEqual([{ x: 1, y: 2 }, { x: 3, y: 4 }]);
    expect(ship1!.values).toEqual([{ x: 1, y: 2 }, [{ x: 5, y: 6 }]]);
    expect(earth!.values).toEqual([[{ x: 1, y: 0 }], [{ x: 0, y: 0 }]]);
    expect(run('Planet, Mass(Sun)', { values: true }).results[0]!.values).toEqual([0, { value: 1000 }]);
    // [out] and [none] are not read, a not term and an unset optional term have nothing to show.
    expect(run('[in] Position, [out] Velocity', { values: true, limit: 1 }).results[0]!.values).toEqual([{ x: 1, y: 2 }, 0]);
    expect(run('[none] Position, Velocity', { values: true, limit: 1 }).results[0]!.values).toEqual([0, { x: 3, y: 4 }]);
    expect(run('Position, !Velocity', { values: true }).results[0]!.values).toEqual([[{ x: 0, y: 0 }], 0]);
    expect(run('Position, ?Mass', { values: true, limit: 1 }).results[0]!.values).toEqual([{ x: 1, y: 2 }, 0]);
    expect(run('Position, Opaque', { values: true }).results[0]!.values).toEqual([[{ x: 1, y: 0 }], 0]);
  });

  test('values of a page are the page\'s rows', () => {
    expect(run('Position, Velocity', { values: true, offset: 5, limit: 3 }).results).toEqual([
      { entities: [550, 551, 552], values: [[{ x: 2, y: 4 }, { x: 3, y: 6 }, { x: 4, y: 8 }], [{ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 0 }]] },
    ]);
  });

  test('term ids, labels and type_info are top-level and aligned with the terms', () => {
    const body = run('Position, ?Mass, (Eats, $food)', { term_ids: true, term_labels: true, type_info: true });
    expect(body.ids).toEqual([['Position'], ['Mass'], ['Eats', '*']]);
    expect(body.id_labels).toEqual([['Pos'], ['Mass'], ['eats', '*']]);
    expect(body.type_info).toEqual([{ x: ['float'], y: ['float'] }, { value: ['float'] }, 0]);
    expect(body.variables).toEqual(['food']);
  });

  test('per-result fields are named as their parameters and present when asked', () => {
    const body = run('Position, ?Mass, (Eats, $food)', {
      ids: true, id_labels: true, sources: true, is_set: true, variable_labels: true, variable_ids: true, entity_labels: true, entity_ids: true,
    });
    const ship1 = body.results.find((r) => (r.entities as unknown[])[0] === 'Ship1')!;
    expect(ship1).toEqual({
      ids: [['Position'], ['Mass'], ['Eats', 'Pears']], id_labels: [['Pos'], ['Mass'], ['eats', 'Pears']], sources: ['SpaceShip', 0, 0],
      variables: ['Pears'], variable_labels: ['Pears'], variable_ids: [536], is_set: [true, false, true],
      entities: ['Ship1'], entity_labels: ['Ship "one"'], entity_ids: [539],
    });
    // Moon has no doc name: its label falls back to its name.
    expect(body.results.find((r) => r.parent === 'Sun.Earth')!.entity_labels).toEqual(['Moon']);
    expect(run('Position(self)', { entity_labels: true, limit: 6 }).results.at(-1)!.entity_labels).toEqual(['549']);
  });

  test('variables=false, entities=false and results=false drop those fields', () => {
    const body = run('(Eats, $food)', { variables: false, entities: false });
    expect(body.variables).toEqual(['food']);
    expect(body.results[0]).toEqual({});
    expect(Object.keys(run('Planet', { results: false }))).toEqual([]);
  });

  test('results without $this have no entities; sources and variables hold the bindings', () => {
    expect(run('Eats($x, Apples)', { sources: true }).results).toEqual([
      { sources: ['Sun.Earth'], variables: ['Sun.Earth'] },
      { sources: ['Sun.Earth.Moon'], variables: ['Sun.Earth.Moon'] },
    ]);
    expect(run('Position(Sun)', { values: true }).results).toEqual([{ values: [{ x: 0, y: 0 }] }]);
  });

  test('a variable an optional term left unbound is null, never 0', () => {
    const body = run('Planet, ?ChildOf($c, $this)', { variable_labels: true, variable_ids: true, is_set: true });
    const mars = body.results.find((r) => (r.entities as unknown[])[0] === 'Mars')!;
    expect(mars).toMatchObject({ variables: [null], variable_labels: [null], variable_ids: [null], is_set: [true, false] });
    const earth = body.results.find((r) => (r.entities as unknown[])[0] === 'Earth')!;
    expect(earth).toMatchObject({ variables: ['Sun.Earth.Moon'], variable_ids: [world.lookup('Sun.Earth.Moon')] });
  });

  test('bound variables constrain the results', () => {
    const apples = world.lookup('Apples');
    expect(entities(run('(Eats, $food)', {}, { food: apples }))).toEqual(['Sun.Earth', 'Sun.Earth.Moon']);
  });

  test('colors and duration', () => {
    const body = run('Planet', { colors: true, duration: true });
    expect(body.results[0]).toEqual({ parent: 'Sun', entities: ['Earth'], colors: ['#0000ff'] });
    expect(body.results[1]).toEqual({ parent: 'Sun', entities: ['Mars'] });
    expect(typeof body.duration).toBe('number');
  });
});

describe('replies follow the world', () => {
  test('a later reply shows values changed by set() or written straight into the columns by a system', () => {
    const { world: w } = buildReferenceWorld();
    const q = compileQuery(w, 'Position, Velocity');
    const values = () => (JSON.parse(serializeQuery(w, q, queryReplyOptions({ values: true, limit: 1000 }))) as { results: Result[] }).results
      .flatMap((r) => ((r.values as unknown[][])[0] as unknown[]));
    const before = values();
    const e = 600, P = w.lookup('Position');
    w.set(e, P, { x: 0.5 });
    const afterSet = values();
    expect(afterSet).not.toEqual(before);
    expect(afterSet).toContainEqual({ x: 0.5, y: 104 });
    const { table, row } = w.locate(e);
    (table.column(P)!.arrays[1] as Float32Array)[row] = 7.25;
    expect(values()).toContainEqual({ x: 0.5, y: 7.25 });
    // A page inside the same table, then the whole table again.
    const page = (JSON.parse(serializeQuery(w, q, queryReplyOptions({ values: true, offset: 4, limit: 3 }))) as { results: Result[] }).results[0]!;
    expect((page.values as unknown[][])[0]).toEqual([{ x: 1, y: 2 }, { x: 2, y: 4 }, { x: 3, y: 6 }]);
    const count = values().length;
    w.delete(549);
    expect(values()).toHaveLength(count - 1);
  });
});

describe('query reply after changes (entity lists are kept only while rows, names and parents stand)', () => {
  test('entities follow renames, new entities, deletes and new parents; pages stay right', () => {
    const w = buildReferenceWorld().world;
    const Tag = w.tag('Listed');
    const es = Array.from({ length: 5 }, (_, i) => { const e = w.entity(`L${i}`); w.add(e, Tag); return e; });
    const list = (o: Partial<QueryReplyOptions> = {}) => (JSON.parse(serializeQuery(w, compileQuery(w, 'Listed'), queryReplyOptions(o))) as { results: Result[] }).results.flatMap((r) => r.entities as unknown[]);
    expect(list()).toEqual(['L0', 'L1', 'L2', 'L3', 'L4']);
    expect(list({ offset: 1, limit: 2 })).toEqual(['L1', 'L2']);
    w.setName(es[1]!, 'Renamed');
    expect(list()).toEqual(['L0', 'Renamed', 'L2', 'L3', 'L4']);
    w.delete(es[0]!);
    expect(list()).toEqual(['L4', 'Renamed', 'L2', 'L3']);
    const anon = w.entity();
    w.add(anon, Tag);
    expect(list()).toEqual(['L4', 'Renamed', 'L2', 'L3', anon]);
    w.setName(anon, 'Late');
    expect(list()).toEqual(['L4', 'Renamed', 'L2', 'L3', 'Late']);
  });
});
