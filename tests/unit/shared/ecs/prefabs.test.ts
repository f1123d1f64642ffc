import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';

function setup() {
  const w = new World();
  const Position = w.component('Position', { x: 'f32', y: 'f32' });
  const Velocity = w.component('Velocity', { x: 'f32', y: 'f32' });
  const Mass = w.component('Mass', { value: 'f32' });
  const ship = w.prefab('SpaceShip');
  w.set(ship, Position, { x: 1, y: 2 });
  w.set(ship, Velocity, { x: 3, y: 4 });
  const engine = w.prefab({ name: 'Engine', parent: ship });
  w.set(engine, Mass, { value: 100 });
  return { w, Position, Velocity, Mass, ship, engine };
}

describe('prefabs and IsA', () => {
  test('base components are visible on the instance until overridden', () => {
    const { w, Position, Velocity, ship } = setup();
    const s1 = w.instantiate(ship, { name: 'Ship1' });
    expect(w.has(s1, Position)).toBe(true);
    expect(w.owns(s1, Position)).toBe(false);
    expect(w.get(s1, Position)).toEqual({ x: 1, y: 2 });
    w.set(s1, Velocity, { x: 5 });
    // The override starts as a copy of the base value.
    expect(w.get(s1, Velocity)).toEqual({ x: 5, y: 4 });
    expect(w.get(ship, Velocity)).toEqual({ x: 3, y: 4 });
    w.set(ship, Position, { x: 9 });
    expect(w.get(s1, Position)).toEqual({ x: 9, y: 2 });
  });

  test('instantiating copies the prefab children with their own values', () => {
    const { w, Mass, ship } = setup();
    const s1 = w.instantiate(ship, { name: 'Ship1' });
    const e1 = w.lookup('Ship1.Engine');
    expect(e1).not.toBe(0);
    expect(w.owns(e1, Mass)).toBe(true);
    expect(w.owns(e1, w.core.Prefab)).toBe(false);
    w.set(e1, Mass, { value: 5 });
    expect(w.get(w.lookup('SpaceShip.Engine'), Mass)).toEqual({ value: 100 });
    w.delete(s1);
    expect(w.isAlive(e1)).toBe(false);
  });

  test('deferred changes during iteration are applied afterwards, in order', () => {
    const { w, Position, Velocity } = setup();
    const e = w.entity();
    w.defer(() => {
      w.set(e, Position, { x: 1, y: 1 });
      expect(w.has(e, Position)).toBe(false);
      w.set(e, Position, { x: 2 });
      w.add(e, Velocity);
      w.remove(e, Velocity);
    });
    expect(w.get(e, Position)).toEqual({ x: 2, y: 1 });
    expect(w.has(e, Velocity)).toBe(false);
    const gone = w.entity();
    w.defer(() => { w.add(gone, Velocity); w.delete(gone); w.add(gone, Position); });
    expect(w.isAlive(gone)).toBe(false);
    expect(w.commands.discard).toBeGreaterThan(0);
  });
});
