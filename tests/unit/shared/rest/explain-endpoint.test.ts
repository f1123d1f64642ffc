// GET /explain/<path>: the query engine's explanation over REST, its errors, and its cache.
import { describe, expect, test } from 'vitest';
import { explainReplySchema } from '../../../../src/shared/protocol';
import { setup } from './helpers';

const { get, put, world } = setup();

describe('GET /explain/<path>', () => {
  test('q: the verdict and, per term, the source or the reason (Sun.Mars lacks Velocity)', () => {
    const r = get('/explain/Sun/Mars?q=Position%2C%20Velocity');
    expect(r.status).toBe(200);
    expect(explainReplySchema.parse(r.json)).toEqual(r.json);
    expect(r.json.entity).toBe('Sun.Mars');
    expect(r.json.matches).toBe(false);
    expect(r.json.steps.map((s: { text: string; holds: boolean }) => [s.text, s.holds])).toEqual([['Position', true], ['Velocity', false]]);
    expect(r.json.steps[0].source).toBe('Sun.Mars');
    expect(r.json.steps[1].why).toEqual({ code: 'missing', message: 'Sun.Mars has no Velocity' });
  });
  test('name and vars: a named rule with a variable given in advance', () => {
    expect(get('/explain/Sun/Earth?name=EatsQuery').json.matches).toBe(true);
    const r = get('/explain/Sun/Earth?name=EatsQuery&vars=food:Pears');
    expect(r.json.matches).toBe(false);
    expect(r.json.steps[0].why.code).toBe('wrong-binding');
    expect(get('/explain/Ship1?name=SpaceShips').json.steps[0]).toMatchObject({ source: 'SpaceShip', via: 'ecs.core.IsA' });
  });
  test('errors: the entity, the query, both or neither of q and name, vars', () => {
    expect(get('/explain/Nowhere?q=Position')).toMatchObject({ status: 404 });
    expect(get('/explain/Sun?q=Position').status).toBe(200);
    const bad = get('/explain/Sun?q=Position%2C%20Nope');
    expect(bad.status).toBe(400);
    expect(bad.json.position).toBe(10);
    expect(get('/explain/Sun?q=Position&name=Planets').json.error).toMatch(/either 'q'.*or 'name'/);
    expect(get('/explain/Sun').json.error).toBe("missing parameter 'q' or 'name': use /explain/Sun?q=<expression> or /explain/Sun?name=<named query>");
    expect(get('/explain/Sun?name=NoSuchQuery').status).toBe(404);
    expect(get('/explain/Sun?name=Sun').status).toBe(400);
    expect(get('/explain/Sun/Earth?name=EatsQuery&vars=drink:Pears').json.error).toMatch(/no variable 'drink'/);
  });
  test('a cached reply is not served after the world changes', () => {
    const url = '/explain/Sun/Mars?q=Position%2C%20Velocity';
    expect(get(url).json.matches).toBe(false);
    expect(put(`/set/Sun/Mars?data=${encodeURIComponent(JSON.stringify({ ids: [['Velocity']], values: [{ x: 1, y: 0 }] }))}`).status).toBe(200);
    expect(get(url).json.matches).toBe(true);
    expect(world.lookup('Sun.Mars')).not.toBe(0);
  });
});
