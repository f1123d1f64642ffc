// Text of ids and entities as the replies show them: paths, labels (doc name, else name, else id).
import { NamesMemo, isPair, type Entity, type Id, type World } from '../ecs';

/** Path texts by entity, per state of the names and parents (at most 65,536 per world). */
const pathTexts = new NamesMemo<Entity, string>(65_536);

/** JSON text of an entity's path (`"Sun.Earth"`), `"*"`/`"_"` for the wildcards, `0` for none. */
export function pathText(world: World, e: Entity): string {
  if (e === 0) return '0';
  // Replies name the same entities over and over (ids, sources, parents): a path is made once
  // per state of the names and parents.
  const texts = pathTexts.entries(world);
  let text = texts.get(e);
  if (text === undefined) pathTexts.remember(texts, e, (text = JSON.stringify(world.pathOf(e))));
  return text;
}

/** JSON text of an entity's label (doc name, else name, else the id as text). */
export function labelText(world: World, e: Entity): string {
  return JSON.stringify(e === 0 ? '0' : world.label(e));
}

/** JSON text of an id as an array of paths: `["Position"]` or `["Eats","Apples"]`. */
export function idText(world: World, id: Id): string {
  if (!isPair(id)) return `[${pathText(world, id)}]`;
  return `[${pathText(world, world.pairFirst(id))},${pathText(world, world.pairSecond(id))}]`;
}

/** JSON text of an id's labels: `["Pos"]` or `["eats","Äpfel"]`. */
export function idLabelText(world: World, id: Id): string {
  if (!isPair(id)) return `[${labelText(world, id)}]`;
  return `[${labelText(world, world.pairFirst(id))},${labelText(world, world.pairSecond(id))}]`;
}

/** True when an id is private (its component or relationship has the ecs.core.Private trait). */
export function isPrivateId(world: World, id: Id): boolean {
  const first = isPair(id) ? world.pairFirst(id) : id;
  return first !== 0 && world.owns(first, world.core.Private);
}
