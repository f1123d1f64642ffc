// Resolving request paths to entities, remembered: clients ask for the same few paths over and
// over (the explorer's inspector polls the selected entity), and splitting and walking a path
// costs more than the rest of a small reply.
import { NamesMemo, type Entity, type World } from '../../ecs';
import { WORLD_NAMES, type DialectNames } from '../../json';

/** Entities by request path, per dialect and state of the names and parents (at most 4,096 per world each). */
const resolved = new Map<DialectNames, NamesMemo<string, Entity>>();

/**
 * The entity a request path (levels separated by '/', in the names of `names`) names, 0 when
 * none; remembered while no name or parent changes (hierarchy.version). A remembered entity is
 * checked to be alive still: deleting an anonymous root entity (named by its id) changes no
 * name. Paths that name nothing are not remembered.
 */
export function lookupPath(world: World, path: string, names: DialectNames = WORLD_NAMES): Entity {
  let memo = resolved.get(names);
  if (memo === undefined) resolved.set(names, (memo = new NamesMemo<string, Entity>(4096)));
  const byPath = memo.entries(world);
  const hit = byPath.get(path);
  if (hit !== undefined && world.isAlive(hit)) return hit;
  const e = names.lookup(world, path, '/');
  if (e !== 0) memo.remember(byPath, path, e);
  return e;
}
