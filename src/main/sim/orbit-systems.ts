// PreUpdate: bodies on circular orbits around their parent's position. Planets run before moons,
// so a moon always circles where its planet is in this frame, not where it was in the last one.
import { addSystem, type SystemIter } from '../../shared/pipeline';
import type { Entity, World } from '../../shared/ecs';
import type { DemoIds } from './components';
import { readVec3 } from './column-reads';

const TWO_PI = Math.PI * 2;

/** Orbit parameters as set on the Orbit component (radius in scene units, angles in radians). */
export interface OrbitValue { radius: number; angle: number; inclination: number }

/** Position on an orbit around `center`: the orbit lies in the XZ plane, tilted about X by the inclination. */
export function orbitPosition(center: ArrayLike<number>, o: OrbitValue): { x: number; y: number; z: number } {
  const s = Math.sin(o.angle) * o.radius;
  return { x: center[0]! + Math.cos(o.angle) * o.radius, y: center[1]! + s * Math.sin(o.inclination), z: center[2]! + s * Math.cos(o.inclination) };
}

/** Makes the Orbit system body: bodies circle their parent's own Position (the origin for root entities). */
function makeOrbit(world: World, Position: Entity): (it: SystemIter) => void {
  const center = new Float64Array(3);
  return (it) => {
    if (!it.isSelf(0) || !it.isSelf(1)) return;
    // All entities of a table share their parent (ChildOf is part of the table's type). Read here
    // rather than with a Position(up(ChildOf)) term: such a term makes the cached query
    // re-evaluate every child table on every frame.
    const parent = world.aliveAt(it.table!.flags.parentIndex);
    if (parent === 0 || !readVec3(world, parent, Position, center)) center.fill(0);
    const o = it.field(0)!, p = it.field(1)!;
    const radius = o.radius as Float32Array, speed = o.speed as Float32Array, angle = o.angle as Float32Array, incl = o.inclination as Float32Array;
    const px = p.x as Float32Array, py = p.y as Float32Array, pz = p.z as Float32Array;
    const cx = center[0]!, cy = center[1]!, cz = center[2]!, dt = it.deltaTime, rows = it.rows;
    for (let j = 0, n = it.count; j < n; j++) {
      const r = rows === null ? j : rows[j]!;
      let a = angle[r]! + speed[r]! * dt;
      // Kept within one turn so the f32 angle never loses precision over a long run.
      if (a >= TWO_PI || a <= -TWO_PI) a %= TWO_PI;
      angle[r] = a;
      const rad = radius[r]!, i = incl[r]!;
      const s = Math.sin(a) * rad;
      px[r] = cx + Math.cos(a) * rad;
      py[r] = cy + s * Math.sin(i);
      pz[r] = cz + s * Math.cos(i);
    }
  };
}

/** Adds OrbitPlanets and OrbitMoons (PreUpdate, in that order); returns their entities. */
export function addOrbitSystems(world: World, ids: DemoIds): { OrbitPlanets: Entity; OrbitMoons: Entity } {
  const orbit = makeOrbit(world, ids.Position);
  return {
    OrbitPlanets: addSystem(world, 'OrbitPlanets', {
      phase: 'PreUpdate', query: 'Orbit, Position, Planet', run: orbit,
      brief: 'Moves planets along their orbits around the Sun',
    }),
    OrbitMoons: addSystem(world, 'OrbitMoons', {
      phase: 'PreUpdate', query: 'Orbit, Position, !Planet', run: orbit,
      brief: 'Moves moons (and anything else with an Orbit) around their parent, after the planets moved',
    }),
  };
}
