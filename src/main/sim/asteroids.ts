// The asteroid belt: anonymous rocks on near-circular orbits between Mars and Jupiter, kept there
// by the Gravity system. They are children of the named entity `Belt`, so the root of the entity
// tree stays short and the rocks are one level down; their Position is still in world space (only
// Orbit reads a parent's Position, and the Belt has none). Built in bulk: every rock gets its ids first (so all land in one table,
// in creation order), then the values are written straight into that table's columns.
import type { Entity, World } from '../../shared/ecs';
import { BELT, GRAVITY_SOFTENING, SUN_GM } from './catalogue';
import { SHAPE_NAMES, type DemoIds } from './components';
import { numeric } from './column-reads';
import type { Rng } from './rng';

/** Largest number of asteroids createDemo accepts. */
export const MAX_ASTEROIDS = 1_000_000;

/** Creates the Belt and `count` asteroids in it around the origin; returns the Belt and the first and last rock (0 when none). */
export function createAsteroids(world: World, ids: DemoIds, rng: Rng, count: number): { belt: Entity; first: Entity; last: Entity } {
  const belt = world.entity({ name: 'Belt' });
  world.setDoc(belt, 'name', 'Asteroid belt');
  world.setDoc(belt, 'brief', 'The asteroid belt between Mars and Jupiter: its rocks are its children');
  if (count === 0) return { belt, first: 0, last: 0 };
  const type = [ids.Asteroid, ids.Renderable, ids.Position, ids.Velocity, ids.Rotation, ids.Spin, ids.Scale, ids.Color, ids.Shape];
  let first = 0, last = 0;
  for (let i = 0; i < count; i++) {
    const e = world.entity({ parent: belt });
    for (const id of type) world.add(e, id);
    if (i === 0) first = e;
    last = e;
  }
  const table = world.tableOf(first), start = world.locate(first).row;
  const col = (id: Entity, key: string) => numeric(table.column(id)!.views, key);
  const px = col(ids.Position, 'x'), py = col(ids.Position, 'y'), pz = col(ids.Position, 'z');
  const vx = col(ids.Velocity, 'x'), vy = col(ids.Velocity, 'y'), vz = col(ids.Velocity, 'z');
  const yaw = col(ids.Rotation, 'yaw'), pitch = col(ids.Rotation, 'pitch'), roll = col(ids.Rotation, 'roll');
  const spin = col(ids.Spin, 'speed'), scale = col(ids.Scale, 'value'), shape = col(ids.Shape, 'kind');
  const cr = col(ids.Color, 'r'), cg = col(ids.Color, 'g'), cb = col(ids.Color, 'b');
  const rock = SHAPE_NAMES.indexOf('Rock');
  for (let row = start; row < start + count; row++) {
    const r = rng.range(BELT.inner, BELT.outer), a = rng.range(0, Math.PI * 2);
    const y = (rng.next() + rng.next() - 1) * BELT.thickness;
    // Speed of a circular orbit under the softened pull, nudged a little so orbits differ.
    const d2 = r * r + y * y + GRAVITY_SOFTENING;
    const speed = Math.sqrt((SUN_GM * (r * r + y * y)) / (d2 * Math.sqrt(d2))) * rng.range(0.97, 1.03);
    px[row] = Math.cos(a) * r; py[row] = y; pz[row] = Math.sin(a) * r;
    vx[row] = -Math.sin(a) * speed; vy[row] = rng.range(-0.05, 0.05); vz[row] = Math.cos(a) * speed;
    yaw[row] = rng.range(0, Math.PI * 2); pitch[row] = rng.range(0, Math.PI * 2); roll[row] = rng.range(0, Math.PI * 2);
    spin[row] = rng.range(-1.5, 1.5);
    const size = rng.next();
    scale[row] = 0.04 + 0.16 * size * size;
    const grey = rng.range(90, 170);
    cr[row] = Math.round(grey + rng.range(0, 25)); cg[row] = Math.round(grey); cb[row] = Math.round(grey - rng.range(0, 25));
    shape[row] = rock;
  }
  // Written in place (one table, no set() per value): tell the store.
  world.modified();
  return { belt, first, last };
}
