/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads replies as parsed JSON of known shape */
// Comparisons as or-chain operands (issue 30): `Planet, $this == Sun.Earth || $this == Sun.Mars`
// over REST on the demo world, with the explanation (GET /explain) and the Flecs 4 query_info.
// Expected entities are written from the demo's catalogue (eight planets under Sun; Earth has the
// Moon, Mars Phobos and Deimos), not computed by the engine.
import { beforeAll, describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { createRouter, type Router } from '../../../../src/shared/rest';
import { createDemo } from '../../../../src/main/sim';

let router: Router, flecs4: Router;

beforeAll(() => {
  const world = new World();
  createDemo(world, { asteroids: 20 });
  router = createRouter(world, {});
  flecs4 = createRouter(world, { compat: 'flecs-4' });
});

function get(url: string, r = router): { status: number; json: any } {
  const reply = r.route('GET', url);
  return { status: reply.status, json: JSON.parse(reply.body) };
}

/** Paths of the entities `expr` matches, sorted. */
function matched(expr: string): string[] {
  const r = get(`/query?q=${encodeURIComponent(expr)}&limit=10000`);
  expect(r.status, `${expr}: ${JSON.stringify(r.json)}`).toBe(200);
  return r.json.results.flatMap((x: any) => x.entities.map((e: string) => (x.parent ? `${x.parent}.${e}` : e))).sort();
}

/** Every order of the comma-separated items. */
function orders(items: string[]): string[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((it, i) => orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [it, ...rest]));
}

const PLANETS = ['Sun.Earth', 'Sun.Jupiter', 'Sun.Mars', 'Sun.Mercury', 'Sun.Neptune', 'Sun.Saturn', 'Sun.Uranus', 'Sun.Venus'];
const MOONS = [
  'Sun.Earth.Moon', 'Sun.Jupiter.Callisto', 'Sun.Jupiter.Europa', 'Sun.Jupiter.Ganymede', 'Sun.Jupiter.Io', 'Sun.Mars.Deimos', 'Sun.Mars.Phobos',
  'Sun.Neptune.Triton', 'Sun.Saturn.Rhea', 'Sun.Saturn.Titan', 'Sun.Uranus.Oberon', 'Sun.Uranus.Titania',
];

describe('comparisons in an or-chain', () => {
  test('Planet, $this == Sun.Earth || $this == Sun.Mars answers exactly Earth and Mars', () => {
    expect(matched('Planet, $this == Sun.Earth || $this == Sun.Mars')).toEqual(['Sun.Earth', 'Sun.Mars']);
    expect(matched('$this == Sun.Mars || $this == Sun.Earth, Planet')).toEqual(['Sun.Earth', 'Sun.Mars']);
    // Without a term: the chain alone chooses the entities.
    expect(matched('$this == Sun.Earth || $this == Sun.Mars')).toEqual(['Sun.Earth', 'Sun.Mars']);
  });
  test('a comparison mixed with a term, either first', () => {
    const expected = ['Sun.Earth', ...MOONS].sort();
    expect(matched('$this == Sun.Earth || Moon')).toEqual(expected);
    expect(matched('Moon || $this == Sun.Earth')).toEqual(expected);
  });
  test('!= and ~= operands', () => {
    expect(matched('Planet, $this != Sun.Earth || Moon')).toEqual(PLANETS.filter((p) => p !== 'Sun.Earth'));
    expect(matched('Planet, $this ~= "ar" || $this == Sun.Venus')).toEqual(['Sun.Earth', 'Sun.Mars', 'Sun.Venus']);
    expect(matched('Planet, $this ~= "!ar" || $this == Sun.Mars')).toEqual(PLANETS.filter((p) => p !== 'Sun.Earth'));
  });
  test('variables on both sides, in every order of the items', () => {
    for (const items of orders(['Moon', 'ChildOf($this, $p)', '$p == Sun.Earth || $p == Sun.Mars'])) {
      expect(matched(items.join(', ')), items.join(', ')).toEqual(['Sun.Earth.Moon', 'Sun.Mars.Deimos', 'Sun.Mars.Phobos']);
    }
    for (const items of orders(['Moon', 'ChildOf($this, $p)', 'Planet($q)', '$q == Sun.Mars', '$p == $q || $this ~= "Tit"'])) {
      expect(matched(items.join(', ')), items.join(', ')).toEqual(['Sun.Mars.Deimos', 'Sun.Mars.Phobos', 'Sun.Saturn.Titan', 'Sun.Uranus.Titania']);
    }
  });
  test('a negated chain excludes just the entities it holds for', () => {
    expect(matched('Planet, !{ $this == Sun.Earth || $this == Sun.Mars }')).toEqual(PLANETS.filter((p) => p !== 'Sun.Earth' && p !== 'Sun.Mars'));
    expect(matched('Planet, !{ $this ~= "ar" }')).toEqual(PLANETS.filter((p) => p !== 'Sun.Earth' && p !== 'Sun.Mars'));
  });
  test('a comparison that wins sets the field with no id; a term that wins shows its id', () => {
    const r = get(`/query?q=${encodeURIComponent('Planet, $this == Sun.Earth || Planet')}&ids=true&is_set=true`);
    const earth = r.json.results.find((x: any) => x.entities.includes('Earth'));
    const mars = r.json.results.find((x: any) => x.entities.includes('Mars'));
    expect(earth.ids).toEqual([['Planet'], [0]]);
    expect(earth.is_set).toEqual([true, true]);
    expect(mars.ids).toEqual([['Planet'], ['Planet']]);
  });
});

describe('the explanation of an or-chain with comparisons', () => {
  const q = encodeURIComponent('Planet, $this == Sun.Earth || $this == Sun.Mars');
  test('Mars matches: the chain holds', () => {
    const r = get(`/explain/Sun/Mars?q=${q}`);
    expect(r.json.matches).toBe(true);
    expect(r.json.steps.map((s: any) => [s.kind, s.text, s.holds, s.pos])).toEqual([
      ['term', 'Planet', true, 0], ['or', '$this == Sun.Earth || $this == Sun.Mars', true, 8],
    ]);
  });
  test('Venus does not: each operand says why', () => {
    const r = get(`/explain/Sun/Venus?q=${q}`);
    expect(r.json.matches).toBe(false);
    expect(r.json.steps[1].why).toEqual({ code: 'no-alternative', message: 'no alternative matched: $this is Sun.Venus, not Sun.Earth; $this is Sun.Venus, not Sun.Mars' });
  });
});

describe('Flecs 4 query_info of an or-chain with comparisons', () => {
  test('a chain led by a comparison is described as a predicate on its variable; one led by a term as that term', () => {
    const info = (expr: string) => get(`/query?query_info=true&expr=${encodeURIComponent(expr)}`, flecs4).json.query_info;
    expect(info('Planet, $this == Sun.Earth || Moon').terms[1]).toMatchObject({ src: { var: 'this' }, first: { entity: 'flecs.core.PredMatch' } });
    expect(info('Moon, ChildOf($this, $p), $p == Sun.Earth || $p == Sun.Mars').terms[2]).toMatchObject({ src: { var: 'p' } });
    expect(info('Planet, Moon || $this == Sun.Earth').terms[1]).toMatchObject({ src: { var: 'this' }, first: { entity: 'Moon' } });
    const r = get(`/query?expr=${encodeURIComponent('Planet, $this == Sun.Earth || $this == Sun.Mars')}`, flecs4);
    expect(r.json.results.map((x: any) => `${x.parent}.${x.name}`).sort()).toEqual(['Sun.Earth', 'Sun.Mars']);
  });
});
