/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads replies as parsed JSON of known shape */
// Member comparisons (issue 44) over REST on a small world whose values the test sets itself:
// `Fuel.value < 10`, inherited values, enums by constant name, the field they fill, bad input,
// GET /explain's wording and the Flecs 4 dialect's query info.
import { beforeAll, describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { explainReplySchema } from '../../../../src/shared/protocol';
import { createRouter, type Router } from '../../../../src/shared/rest';

let router: Router, flecs4: Router;

beforeAll(() => {
  const w = new World();
  const Fuel = w.component('Fuel', { value: 'f32', capacity: 'f32' });
  const Position = w.component('Position', { x: 'f32', y: 'f32' });
  const Shape = w.component('Shape', { kind: { enum: ['Sphere', 'Ship', 'Rock'] } });
  const Label = w.component('Label', { text: 'string' });
  const Planet = w.tag('Planet');
  const ship = w.prefab('SpaceShip');
  w.set(ship, Fuel, { value: 100, capacity: 100 });
  w.set(ship, Shape, { kind: 'Ship' });
  const own = (name: string, fuel: number, y: number) => {
    const e = w.entity(name);
    w.add(e, w.pair(w.core.IsA, ship));
    w.set(e, Fuel, { value: fuel });
    w.set(e, Position, { x: 0, y });
    return e;
  };
  own('Full', 42.5, 0.5);
  own('Low', 9.5, 0.1);
  own('Ten', 10, -1);
  const spare = w.entity('Spare');                    // inherits Fuel 100 from SpaceShip
  w.add(spare, w.pair(w.core.IsA, ship));
  const rock = w.entity('Rock1');
  w.set(rock, Shape, { kind: 'Rock' });
  w.set(rock, Label, { text: 'a rock' });
  w.add(rock, Planet);
  router = createRouter(w, {});
  flecs4 = createRouter(w, { compat: 'flecs-4' });
});

function get(url: string, r = router): { status: number; json: any } {
  const reply = r.route('GET', url);
  return { status: reply.status, json: JSON.parse(reply.body) };
}

function matched(expr: string): string[] {
  const r = get(`/query?q=${encodeURIComponent(expr)}`);
  expect(r.status, `${expr}: ${JSON.stringify(r.json)}`).toBe(200);
  return r.json.results.flatMap((x: any) => x.entities).sort();
}

function refused(expr: string): string {
  const r = get(`/query?q=${encodeURIComponent(expr)}`);
  expect(r.status, expr).toBe(400);
  return r.json.error;
}

describe('member comparisons', () => {
  test('each operator on an f32 member, own and inherited values', () => {
    expect(matched('Fuel.value < 10')).toEqual(['Low']);
    expect(matched('Fuel.value <= 10')).toEqual(['Low', 'Ten']);
    expect(matched('Fuel.value > 42.5')).toEqual(['Spare']);
    expect(matched('Fuel.value >= 42.5')).toEqual(['Full', 'Spare']);
    expect(matched('Fuel.value == 100')).toEqual(['Spare']);
    expect(matched('Fuel.value != 100')).toEqual(['Full', 'Low', 'Ten']);
  });
  test('an f32 member compares with the number rounded to f32: y stored from 0.1 equals 0.1 and is not above it', () => {
    expect(matched('Position.y == 0.1')).toEqual(['Low']);
    expect(matched('Position.y > 0.1')).toEqual(['Full']);
    expect(matched('Position.y >= -1, Position.y < 0.1')).toEqual(['Ten']);
  });
  test('enums by constant name with == and !=', () => {
    expect(matched('Shape.kind == Ship')).toEqual(['Full', 'Low', 'Spare', 'Ten']);
    expect(matched('Shape.kind != Ship')).toEqual(['Rock1']);
  });
  test('beside terms, in or-chains and negated scopes', () => {
    expect(matched('Planet || Fuel.value < 10')).toEqual(['Low', 'Rock1']);
    expect(matched('Fuel, !{ Fuel.value < 42.5 }')).toEqual(['Full', 'Spare']);
    expect(matched('Position, Fuel.value > 9.5, Fuel.value < 50')).toEqual(['Full', 'Ten']);
  });
  test('the comparison fills a field of its component: values and source (inherited from the prefab)', () => {
    const r = get(`/query?q=${encodeURIComponent('Fuel.value > 42.5')}&values=true&sources=true`);
    expect(r.json.results).toEqual([{ entities: ['Spare'], sources: ['SpaceShip'], values: [{ value: 100, capacity: 100 }] }]);
  });
  test('bad input is refused naming the problem', () => {
    expect(refused('Fuel.valu < 3')).toContain(`'Fuel' has no member 'valu'; its members are value, capacity`);
    expect(refused('Label.text == 3')).toContain('Label.text is a string member: only numeric members (and enums, with == and !=) can be compared');
    expect(refused('Shape.kind < Ship')).toContain('Shape.kind is an enum: compare it with == or != and a constant (Sphere, Ship, Rock)');
    expect(refused('Shape.kind == Boat')).toContain(`Shape.kind has no constant 'Boat'; its constants are Sphere, Ship, Rock`);
    expect(refused('Shape.kind == 1')).toContain('Shape.kind is an enum: compare it with a constant by name, one of Sphere, Ship, Rock');
    expect(refused('Fuel.value < Ship')).toContain('Fuel.value is a number (f32): compare it with a number, as in Fuel.value < 10');
    expect(refused('Planet.x < 1')).toContain(`'Planet' has no members to compare`);
    expect(refused('Fule.value < 1')).toContain(`unresolved identifier 'Fule'`);
    expect(refused('Fuel < 1')).toContain(`'Fuel' names no member`);
  });
});

describe('GET /explain of a member comparison', () => {
  test('says the value and the comparison that failed, or that the component is missing', () => {
    const full = get(`/explain/Full?q=${encodeURIComponent('Fuel.value < 10')}`).json;
    expect(explainReplySchema.parse(full)).toEqual(full);
    expect(full.matches).toBe(false);
    expect(full.steps).toEqual([
      { kind: 'member', text: 'Fuel.value < 10', oper: 'and', pos: 0, holds: false, alone: false, why: { code: 'value', message: 'Fuel.value is 42.5, not < 10' } },
    ]);
    expect(get(`/explain/Low?q=${encodeURIComponent('Position.y > 0.1')}`).json.steps[0].why.message).toBe('Position.y is 0.1, not > 0.1');
    expect(get(`/explain/Rock1?q=${encodeURIComponent('Shape.kind == Ship')}`).json.steps[0].why.message).toBe('Shape.kind is Rock, not == Ship');
    expect(get(`/explain/Rock1?q=${encodeURIComponent('Fuel.value < 10')}`).json.steps[0].why).toEqual({ code: 'missing', message: 'Rock1 has no Fuel' });
  });
  test('a comparison that holds names the component it matched and where it came from', () => {
    const spare = get(`/explain/Spare?q=${encodeURIComponent('Fuel.value >= 100')}`).json;
    expect(spare.matches).toBe(true);
    expect(spare.steps[0]).toMatchObject({ kind: 'member', holds: true, id: 'Fuel', source: 'SpaceShip', via: 'ecs.core.IsA' });
  });
});

describe('the Flecs 4 query info of a member comparison', () => {
  test('query_info carries the comparison; query_plan shows the term and the comparison', () => {
    const r = get(`/query?expr=${encodeURIComponent('Fuel.value < 10, Shape.kind != Rock')}&query_info=true&query_plan=true&results=false`, flecs4).json;
    expect(r.query_info.terms.map((t: any) => [t.first.entity, t.compare])).toEqual([
      ['Fuel', { member: 'value', op: '<', value: 10 }],
      ['Shape', { member: 'kind', op: '!=', value: 'Rock' }],
    ]);
    const lines = r.query_plan.split('\n');
    expect(lines.filter((l: string) => l.includes('compare')).map((l: string) => l.replace(/^ *\d+\. +/, ''))).toEqual([
      'compare      $this        Fuel.value < 10', 'compare      $this        Shape.kind != Rock',
    ]);
  });
});
