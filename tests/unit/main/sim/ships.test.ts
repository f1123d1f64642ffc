import { describe, expect, test } from 'vitest';
import { nextDestination } from '../../../../src/main/sim';
import { demo, destination, distance, position, step } from './helpers';

describe('the fleet', () => {
  test('ships are instances of SpaceShip: shared parts inherited, some overridden', () => {
    const d = demo();
    const w = d.world, { Color, Scale, Engine, Fuel, Position, Shape } = d.ids;
    for (const s of d.ships) {
      expect(w.has(s, w.pair(w.core.IsA, d.spaceShip))).toBe(true);
      expect(w.owns(s, Position)).toBe(true);
      expect(w.owns(s, Fuel)).toBe(true);
      expect(w.owns(s, Shape)).toBe(false);
      expect(w.get(s, Shape)).toEqual({ kind: 'Ship' });
    }
    const [ship1, ship2, , ship4] = d.ships as [number, number, number, number];
    expect(w.owns(ship1, Engine)).toBe(true);
    expect((w.get(ship1, Scale) as { value: number }).value).toBeCloseTo(0.45, 6);
    expect(w.owns(ship2, Color)).toBe(false);
    expect(w.get(ship2, Color)).toEqual(w.get(d.spaceShip, Color));
    expect(w.owns(ship4, Color)).toBe(true);
    expect(w.get(ship4, Color)).not.toEqual(w.get(d.spaceShip, Color));
    // The prefab's tank is the template; each ship's fill level is its own.
    expect((w.get(ship2, Fuel) as { capacity: number }).capacity).toBe(100);
    w.set(d.spaceShip, Scale, { value: 0.5 });
    expect(w.get(ship2, Scale)).toEqual({ value: 0.5 });
    expect((w.get(ship1, Scale) as { value: number }).value).toBeCloseTo(0.45, 6);
  });

  test('every ship travels to one planet at a time through (TravellingTo, planet)', () => {
    const d = demo();
    const w = d.world;
    for (const s of d.ships) expect(d.planets).toContain(destination(d, s));
    const ship = d.ships[1]!, mars = w.lookup('Sun.Mars'), venus = w.lookup('Sun.Venus');
    w.add(ship, w.pair(d.ids.TravellingTo, mars));
    w.add(ship, w.pair(d.ids.TravellingTo, venus));
    expect(destination(d, ship)).toBe(venus);
    expect(w.has(ship, w.pair(d.ids.TravellingTo, mars))).toBe(false);
  });

  test('a ship closes in on its destination, burning fuel', () => {
    const d = demo();
    const ship = d.ships[2]!, w = d.world;
    const target = destination(d, ship);
    const fuel0 = (w.get(ship, d.ids.Fuel) as { value: number }).value;
    const d0 = distance(d, ship, target);
    step(d, 120);
    expect(destination(d, ship)).toBe(target);
    expect(distance(d, ship, target)).toBeLessThan(d0 - 4);
    expect((w.get(ship, d.ids.Fuel) as { value: number }).value).toBeCloseTo(fuel0 - 2, 1);
    const r = w.get(ship, d.ids.Rotation) as { yaw: number };
    const v = w.get(ship, d.ids.Velocity) as { x: number; z: number };
    expect(r.yaw).toBeCloseTo(Math.atan2(v.x, v.z), 4);
  });

  test('on arrival a ship refuels and heads to the next planet on the route', () => {
    const d = demo();
    const w = d.world, ship = d.ships[3]!;
    const target = destination(d, ship);
    w.set(ship, d.ids.Position, position(d, target));
    w.set(ship, d.ids.Fuel, { value: 30 });
    step(d);
    const next = nextDestination(w, d.ids, d.planets, target);
    expect(next).toBe(d.planets[(d.planets.indexOf(target) + 1) % d.planets.length]);
    expect(destination(d, ship)).toBe(next);
    expect((w.get(ship, d.ids.Fuel) as { value: number }).value).toBe(100);
  });

  test('ships bound for a disabled or deleted planet are sent elsewhere', () => {
    const d = demo();
    const w = d.world, ship = d.ships[0]!;
    const mars = w.lookup('Sun.Mars'), jupiter = w.lookup('Sun.Jupiter');
    w.add(ship, w.pair(d.ids.TravellingTo, mars));
    w.disable(mars);
    step(d);
    expect(destination(d, ship)).toBe(jupiter);
    // Deleting the destination removes the pair: the ship starts the route again from the first planet.
    w.delete(jupiter);
    expect(destination(d, ship)).toBe(0);
    step(d);
    expect(destination(d, ship)).toBe(w.lookup('Sun.Mercury'));
    for (const s of d.ships) expect(destination(d, s)).not.toBe(0);
  });

  test('with an empty tank a ship stops steering and drifts to a halt', () => {
    const d = demo();
    const w = d.world, ship = d.ships[5]!;
    w.set(ship, d.ids.Velocity, { x: 3, y: 0, z: 0 });
    w.set(ship, d.ids.Fuel, { value: 0 });
    step(d, 60 * 20);
    const v = w.get(ship, d.ids.Velocity) as { x: number; y: number; z: number };
    expect(Math.hypot(v.x, v.y, v.z)).toBeLessThan(0.01);
    expect((w.get(ship, d.ids.Fuel) as { value: number }).value).toBe(0);
  });
});
