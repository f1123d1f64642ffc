// Text of ids and entities as the replies show them: paths, labels (doc name, else name, else id).
import { isPair, type Entity, type Id, type World } from '../ecs';

/** Path texts of one world, valid while no name or parent changes (world.hierarchy.version). */
interface PathTexts {
  version: number;
  readonly texts: Map<Entity, string>;
}

const pathTexts = new WeakMap<World, PathTexts>();
/** Path texts kept per world at most; past that they are made each time. */
const MAX_PATH_TEXTS = 65_536;

/** JSON text of an entity's path (`"Sun.Earth"`), `"*"`/`"_"` for the wildcards, `0` for none. */
export function pathText(world: World, e: Entity): string {
  if (e === 0) return '0';
  // Replies name the same entities over and over (ids, sources, parents): a path is made once
  // per state of the names and parents, which world.hierarchy.version counts.
  const version = world.hierarchy.version;
  let cache = pathTexts.get(world);
  if (cache === undefined) pathTexts.set(world, (cache = { version, texts: new Map() }));
  else if (cache.version !== version) { cache.texts.clear(); cache.version = version; }
  let text = cache.texts.get(e);
  if (text === undefined) {
    text = JSON.stringify(world.pathOf(e));
    if (cache.texts.size < MAX_PATH_TEXTS) cache.texts.set(e, text);
  }
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
