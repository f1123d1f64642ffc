// The edges of the contract's reads that the main tests pass by: named queries by id, by a path
// that is not a query, or by nothing; the echoed path of a missing q cut short; /stats paths;
// /tables' memory; refs by one relationship or all.
import { describe, expect, test } from 'vitest';
import { MAX_ECHOED_CHARS } from '../../../../src/shared/protocol';
import { setup } from './helpers';

describe('GET /query?name=', () => {
  test('a named query by path or by entity id; the refusals, whole', () => {
    const s = setup();
    const planets = s.world.lookup('Planets');
    expect(s.get(`/query?name=${planets}`).json).toEqual(s.get('/query?name=Planets').json);
    expect(s.get('/query?name=%20')).toMatchObject({ status: 400, json: { error: "parameter 'name' is empty: give the path of a named query, filter, rule or system" } });
    expect(s.get('/query?name=99999')).toMatchObject({ status: 404, json: { error: "no query named '99999': give the path of a named query, filter, rule or system (levels separated by '.')" } });
    expect(s.get('/query?name=Sun.Earth')).toMatchObject({ status: 400, json: { error: "'Sun.Earth' is not a query, filter, rule or system: use q=<expression> to query it" } });
    // A name ending in digits is a path, not an id.
    expect(s.get('/query?name=Ship1')).toMatchObject({ status: 400, json: { error: "'Ship1' is not a query, filter, rule or system: use q=<expression> to query it" } });
  });
  test('without q or name the reply shows the request\'s own path, cut short when long', () => {
    const s = setup();
    expect(s.get('/query').json.error).toBe("missing parameter 'q' or 'name': use /query?q=<expression> or /query?name=<named query>");
    s.world.entity('a'.repeat(MAX_ECHOED_CHARS));
    const long = `/explain/${'a'.repeat(MAX_ECHOED_CHARS)}`;
    const cut = `${long.slice(0, MAX_ECHOED_CHARS)}…`;
    expect(s.get(long).json.error).toBe(`missing parameter 'q' or 'name': use ${cut}?q=<expression> or ${cut}?name=<named query>`);
  });
});

describe('GET /stats paths', () => {
  test('a level after the period is refused; a trailing slash is not a level', () => {
    const s = setup();
    expect(s.get('/stats/world/1s/x')).toMatchObject({ status: 400,
      json: { error: "unexpected path 'world/1s/x': use /stats/<category>/<period> with category world or pipeline and period 1s, 1m, 1h, 1d, 1w" } });
    // The reference world has no monitor: a well-formed path gets as far as saying so.
    expect(s.get('/stats/world/1s/').json.error).toMatch(/^statistics need the monitor module/);
  });
});

describe('GET /tables and refs', () => {
  test('a table\'s memory: the bytes of its columns per row, used and allocated', () => {
    const s = setup();
    const t = s.world.tableOf(s.anonymous[1]!);
    const row = t.columns.reduce((n, c) => n + c.info.size, 0);
    expect(row).toBe(16);   // Position and Velocity, two f32 each
    const reply = s.get('/tables').json.find((x: { id: number }) => x.id === t.id);
    expect(reply).toEqual({ id: t.id, type: t.type.map((id) => s.world.idText(id).replace(', ', ',')), count: t.count, memory: { used: 16 * t.count, allocated: 16 * t.capacity } });
  });
  test('refs: the entities that point at this one, by one relationship or by all', () => {
    const s = setup();
    expect(s.get('/entity/Apples?refs=Eats').json.refs).toEqual({ Eats: ['Sun.Earth', 'Sun.Earth.Moon'] });
    expect(s.get('/entity/Apples?refs=*').json.refs).toEqual({ Eats: ['Sun.Earth', 'Sun.Earth.Moon'] });
    expect(s.get('/entity/Apples?refs=ecs.core.ChildOf').json.refs).toEqual({});
  });
});

describe('GET /query&vars=', () => {
  const q = (s: ReturnType<typeof setup>, vars: string, expr = '(Eats, $food)') => s.get(`/query?q=${encodeURIComponent(expr)}&vars=${encodeURIComponent(vars)}`);
  test('values by path or id, optionally in parentheses; blank is none', () => {
    const s = setup();
    const apples = q(s, 'food:Apples').json;
    expect(apples.results.map((r: { entities: string[] }) => r.entities).flat()).toEqual(['Earth', 'Moon']);
    expect(q(s, ' ( food : Apples ) ').json).toEqual(apples);
    expect(q(s, `food:${s.ids.Apples}`).json).toEqual(apples);
    expect(q(s, ' ').json.results).toHaveLength(4);
  });
  test('each refusal, whole', () => {
    const s = setup();
    const cases: [string, string, string?][] = [
      ['food', "parameter 'vars': 'food' has no ':'; write name:entity, e.g. vars=food:Apples"],
      ['$food:Apples', "parameter 'vars': the query has no variable '$food' (write the name without '$'); its variables are 'food'"],
      ['x:Apples', "parameter 'vars': the query has no variable 'x'; its variables are 'food'"],
      ['food:Nope', "parameter 'vars': 'food:Nope' names no entity; give an entity path such as Sun.Earth or an id"],
      ['food:99999', "parameter 'vars': 'food:99999' names no entity; give an entity path such as Sun.Earth or an id"],
      // Only a pair of parentheses around the whole is taken off.
      ['food:Apples)', "parameter 'vars': 'food:Apples)' names no entity; give an entity path such as Sun.Earth or an id"],
      ['(food:Apples', "parameter 'vars': the query has no variable '(food'; its variables are 'food'"],
      ['food:Apples,food:Pears', "parameter 'vars' gives 2 values, but the query has 1 variable (a query may have at most 64); give each variable one value"],
      ['food:Apples,p:Sun,p:Sun', "parameter 'vars' gives 3 values, but the query has 2 variables (a query may have at most 64); give each variable one value", '(Eats, $food), (ChildOf, $p)'],
      ['p:Sun,p:Sun', "parameter 'vars' gives 'p' twice; give each variable one value", '(Eats, $food), (ChildOf, $p)'],
      ['a:b', "parameter 'vars': the query has no variable 'a'; it has no variables", 'Position'],
      ['a:b,c:d', "parameter 'vars' gives 2 values, but the query has no variables (a query may have at most 64); give each variable one value", 'Position'],
    ];
    for (const [vars, error, expr] of cases) expect(q(s, vars, expr), vars).toMatchObject({ status: 400, json: { error } });
  });
});

describe('entity paths', () => {
  test('none given, one trailing slash tolerated, a lone slash names nothing', () => {
    const s = setup();
    expect(s.get('/entity/')).toMatchObject({ status: 404, json: { error: "no entity path given: use /entity/<path>, e.g. /entity/ecs/core/World (levels separated by '/')" } });
    expect(s.get('/entity/Sun/').json.path).toBe('Sun');
    expect(s.get('/entity//')).toMatchObject({ status: 404,
      json: { error: "entity '/' not found: levels are separated by '/', names are case sensitive, and a level of digits is an entity id" } });
  });
});
