// GET /query through the router: q and name, vars, paging, every parameter, parse errors.
import { describe, expect, test } from 'vitest';
import { queryParams } from '../../../../src/shared/protocol';
import { setup } from './helpers';

const { get } = setup();
const q = (expr: string, extra = '') => get(`/query?q=${encodeURIComponent(expr)}${extra}`);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const flat = (json: any): unknown[] => json.results.flatMap((r: any) => r.entities.map((e: unknown) => (r.parent ? `${r.parent}.${e}` : e)));

describe('GET /query', () => {
  test('q runs an expression; ,  %2C and + encode the same query', () => {
    const a = q('Position, Velocity');
    expect(a.status).toBe(200);
    expect(get('/query?q=Position%2CVelocity').json).toEqual(a.json);
    expect(get('/query?q=Position,+Velocity').json).toEqual(a.json);
    expect(get('/query?q=Position,Velocity').json).toEqual(a.json);
  });

  test('name runs a named query, filter, rule or system', () => {
    expect(flat(get('/query?name=Planets').json)).toEqual(['Sun.Earth', 'Sun.Mars']);
    expect(flat(get('/query?name=SpaceShips').json)).toEqual(['Ship2', 'Ship1']);
    expect(get('/query?name=EatsQuery').json.variables).toEqual(['food']);
    expect(flat(get('/query?name=Move&limit=3').json)).toHaveLength(3);
  });

  test('q and name together, or neither, is a 400; an unknown name is a 404; a non-query name a 400', () => {
    expect(get('/query?q=Position&name=Planets').status).toBe(400);
    expect(get('/query?name=Planets&q=Position').status).toBe(400);
    expect(get('/query').status).toBe(400);
    expect(get('/query?name=').status).toBe(400);
    const unknown = get('/query?name=NoSuchQuery');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toContain("'NoSuchQuery'");
    expect(get('/query?name=a%22b').json.error).toContain(`'a"b'`);
    expect(get('/query?name=Sun').status).toBe(400);
  });

  test('vars binds variables of a rule: name:entity, several with commas, optionally in ( )', () => {
    expect(flat(get('/query?name=EatsQuery&vars=food:Apples').json)).toEqual(['Sun.Earth', 'Sun.Earth.Moon']);
    expect(flat(get('/query?name=EatsQuery&vars=(food%3APears)').json)).toEqual(['Ship1', 'Sun.Earth.Moon']);
    expect(flat(get('/query?name=PlanetParent&vars=parent:Sun').json)).toEqual(['Sun.Earth', 'Sun.Mars']);
    expect(flat(q('(Eats, $f), (Eats, $g)', '&vars=f:Apples,g:Pears').json)).toEqual(['Sun.Earth.Moon']);
    expect(flat(get('/query?name=EatsQuery&vars=food:535').json)).toEqual(['Sun.Earth', 'Sun.Earth.Moon']);
  });

  test('a bad vars argument is a 400 naming it', () => {
    const cases: [string, string][] = [
      ['/query?name=EatsQuery&vars=%24food%3AApples', "'$food'"],
      ['/query?name=EatsQuery&vars=nosuch:Apples', "'nosuch'"],
      ['/query?name=EatsQuery&vars=food:NoSuch', 'food:NoSuch'],
      ['/query?name=EatsQuery&vars=food', "'food'"],
      ['/query?name=SpaceShips&vars=x:Sun', "'x'"],
    ];
    for (const [url, culprit] of cases) {
      const r = get(url);
      expect(r.status, url).toBe(400);
      expect(r.json.error, url).toContain(culprit);
    }
  });

  test('parse errors: 400 with the caret message and the position; try=true answers 200', () => {
    const r = get('/query?q=(Foo');
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/\n\(Foo\n {4}\^$/);
    expect(r.json.position).toBe(4);
    const unknown = get('/query?q=NoSuchComponent');
    expect(unknown.json).toMatchObject({ position: 0 });
    expect(unknown.json.error).toContain("'NoSuchComponent'");
    const t = get('/query?q=(Foo&try=true');
    expect(t.status).toBe(200);
    expect(t.json).toEqual(r.json);
    expect(get('/query?q=Planet&try=true').json.results).toHaveLength(2);
  });

  test('an empty expression matches nothing', () => {
    expect(get('/query?q=').json).toEqual({ results: [] });
    expect(get('/query?q=%20').json).toEqual({ results: [] });
  });

  test('offset and limit: integers >= 0, default 100, at most the server maximum', () => {
    expect(flat(q('Dust').json)).toHaveLength(100);
    expect(flat(q('Dust', '&limit=1500').json)).toHaveLength(1200);
    expect(flat(q('Dust', '&offset=1190').json)).toEqual([2038, 2039, 2040, 2041, 2042, 2043, 2044, 2045, 2046, 2047]);
    expect(flat(q('Position, Velocity', '&offset=267&limit=4').json)).toEqual([847, 553, 603, 653]);
    expect(q('Position', '&limit=0').json).toEqual({ results: [] });
    for (const bad of ['-1', 'abc', '2.9', '3xyz', '2=5', '10001', '']) {
      const r = q('Position', `&limit=${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.json.error).toContain("parameter 'limit' must be an integer from 0 to 10000");
    }
    expect(q('Position', '&offset=-1').status).toBe(400);
  });

  test('count=true adds the number of entities matched in all, whatever offset and limit', () => {
    const all = flat(q('Dust', '&limit=10000').json).length;
    expect(all).toBeGreaterThan(100);
    const page = q('Dust', '&count=true&offset=5&limit=10').json;
    expect(page.count).toBe(all);
    expect(flat(page)).toHaveLength(10);
    expect(q('Dust', '&count=true&limit=0').json).toEqual({ results: [], count: all });
    expect(q('Dust', '&count=true&results=false').json).toEqual({ count: all });
    // Off by default: the reply keeps the contract's shape.
    expect(q('Dust', '&limit=1').json.count).toBeUndefined();
    // Results without entities (a query on a fixed source) count one each.
    expect(get('/query?q=Position(Sun.Earth)&count=true').json.count).toBe(1);
    expect(q('Dust', '&count=maybe').status).toBe(400);
  });

  test('the maximum limit is a router option', () => {
    const small = setup({ maxLimit: 5 });
    expect(small.get('/query?q=Dust&limit=5').status).toBe(200);
    expect(small.get('/query?q=Dust&limit=6').json.error).toContain('from 0 to 5');
  });

  test('every boolean parameter is checked and switches its field', () => {
    const body = q('Position, ?Mass, (Eats, $food)', '&term_ids=true&term_labels=true&ids=true&id_labels=true&sources=true'
      + '&variables=true&is_set=true&values=true&entities=true&entity_labels=true&entity_ids=true&variable_labels=true'
      + '&variable_ids=true&duration=true&type_info=true&colors=true&count=true').json;
    expect(Object.keys(body)).toEqual(['ids', 'id_labels', 'variables', 'type_info', 'results', 'count', 'duration']);
    expect(Object.keys(body.results[1])).toEqual(['ids', 'id_labels', 'sources', 'variables', 'variable_labels', 'variable_ids',
      'is_set', 'parent', 'entities', 'entity_labels', 'entity_ids', 'colors', 'values']);
    const booleans = Object.entries(queryParams()).filter(([, spec]) => spec.expected === "'true' or 'false'").map(([name]) => name);
    expect(booleans).toHaveLength(19);
    for (const p of booleans) {
      const r = q('Planet', `&${p}=yes`);
      expect(r.status, p).toBe(400);
      expect(r.json.error).toBe(`parameter '${p}' must be 'true' or 'false', got 'yes'`);
    }
  });

  test('a GET after a PUT sees its effect (no stale reads)', () => {
    const s = setup();
    expect(flat(s.get('/query?q=Planet').json)).toEqual(['Sun.Earth', 'Sun.Mars']);
    expect(s.put('/disable/Sun/Mars').status).toBe(200);
    expect(flat(s.get('/query?q=Planet').json)).toEqual(['Sun.Earth']);
    expect(flat(s.get('/query?q=Planet%2C%20Disabled').json)).toEqual(['Sun.Mars']);
  });
});
