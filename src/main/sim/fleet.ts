// The SpaceShip prefab and its instances. Ships inherit shape, size, colour and engine from the
// prefab (IsA); each owns its position, velocity, rotation and fuel tank. Ship1, the flagship,
// overrides size and engine; every fourth ship overrides the colour.
import type { Entity, World } from '../../shared/ecs';
import { hexColor, SHIP_NAMES, type Rgb } from './catalogue';
import type { DemoIds } from './components';
import type { Rng } from './rng';

/** Colour of the SpaceShip prefab (inherited by ships that do not override it). */
export const SHIP_COLOR: Rgb = [190, 215, 255];
const FLAGSHIP_COLOR: Rgb = [255, 200, 60];
const PATROL_COLOR: Rgb = [255, 90, 80];
/** Scale of the SpaceShip prefab. */
export const SHIP_SCALE = 0.3;

/** The prefab and the ships, in creation order. */
export interface Fleet {
  readonly prefab: Entity;
  readonly ships: readonly Entity[];
}

/** Creates the SpaceShip prefab and `count` ships named Ship1…, each heading to a planet of `route`. */
export function createFleet(world: World, ids: DemoIds, rng: Rng, count: number, route: readonly Entity[]): Fleet {
  const prefab = world.prefab('SpaceShip');
  world.add(prefab, ids.Renderable);
  world.set(prefab, ids.Shape, { kind: 'Ship' });
  world.set(prefab, ids.Scale, { value: SHIP_SCALE });
  world.set(prefab, ids.Color, { r: SHIP_COLOR[0], g: SHIP_COLOR[1], b: SHIP_COLOR[2] });
  world.set(prefab, ids.Engine, { thrust: 4, cruise: 6, burn: 1 });
  world.set(prefab, ids.Fuel, { value: 100, capacity: 100 });
  world.setDoc(prefab, 'brief', 'Template of every ship: instances inherit its shape, size, colour and engine');
  world.setDoc(prefab, 'color', hexColor(SHIP_COLOR));

  const ships: Entity[] = [];
  for (let i = 1; i <= count; i++) {
    const ship = world.instantiate(prefab, { name: `Ship${i}` });
    const r = rng.range(12, 45), a = rng.range(0, Math.PI * 2);
    world.set(ship, ids.Position, { x: Math.cos(a) * r, y: rng.range(-1, 1), z: Math.sin(a) * r });
    world.set(ship, ids.Velocity, {});
    world.set(ship, ids.Rotation, { yaw: rng.range(-Math.PI, Math.PI) });
    // The override starts as a copy of the prefab's tank; only the fill level differs.
    world.set(ship, ids.Fuel, { value: Math.round(rng.range(60, 100)) });
    let color = SHIP_COLOR;
    if (i === 1) {
      world.set(ship, ids.Scale, { value: 0.45 });
      world.set(ship, ids.Engine, { thrust: 6, cruise: 8, burn: 1.5 });
      color = FLAGSHIP_COLOR;
    } else if (i % 4 === 0) {
      color = PATROL_COLOR;
    }
    if (color !== SHIP_COLOR) world.set(ship, ids.Color, { r: color[0], g: color[1], b: color[2] });
    const callSign = SHIP_NAMES[(i - 1) % SHIP_NAMES.length]! + (i > SHIP_NAMES.length ? ` ${Math.ceil(i / SHIP_NAMES.length)}` : '');
    world.setDoc(ship, 'name', callSign);
    world.setDoc(ship, 'brief', i === 1 ? 'Flagship of the fleet' : i % 4 === 0 ? 'Patrol ship' : 'Freighter');
    world.setDoc(ship, 'color', hexColor(color));
    if (route.length > 0) world.add(ship, world.pair(ids.TravellingTo, route[(i * 3) % route.length]!));
    ships.push(ship);
  }
  return { prefab, ships };
}
