import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { compileQuery, namedQuery } from '../../../../src/shared/query';
import { drawnEntities, packFrame } from '../../../../src/main/frames';
import { createDemo, PLANETS } from '../../../../src/main/sim';
import { FrameWriter } from '../../../../src/shared/protocol';
import { demo, distance, position, step } from './helpers';

describe('the demo scene', () => {
  test('the same seed builds and runs the same scene; another seed does not', () => {
    const a = demo({ seed: 7 }), b = demo({ seed: 7 }), c = demo({ seed: 8 });
    step(a, 120); step(b, 120); step(c, 120);
    const fa = packFrame(a, new FrameWriter()).slice(), fb = packFrame(b, new FrameWriter()).slice(), fc = packFrame(c, new FrameWriter()).slice();
    expect(fa.byteLength).toBeGreaterThan(300 * 46);
    expect(Buffer.from(fa).equals(Buffer.from(fb))).toBe(true);
    expect(Buffer.from(fa).equals(Buffer.from(fc))).toBe(false);
  });

  test('bodies are named so that paths and URL paths find them', () => {
    const d = demo();
    const w = d.world;
    expect(w.lookup('Sun')).toBe(d.sun);
    const earth = w.lookup('Sun.Earth'), moon = w.lookup('Sun.Earth.Moon');
    expect(earth).not.toBe(0);
    expect(w.parentOf(moon)).toBe(earth);
    expect(w.lookup('Sun/Earth/Moon', '/')).toBe(moon);
    expect(w.pathOf(moon)).toBe('Sun.Earth.Moon');
    expect(w.label(d.sun)).toBe('Sol');
    expect(w.doc(earth, 'color')).toBe('#4678e6');
    expect(d.planets.map((p) => w.nameOf(p))).toEqual(PLANETS.map((p) => p.name));
    expect(d.ships.map((s) => w.pathOf(s))).toEqual(Array.from({ length: 12 }, (_, i) => `Ship${i + 1}`));
    expect(w.has(moon, d.ids.Moon)).toBe(true);
    expect(w.has(earth, d.ids.Planet)).toBe(true);
  });

  test('the asteroid count follows the option and asteroids are anonymous', () => {
    const d = demo({ asteroids: 1234 });
    expect(compileQuery(d.world, 'Asteroid').count()).toBe(1234);
    expect(d.world.nameOf(d.asteroids.first)).toBeUndefined();
    expect(d.asteroids.count).toBe(1234);
  });

  test('asteroids live under the Belt, so the root level of the tree stays short', () => {
    const d = demo({ asteroids: 1234 });
    const w = d.world;
    expect(d.asteroids.belt).toBe(w.lookup('Belt'));
    expect(compileQuery(w, '(ChildOf, Belt), Asteroid').count()).toBe(1234);
    expect(compileQuery(w, '(ChildOf, 0), Asteroid').count()).toBe(0);
    // The roots the reference explorer lists: a few dozen named entities, not thousands of rocks.
    const roots = compileQuery(w, '(ChildOf, 0)').entities().filter((e) => !w.pathOf(e).startsWith('ecs'));
    expect(roots.length).toBeLessThan(100);
    expect(roots).toContain(d.asteroids.belt);
    expect(roots).toContain(d.sun);
  });

  test('planets orbit the Sun at their radius and moons orbit their planet', () => {
    const d = demo();
    const w = d.world, earth = w.lookup('Sun.Earth'), moon = w.lookup('Sun.Earth.Moon');
    const before = position(d, earth);
    step(d, 60);
    const after = position(d, earth);
    expect(Math.hypot(after.x - before.x, after.z - before.z)).toBeGreaterThan(0.5);
    expect(distance(d, earth, d.sun)).toBeCloseTo(14.5, 3);
    expect(distance(d, moon, earth)).toBeCloseTo(1.3, 3);
    expect(distance(d, w.lookup('Sun.Jupiter.Callisto'), w.lookup('Sun.Jupiter'))).toBeCloseTo(3.1, 3);
  });

  test('asteroids stay in the belt under the Sun\'s gravity', () => {
    const d = demo({ asteroids: 400 });
    step(d, 60 * 60);
    expect(compileQuery(d.world, 'OutOfBelt').count()).toBe(0);
    const radii = compileQuery(d.world, 'Asteroid, Position').entities().map((e) => { const p = position(d, e); return Math.hypot(p.x, p.z); });
    expect(Math.min(...radii)).toBeGreaterThan(18);
    expect(Math.max(...radii)).toBeLessThan(32);
  });

  test('the named query Planets and the rule ShipsHeadingTo list what the world holds', () => {
    const d = demo();
    const w = d.world;
    expect(namedQuery(w, d.queries.Planets)!.query.entities().sort()).toEqual([...d.planets].sort());
    const rule = namedQuery(w, d.queries.ShipsHeadingTo)!;
    expect(rule.kind).toBe('rule');
    expect(rule.query.variableNames).toEqual(['planet']);
    const earth = w.lookup('Sun.Earth');
    w.add(d.ships[0]!, w.pair(d.ids.TravellingTo, earth));
    const expected = d.ships.filter((s) => w.has(s, w.pair(d.ids.TravellingTo, earth)));
    expect(expected.length).toBeGreaterThan(0);
    expect(rule.query.entities({ planet: earth }).sort()).toEqual(expected.sort());
    // Unbound, every ship appears once, with the planet it heads to.
    const all = rule.query.results();
    expect(all.reduce((n, r) => n + r.count, 0)).toBe(d.ships.length);
    for (const r of all) for (const e of r.table!.entities) expect(w.has(e, w.pair(d.ids.TravellingTo, r.vars[1]!))).toBe(true);
  });

  test('the SpaceShip prefab, systems and queries are not drawn; bodies, ships and asteroids are', () => {
    const d = demo({ asteroids: 50 });
    const drawn = new Set(drawnEntities(d));
    expect(drawn.has(d.spaceShip)).toBe(false);
    expect(drawn.has(d.sun)).toBe(true);
    expect(drawn.has(d.world.lookup('Sun.Saturn.Rings'))).toBe(true);
    for (const s of d.ships) expect(drawn.has(s)).toBe(true);
    expect(drawn.has(d.asteroids.last)).toBe(true);
    expect(drawn.has(d.systems.Move)).toBe(false);
    expect(drawn.size).toBe(1 + 8 + d.moons.length + 1 + 12 + 50);
  });

  test('bad options are refused with the offending value; a world takes one demo', () => {
    expect(() => demo({ asteroids: -1 })).toThrow(/asteroids must be an integer from 0 to 1000000, got -1/);
    expect(() => demo({ asteroids: 2.5 })).toThrow(/got 2\.5/);
    expect(() => demo({ ships: 5000 })).toThrow(/ships .* got 5000/);
    const w = new World();
    createDemo(w, { asteroids: 0 });
    expect(() => createDemo(w, { asteroids: 0 })).toThrow(/fresh World/);
  });
});
