// OnUpdate: the Sun's gravity on asteroids, integration of velocities, and spinning bodies.
// These run over every asteroid, so they walk the columns directly (no per-entity get/set).
import { addSystem, type SystemIter } from '../../shared/pipeline';
import type { Entity, World } from '../../shared/ecs';
import { GRAVITY_SOFTENING, SUN_GM } from './catalogue';
import type { DemoIds } from './components';
import { readVec3 } from './column-reads';

const TWO_PI = Math.PI * 2;

/** Adds Gravity, Move and Rotate (OnUpdate, in that order); `sun` is the body asteroids fall towards. */
export function addMotionSystems(world: World, ids: DemoIds, sun: Entity): { Gravity: Entity; Move: Entity; Rotate: Entity } {
  const center = new Float64Array(3);
  // A local copy: an imported binding can be a getter call per use under some module loaders.
  const softening = GRAVITY_SOFTENING, gm = SUN_GM;
  // Velocity first, then position with the new velocity (semi-implicit Euler): orbits stay closed.
  const gravity = (it: SystemIter): void => {
    if (!it.isSelf(1) || !it.isSelf(2) || !readVec3(world, sun, ids.Position, center)) return;
    const p = it.field(1)!, v = it.field(2)!;
    const px = p.x as Float32Array, py = p.y as Float32Array, pz = p.z as Float32Array;
    const vx = v.x as Float32Array, vy = v.y as Float32Array, vz = v.z as Float32Array;
    // softening * 1: a float known before the loop, not a captured value checked per entity (see beltWatch).
    const sx = center[0]!, sy = center[1]!, sz = center[2]!, k = gm * it.deltaTime, rows = it.rows, soft = softening * 1;
    for (let j = 0, n = it.count; j < n; j++) {
      const r = rows === null ? j : rows[j]!;
      const dx = px[r]! - sx, dy = py[r]! - sy, dz = pz[r]! - sz;
      const d2 = dx * dx + dy * dy + dz * dz + soft;
      const f = k / (d2 * Math.sqrt(d2));
      vx[r] = vx[r]! - dx * f;
      vy[r] = vy[r]! - dy * f;
      vz[r] = vz[r]! - dz * f;
    }
  };
  const move = (it: SystemIter): void => {
    // An inherited position belongs to the prefab: moving it would move every instance.
    if (!it.isSelf(0) || !it.isSelf(1)) return;
    const p = it.field(0)!, v = it.field(1)!;
    const px = p.x as Float32Array, py = p.y as Float32Array, pz = p.z as Float32Array;
    const vx = v.x as Float32Array, vy = v.y as Float32Array, vz = v.z as Float32Array;
    const dt = it.deltaTime, rows = it.rows;
    for (let j = 0, n = it.count; j < n; j++) {
      const r = rows === null ? j : rows[j]!;
      px[r] = px[r]! + vx[r]! * dt;
      py[r] = py[r]! + vy[r]! * dt;
      pz[r] = pz[r]! + vz[r]! * dt;
    }
  };
  const spin = (it: SystemIter): void => {
    if (!it.isSelf(0)) return;
    const yaw = it.field(0)!.yaw as Float32Array, s = it.field(1)!, sr = it.isSelf(1) ? -1 : it.sharedRow(1);
    const speed = s.speed as Float32Array, dt = it.deltaTime, rows = it.rows, turn = TWO_PI;
    for (let j = 0, n = it.count; j < n; j++) {
      const r = rows === null ? j : rows[j]!;
      let a = yaw[r]! + speed[sr < 0 ? r : sr]! * dt;
      if (a >= turn || a <= -turn) a %= turn;
      yaw[r] = a;
    }
  };
  return {
    Gravity: addSystem(world, 'Gravity', { phase: 'OnUpdate', query: 'Asteroid, Position, Velocity', run: gravity, brief: "Pulls asteroids towards the Sun (they orbit it under its gravity)" }),
    Move: addSystem(world, 'Move', { phase: 'OnUpdate', query: 'Position, Velocity', run: move, brief: 'Adds Velocity × frame time to Position' }),
    Rotate: addSystem(world, 'Rotate', { phase: 'OnUpdate', query: 'Rotation, Spin', run: spin, brief: 'Turns spinning bodies about their yaw axis' }),
  };
}
