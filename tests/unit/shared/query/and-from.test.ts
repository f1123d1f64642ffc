// AND | T, OR | T and NOT | T take the ids that instances of T get from it: not T's name, place
// in the tree, doc fields, own IsA, nor what is marked DontInherit (Prefab, Disabled). So
// `AND | SpaceShip` finds the ships made from the prefab, not the prefab alone.
import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { compileQuery } from '../../../../src/shared/query';

function fleet() {
  const w = new World();
  const Position = w.component('Position', { x: 'f32' });
  const Velocity = w.component('Velocity', { x: 'f32' });
  const Marker = w.tag('Marker');
  w.add(Marker, w.core.DontInherit);
  const Hull = w.prefab('Hull');
  const SpaceShip = w.prefab('SpaceShip');
  w.add(SpaceShip, w.pair(w.core.IsA, Hull));
  w.set(SpaceShip, Position, { x: 1 });
  w.set(SpaceShip, Velocity, { x: 2 });
  w.add(SpaceShip, Marker);
  w.setDoc(SpaceShip, 'brief', 'a ship');
  w.setDoc(SpaceShip, 'color', '#ff0000');
  const ships = Array.from({ length: 12 }, (_, i) => w.instantiate(SpaceShip, { name: `Ship${i}` }));
  const rock = w.entity('Rock');
  w.set(rock, Position, { x: 0 });
  return { w, ships, rock };
}

const names = (w: World, q: string) => compileQuery(w, q).entities().map((e) => w.pathOf(e)).sort();

describe('AND | T, OR | T, NOT | T', () => {
  const { w, ships, rock } = fleet();
  const shipNames = ships.map((e) => w.pathOf(e)).sort();

  test('AND | SpaceShip and Position, AND | SpaceShip match the 12 ships, not only the prefab', () => {
    expect(names(w, 'AND | SpaceShip')).toEqual(shipNames);
    expect(names(w, 'Position, AND | SpaceShip')).toEqual(shipNames);
  });

  test('with Prefab asked for, the prefab matches too (its Prefab tag is still not required of the ships)', () => {
    expect(names(w, 'AND | SpaceShip, ?Prefab')).toEqual([...shipNames, 'SpaceShip'].sort());
  });

  test('OR | SpaceShip matches what has any id it passes on; NOT | SpaceShip what has none', () => {
    expect(names(w, 'OR | SpaceShip')).toEqual([...shipNames, 'Rock'].sort());
    expect(names(w, 'Position, NOT | SpaceShip')).toEqual([]);
    const loose = w.entity('Loose');
    w.add(loose, w.tag('Other'));
    expect(names(w, 'Other, NOT | SpaceShip')).toEqual(['Loose']);
    void rock;
  });
});
