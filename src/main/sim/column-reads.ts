// Reads of single component values straight from table columns, without allocating, for the
// few per-table look-ups the systems make (the Sun's position, a ship's destination).
import type { ColumnViews, Entity, LeafArray, World } from '../../shared/ecs';

/** Writes the entity's own xyz-vector component (e.g. Position) into out[0..2]; false when it has none. */
export function readVec3(world: World, e: Entity, id: Entity, out: Float64Array): boolean {
  if (!world.isAlive(e)) return false;
  const loc = world.locate(e);
  const col = loc.table.column(id);
  if (!col) return false;
  const v = col.views;
  out[0] = v.x![loc.row] as number;
  out[1] = v.y![loc.row] as number;
  out[2] = v.z![loc.row] as number;
  return true;
}

/** A numeric member of a component the entity owns or inherits (through IsA), or `fallback`. */
export function readMember(world: World, e: Entity, id: Entity, member: string, fallback: number): number {
  if (!world.isAlive(e)) return fallback;
  const owner = world.ownsId(e, id) ? e : world.findBaseWith(e, id, 0);
  if (!owner) return fallback;
  const loc = world.locate(owner);
  const arr = loc.table.column(id)?.views[member];
  return arr ? (arr[loc.row] as number) : fallback;
}

/** A numeric leaf column (every leaf type but strings). */
export type NumericColumn = Exclude<LeafArray, string[]>;

/** The numeric leaf column `key` of a component column's views (throws if it is missing, a programming error). */
export function numeric(views: ColumnViews, key: string): NumericColumn {
  const a = views[key];
  if (!a || Array.isArray(a)) throw new Error(`component has no numeric member '${key}'`);
  return a;
}
