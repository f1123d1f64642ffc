// The tags the alerts look for follow the values a user sets (PUT /set maps to world.set).
import { describe, expect, test } from 'vitest';
import { compileQuery } from '../../../../src/shared/query';
import { demo, step } from './helpers';

describe('fuel and belt watch', () => {
  test('a ship is marked LowFuel below 20%, OutOfFuel at zero, and unmarked when refilled', () => {
    const d = demo();
    const w = d.world, ship = d.ships[1]!, { LowFuel, OutOfFuel, Fuel } = d.ids;
    step(d);
    expect(compileQuery(w, 'LowFuel || OutOfFuel').count()).toBe(0);
    w.set(ship, Fuel, { value: 12 });
    step(d);
    expect(w.has(ship, LowFuel)).toBe(true);
    expect(w.has(ship, OutOfFuel)).toBe(false);
    w.set(ship, Fuel, { value: 0 });
    step(d);
    expect(w.has(ship, LowFuel)).toBe(false);
    expect(w.has(ship, OutOfFuel)).toBe(true);
    w.set(ship, Fuel, { value: 100 });
    step(d);
    expect(w.has(ship, LowFuel) || w.has(ship, OutOfFuel)).toBe(false);
    // The threshold is relative to the ship's own capacity.
    w.set(ship, Fuel, { value: 12, capacity: 50 });
    step(d);
    expect(w.has(ship, LowFuel)).toBe(false);
  });

  test('an asteroid pushed out of the belt is marked OutOfBelt, and unmarked once back', () => {
    const d = demo();
    const w = d.world, rock = d.asteroids.first, { OutOfBelt, Position, Velocity } = d.ids;
    step(d);
    expect(w.has(rock, OutOfBelt)).toBe(false);
    w.set(rock, Position, { x: 45, y: 0, z: 0 });
    step(d);
    expect(w.has(rock, OutOfBelt)).toBe(true);
    expect(compileQuery(w, 'Asteroid, OutOfBelt').entities()).toEqual([rock]);
    const speed = Math.sqrt(100 / 25);
    w.setMany(rock, [{ id: Position, value: { x: 25, y: 0, z: 0 } }, { id: Velocity, value: { x: 0, y: 0, z: speed } }]);
    step(d);
    expect(w.has(rock, OutOfBelt)).toBe(false);
    step(d, 600);
    expect(w.has(rock, OutOfBelt)).toBe(false);
  });
});
