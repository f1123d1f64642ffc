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

describe('inheritance that could not be completed is refused before anything changes', () => {
  test('an entity inside the tree it would copy (a prefab child inheriting its prefab) is a cycle', () => {
    const { w, ship, engine } = setup();
    const before = w.changeCount;
    expect(() => w.add(engine, w.pair(w.core.IsA, ship))).toThrow(/copy the children of 'SpaceShip' .* without end/);
    expect(w.changeCount).toBe(before);
    // Inheriting first and moving under the base afterwards is fine: the copy was made outside it.
    const comet = w.entity({ name: 'Comet' });
    w.add(comet, w.pair(w.core.IsA, ship));
    w.add(comet, w.pair(w.core.ChildOf, ship));
    expect(w.lookup('SpaceShip.Comet.Engine')).not.toBe(0);
  });

  test('a copied child whose name is taken is a name clash, found before any copy is made', () => {
    const { w, Mass, ship } = setup();
    const other = w.prefab('Other');
    w.prefab({ name: 'Cockpit', parent: other });
    w.set(w.prefab({ name: 'Engine', parent: other }), Mass, { value: 1 });
    const s = w.instantiate(ship, { name: 'Ship1' });
    const before = w.changeCount;
    expect(() => w.add(s, w.pair(w.core.IsA, other))).toThrow(/copy 'Other.Engine' into 'Ship1', which already has a child named 'Engine'/);
    expect(w.changeCount).toBe(before);
    expect(w.lookup('Ship1.Cockpit')).toBe(0);
  });

  test('setMany checks its ids in order: a move under the base before inheriting it is refused as a whole', () => {
    const { w, Position, ship } = setup();
    const comet = w.entity({ name: 'Comet' });
    const before = w.changeCount;
    let thrown: unknown;
    try {
      w.setMany(comet, [{ id: Position, value: { x: 1 } }, { id: w.pair(w.core.ChildOf, ship) }, { id: w.pair(w.core.IsA, ship) }]);
    } catch (err) { thrown = err; }
    expect(thrown).toMatchObject({ code: 'cycle', entry: 2 });
    expect(w.changeCount).toBe(before);
    expect(w.owns(comet, Position)).toBe(false);
  });

  test('query placeholders are not ids: adding *, _ or a pair with one is refused', () => {
    const { w, ship } = setup();
    const Eats = w.tag('Eats');
    for (const id of [w.core.Wildcard, w.core.Any, w.pair(Eats, w.core.Wildcard), w.pair(w.core.Any, ship)]) {
      expect(() => w.add(ship, id)).toThrow(/query placeholder/);
    }
    // Removing with a wildcard is what it is for.
    w.add(ship, w.pair(Eats, ship));
    w.remove(ship, w.pair(Eats, w.core.Wildcard));
    expect(w.owns(ship, w.pair(Eats, ship))).toBe(false);
  });
});
