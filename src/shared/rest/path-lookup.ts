// Resolving request paths to entities, remembered: clients ask for the same few paths over and
// over (the explorer's inspector polls the selected entity), and splitting and walking a path
// costs more than the rest of a small reply.
import { NamesMemo, type Entity, type World } from '../ecs';

/** Entities by request path, per state of the names and parents (at most 4,096 per world). */
const resolved = new NamesMemo<string, Entity>(4096);

/**
 * world.lookup(path, '/'), remembered while no name or parent changes (hierarchy.version). A
 * remembered entity is checked to be alive still: deleting an anonymous root entity (named by
 * its id) changes no name. Paths that name nothing are not remembered.
 */
export function lookupPath(world: World, path: string): Entity {
  const byPath = resolved.entries(world);
  const hit = byPath.get(path);
  if (hit !== undefined && world.isAlive(hit)) return hit;
  const e = world.lookup(path, '/');
  if (e !== 0) resolved.remember(byPath, path, e);
  return e;
}
