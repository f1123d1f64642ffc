// Resolving request paths to entities, remembered: clients ask for the same few paths over and
// over (the explorer's inspector polls the selected entity), and splitting and walking a path
// costs more than the rest of a small reply.
import type { Entity, World } from '../ecs';

interface Resolved { names: number; readonly byPath: Map<string, Entity> }

const resolved = new WeakMap<World, Resolved>();
/** Paths remembered per world at most; past that the oldest half is dropped. */
const MAX_PATHS = 4096;

/**
 * world.lookup(path, '/'), remembered while no name or parent changes (hierarchy.version). A
 * remembered entity is checked to be alive still: deleting an anonymous root entity (named by
 * its id) changes no name. Paths that name nothing are not remembered.
 */
export function lookupPath(world: World, path: string): Entity {
  const names = world.hierarchy.version;
  let r = resolved.get(world);
  if (r === undefined) resolved.set(world, (r = { names, byPath: new Map() }));
  else if (r.names !== names) { r.byPath.clear(); r.names = names; }
  const hit = r.byPath.get(path);
  if (hit !== undefined && world.isAlive(hit)) return hit;
  const e = world.lookup(path, '/');
  if (e !== 0) {
    if (r.byPath.size >= MAX_PATHS) dropOldestHalf(r.byPath);
    r.byPath.set(path, e);
  }
  return e;
}

function dropOldestHalf(m: Map<string, Entity>): void {
  let n = m.size >> 1;
  for (const k of m.keys()) { if (n-- <= 0) break; m.delete(k); }
}
