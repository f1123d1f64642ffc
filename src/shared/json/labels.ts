// Text of ids and entities as the replies show them: paths, labels (doc name, else name, else id),
// in the names of the reply's dialect (the world's own unless a dialect is given).
import { isPair, type Entity, type Id, type World } from '../ecs';
import { WORLD_NAMES, type DialectNames } from './dialect-names';

/** JSON text of an entity's path (`"Sun.Earth"`), `"*"`/`"_"` for the wildcards, `0` for none. */
export function pathText(world: World, e: Entity, names: DialectNames = WORLD_NAMES): string {
  // Replies name the same entities over and over (ids, sources, parents): a path is made once
  // per state of the names and parents.
  return names.pathText(world, e);
}

/** JSON text of an entity's label (doc name, else name, else the id as text). */
export function labelText(world: World, e: Entity, names: DialectNames = WORLD_NAMES): string {
  return JSON.stringify(e === 0 ? '0' : names.label(world, e));
}

/** JSON text of an id as an array of paths: `["Position"]` or `["Eats","Apples"]`. */
export function idText(world: World, id: Id, names: DialectNames = WORLD_NAMES): string {
  if (!isPair(id)) return `[${names.pathText(world, id)}]`;
  return `[${names.pathText(world, world.pairFirst(id))},${names.pathText(world, world.pairSecond(id))}]`;
}

/** JSON text of an id's labels: `["Pos"]` or `["eats","Äpfel"]`. */
export function idLabelText(world: World, id: Id, names: DialectNames = WORLD_NAMES): string {
  if (!isPair(id)) return `[${labelText(world, id, names)}]`;
  return `[${labelText(world, world.pairFirst(id), names)},${labelText(world, world.pairSecond(id), names)}]`;
}

/** True when an id is private (its component or relationship has the ecs.core.Private trait). */
export function isPrivateId(world: World, id: Id): boolean {
  const first = isPair(id) ? world.pairFirst(id) : id;
  return first !== 0 && world.owns(first, world.core.Private);
}
