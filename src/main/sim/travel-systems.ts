// Ships: Travel (OnUpdate) steers each ship towards its (TravellingTo, <target>) and burns fuel;
// Dock (OnValidate) refuels ships that arrived and sends them on, and gives a destination to
// ships without a usable one (none yet, target deleted or disabled).
import { addSystem, type SystemIter } from '../../shared/pipeline';
import type { Entity, World } from '../../shared/ecs';
import type { DemoIds } from './components';
import { readMember, readVec3 } from './column-reads';

/** Drag on a ship with an empty tank, per second: it drifts to a halt instead of leaving the scene. */
const DRIFT_DRAG = 0.3;
/** A ship has arrived when it is this much closer than its target's scale, scene units. */
const ARRIVAL_MARGIN = 1.2;

/** True when a ship can head to e: alive, enabled and with a position of its own. */
function usable(world: World, ids: DemoIds, e: Entity): boolean {
  return e !== 0 && world.isAlive(e) && world.isEnabled(e) && world.owns(e, ids.Position);
}

/**
 * The next destination after `current` on the route (the planets in order, wrapping around),
 * skipping disabled or deleted planets; 0 when no planet can be reached.
 */
export function nextDestination(world: World, ids: DemoIds, route: readonly Entity[], current: Entity): Entity {
  const n = route.length, at = route.indexOf(current);
  for (let k = 1; k <= n; k++) {
    const cand = route[(at + k) % n]!;
    if (cand !== current && usable(world, ids, cand)) return cand;
  }
  return 0;
}

/** Adds Travel (OnUpdate) and Dock (OnValidate); `route` is the planets in visiting order. */
export function addTravelSystems(world: World, ids: DemoIds, route: readonly Entity[]): { Travel: Entity; Dock: Entity } {
  const target = new Float64Array(3);

  const travel = (it: SystemIter): void => {
    // Position, Velocity, Rotation and Fuel are per ship (the prefab's would be shared by all).
    if (!it.isSelf(0) || !it.isSelf(1) || !it.isSelf(2) || !it.isSelf(3)) return;
    const dest = world.pairSecond(it.id(5));
    if (!usable(world, ids, dest) || !readVec3(world, dest, ids.Position, target)) return;
    const p = it.field(0)!, v = it.field(1)!, rot = it.field(2)!, fuel = it.field(3)!.value as Float32Array, eng = it.field(4)!;
    const er = it.isSelf(4) ? -1 : it.sharedRow(4);
    const px = p.x as Float32Array, py = p.y as Float32Array, pz = p.z as Float32Array;
    const vx = v.x as Float32Array, vy = v.y as Float32Array, vz = v.z as Float32Array;
    const yaw = rot.yaw as Float32Array, pitch = rot.pitch as Float32Array;
    const thrust = eng.thrust as Float32Array, cruise = eng.cruise as Float32Array, burn = eng.burn as Float32Array;
    const dt = it.deltaTime, rows = it.rows;
    for (let j = 0, n = it.count; j < n; j++) {
      const r = rows === null ? j : rows[j]!, e = er < 0 ? r : er;
      let nvx = vx[r]!, nvy = vy[r]!, nvz = vz[r]!;
      if (fuel[r]! > 0) {
        const dx = target[0]! - px[r]!, dy = target[1]! - py[r]!, dz = target[2]! - pz[r]!;
        const d = Math.hypot(dx, dy, dz) || 1, c = cruise[e]! / d;
        // Steer: change velocity towards "cruise speed straight at the target", limited by thrust.
        let ax = dx * c - nvx, ay = dy * c - nvy, az = dz * c - nvz;
        const a = Math.hypot(ax, ay, az), max = thrust[e]! * dt;
        if (a > max) { const s = max / a; ax *= s; ay *= s; az *= s; }
        nvx += ax; nvy += ay; nvz += az;
        fuel[r] = Math.max(0, fuel[r]! - burn[e]! * dt);
      } else {
        const keep = Math.max(0, 1 - DRIFT_DRAG * dt);
        nvx *= keep; nvy *= keep; nvz *= keep;
      }
      vx[r] = nvx; vy[r] = nvy; vz[r] = nvz;
      // Face the direction of flight (ship models point along +Z).
      const horizontal = Math.hypot(nvx, nvz);
      if (horizontal + Math.abs(nvy) > 1e-3) {
        yaw[r] = Math.atan2(nvx, nvz);
        pitch[r] = -Math.atan2(nvy, horizontal);
      }
    }
  };

  const dock = (it: SystemIter): void => {
    // A ship without a position of its own (inherited from the prefab) cannot arrive anywhere.
    if (!it.isSelf(0)) return;
    const p = it.field(0)!, fuel = it.field(1)!;
    const px = p.x as Float32Array, py = p.y as Float32Array, pz = p.z as Float32Array;
    const value = fuel.value as Float32Array, capacity = fuel.capacity as Float32Array;
    // An inherited tank belongs to the prefab; only a ship's own tank is refilled.
    const fuelOwn = it.isSelf(1), entities = it.entities;
    const dest = it.isSet(3) ? world.pairSecond(it.id(3)) : 0;
    const reachable = usable(world, ids, dest) && readVec3(world, dest, ids.Position, target);
    const reach = reachable ? readMember(world, dest, ids.Scale, 'value', 1) + ARRIVAL_MARGIN : 0;
    let next = -1;
    for (let j = 0, n = it.count; j < n; j++) {
      const r = it.row(j);
      if (reachable) {
        const dx = target[0]! - px[r]!, dy = target[1]! - py[r]!, dz = target[2]! - pz[r]!;
        if (dx * dx + dy * dy + dz * dz > reach * reach) continue;
        if (fuelOwn) value[r] = capacity[r]!;
      }
      // Every ship of this table shares the destination, so they share the next one too.
      if (next < 0) next = nextDestination(world, ids, route, dest);
      const ship = entities[r]!;
      if (next !== 0) world.add(ship, world.pair(ids.TravellingTo, next));
      else if (dest !== 0) world.remove(ship, world.pair(ids.TravellingTo, world.core.Wildcard));
    }
  };

  return {
    Travel: addSystem(world, 'Travel', {
      phase: 'OnUpdate', query: 'Position, Velocity, Rotation, Fuel, Engine, (TravellingTo, *)', run: travel,
      brief: 'Steers ships towards their destination and burns their fuel',
    }),
    Dock: addSystem(world, 'Dock', {
      phase: 'OnValidate', query: 'Position, Fuel, Engine, ?(TravellingTo, *)', run: dock,
      brief: 'Refuels ships that reached their destination and sends them to the next planet',
    }),
  };
}
