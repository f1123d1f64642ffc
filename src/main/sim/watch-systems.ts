// PostUpdate: systems that keep the tags the alerts look for. A query cannot compare member
// values, so a ship low on fuel or a stray asteroid is marked with a tag the moment it happens
// and unmarked the moment it is fixed (for example through PUT /set).
import { addSystem, type SystemIter } from '../../shared/pipeline';
import type { Entity, World } from '../../shared/ecs';
import { BELT, BELT_MARGIN } from './catalogue';
import type { DemoIds } from './components';
import { readVec3 } from './column-reads';

/** Fraction of the capacity below which a ship is low on fuel. */
export const LOW_FUEL_FRACTION = 0.2;

/** Adds FuelGauge and BeltWatch (PostUpdate); `sun` is the belt's centre. */
export function addWatchSystems(world: World, ids: DemoIds, sun: Entity): { FuelGauge: Entity; BeltWatch: Entity } {
  const center = new Float64Array(3);
  const inner = BELT.inner - BELT_MARGIN, outer = BELT.outer + BELT_MARGIN, height = BELT.thickness + BELT_MARGIN;

  const fuelGauge = (it: SystemIter): void => {
    const f = it.field(0)!, fr = it.isSelf(0) ? -1 : it.sharedRow(0);
    const value = f.value as Float32Array, capacity = f.capacity as Float32Array;
    const low = it.isSet(1), out = it.isSet(2), entities = it.entities;
    for (let j = 0, n = it.count; j < n; j++) {
      const r = it.row(j), k = fr < 0 ? r : fr, v = value[k]!;
      const isOut = v <= 0, isLow = !isOut && v < capacity[k]! * LOW_FUEL_FRACTION;
      if (isOut === out && isLow === low) continue;
      const e = entities[r]!;
      if (isOut !== out) { if (isOut) world.add(e, ids.OutOfFuel); else world.remove(e, ids.OutOfFuel); }
      if (isLow !== low) { if (isLow) world.add(e, ids.LowFuel); else world.remove(e, ids.LowFuel); }
    }
  };

  const beltWatch = (it: SystemIter): void => {
    if (!readVec3(world, sun, ids.Position, center)) return;
    const p = it.field(1)!, flagged = it.isSet(2), entities = it.entities, pr = it.isSelf(1) ? -1 : it.sharedRow(1);
    const px = p.x as Float32Array, py = p.y as Float32Array, pz = p.z as Float32Array;
    const sx = center[0]!, sy = center[1]!, sz = center[2]!, rows = it.rows;
    // Arithmetic, not copies, of captured values: while a second world (the history's replica) has
    // its own closure of this function, V8 does not know a captured value's type, and a copied one
    // is checked to be a number at each use in the loop; a product is a float once, before it.
    const in2 = inner * inner, out2 = outer * outer, top = height * 1, bottom = -height;
    for (let j = 0, n = it.count; j < n; j++) {
      const r = rows === null ? j : rows[j]!, k = pr < 0 ? r : pr;
      const dx = px[k]! - sx, dy = py[k]! - sy, dz = pz[k]! - sz, d2 = dx * dx + dz * dz;
      const outside = d2 < in2 || d2 > out2 || dy > top || dy < bottom;
      if (outside === flagged) continue;
      if (outside) world.add(entities[r]!, ids.OutOfBelt); else world.remove(entities[r]!, ids.OutOfBelt);
    }
  };

  return {
    FuelGauge: addSystem(world, 'FuelGauge', {
      phase: 'PostUpdate', query: 'Fuel, ?LowFuel, ?OutOfFuel', run: fuelGauge,
      brief: `Marks ships with less than ${LOW_FUEL_FRACTION * 100}% fuel (LowFuel) or none (OutOfFuel)`,
    }),
    BeltWatch: addSystem(world, 'BeltWatch', {
      phase: 'PostUpdate', query: 'Asteroid, Position, ?OutOfBelt', run: beltWatch,
      brief: 'Marks asteroids that left the belt (OutOfBelt) and unmarks those back in it',
    }),
  };
}
