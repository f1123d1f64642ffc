// What a user sees after changing the world from outside (the REST calls map to these World calls).
import { describe, expect, test } from 'vitest';
import { Shape } from '../../../../src/shared/protocol';
import { demo, distance, frame, indexIn, position, step } from './helpers';

describe('edits from outside show in the next frame', () => {
  test('disabling a planet stops its orbit and removes it from frames; enabling brings it back', () => {
    const d = demo();
    const w = d.world, mars = w.lookup('Sun.Mars'), phobos = w.lookup('Sun.Mars.Phobos');
    step(d);
    expect(indexIn(frame(d), mars)).toBeGreaterThanOrEqual(0);
    w.disable(mars);
    const frozen = { ...position(d, mars) }, angle = (w.get(mars, d.ids.Orbit) as { angle: number }).angle;
    step(d, 30);
    expect(position(d, mars)).toEqual(frozen);
    expect((w.get(mars, d.ids.Orbit) as { angle: number }).angle).toBe(angle);
    const f = frame(d);
    expect(indexIn(f, mars)).toBe(-1);
    // Its moons are entities of their own: still drawn, circling where Mars stopped.
    expect(indexIn(f, phobos)).toBeGreaterThanOrEqual(0);
    expect(distance(d, phobos, mars)).toBeCloseTo(0.9, 3);
    w.enable(mars);
    step(d);
    expect(indexIn(frame(d), mars)).toBeGreaterThanOrEqual(0);
    expect(position(d, mars)).not.toEqual(frozen);
  });

  test('deleting a planet removes it and its moons from frames', () => {
    const d = demo();
    const w = d.world, jupiter = w.lookup('Sun.Jupiter'), io = w.lookup('Sun.Jupiter.Io');
    w.delete(jupiter);
    step(d);
    const f = frame(d);
    expect(indexIn(f, jupiter)).toBe(-1);
    expect(indexIn(f, io)).toBe(-1);
    expect(f.count).toBe(1 + 7 + d.moons.length - 4 + 1 + 12 + 300);
  });

  test('a Position set on an entity no orbit drives moves it in the next frame, and it carries on from there', () => {
    const d = demo();
    const w = d.world, rock = d.asteroids.first;
    w.set(rock, d.ids.Position, { x: 25, y: 0.5, z: 0 });
    step(d);
    const i = indexIn(frame(d), rock);
    const f = frame(d);
    expect(f.positions[i * 3]).toBeCloseTo(25, 0);
    expect(f.positions[i * 3 + 1]).toBeCloseTo(0.5, 1);
    // Moving the Sun moves the whole system: planets orbit their parent's position.
    w.set(d.sun, d.ids.Position, { x: 5 });
    step(d);
    const g = frame(d);
    expect(g.positions[indexIn(g, d.sun) * 3]).toBe(5);
    expect(distance(d, w.lookup('Sun.Earth'), d.sun)).toBeCloseTo(14.5, 3);
  });

  test('a planet follows its orbit: editing Orbit.radius (not Position) moves it', () => {
    const d = demo();
    const w = d.world, earth = w.lookup('Sun.Earth');
    w.set(earth, d.ids.Position, { x: 100 });
    step(d);
    expect(distance(d, earth, d.sun)).toBeCloseTo(14.5, 3);
    w.set(earth, d.ids.Orbit, { radius: 20 });
    step(d);
    expect(distance(d, earth, d.sun)).toBeCloseTo(20, 3);
    expect(distance(d, w.lookup('Sun.Earth.Moon'), earth)).toBeCloseTo(1.3, 3);
  });

  test('colour, scale and shape edits are drawn', () => {
    const d = demo();
    const w = d.world, venus = w.lookup('Sun.Venus');
    w.set(venus, d.ids.Color, { r: 255, g: 0, b: 16 });
    w.set(venus, d.ids.Scale, { value: 2 });
    w.set(venus, d.ids.Shape, { kind: 'Box' });
    step(d);
    const f = frame(d), i = indexIn(f, venus);
    expect(f.colors[i]).toBe(0xff0010);
    expect(f.scales[i]).toBe(2);
    expect(f.shapes[i]).toBe(Shape.Box);
  });

  test('deleting the Sun takes the solar system with it; ships and asteroids carry on without a crash', () => {
    const d = demo();
    const w = d.world;
    w.delete(d.sun);
    expect(w.lookup('Sun.Earth')).toBe(0);
    step(d, 60);
    const f = frame(d);
    expect(f.count).toBe(12 + 300);
    expect(f.positions.every(Number.isFinite)).toBe(true);
    // With nowhere to go, ships drop their destination.
    for (const s of d.ships) expect(w.has(s, w.pair(d.ids.TravellingTo, w.core.Wildcard))).toBe(false);
  });
});
