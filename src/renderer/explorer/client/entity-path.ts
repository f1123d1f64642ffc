// Entity paths as the explorer handles them: the server's dotted form ("Sun.Earth"), which the
// REST URLs write with '/' and the query DSL writes as is (or as an id for anonymous entities).

/** True when a path level is an entity id (anonymous entities are named by their number). */
export function isIdLevel(level: string): boolean {
  return /^\d+$/.test(level);
}

/** The levels of a dotted path ("Sun.Earth" -> ["Sun", "Earth"]); [] for "". */
export function pathLevels(path: string): string[] {
  return path === '' ? [] : path.split('.');
}

/** The part of a REST URL that names an entity: "Sun.Earth" -> "Sun/Earth", each level percent-encoded. */
export function entityUrlPath(path: string): string {
  return pathLevels(path).map(encodeURIComponent).join('/');
}

/** Dotted path of a query-result entity: its table's `parent` path (if any) and its name or id. */
export function childPath(parent: string | undefined, entity: string | number): string {
  return parent ? `${parent}.${entity}` : String(entity);
}

/** Parent path of a dotted path, or undefined for a root entity. */
export function parentPath(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? undefined : path.slice(0, dot);
}

/** The last level of a path (the entity's own name or id). */
export function leafName(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}

/** Every ancestor of a path, outermost first: "Sun.Earth.Moon" -> ["Sun", "Sun.Earth"]. */
export function ancestorPaths(path: string): string[] {
  const levels = pathLevels(path);
  const out: string[] = [];
  for (let i = 1; i < levels.length; i++) out.push(levels.slice(0, i).join('.'));
  return out;
}

/**
 * How a query expression names the entity at `path`: anonymous entities by their id (ids are
 * unique, and "Sun.1234" is not a name the parser resolves), named ones by their dotted path.
 */
export function queryRef(path: string): string {
  const leaf = leafName(path);
  return isIdLevel(leaf) ? leaf : path;
}

/** True for the built-in modules' entities (everything under `ecs`). */
export function isBuiltinPath(path: string): boolean {
  return path === 'ecs' || path.startsWith('ecs.');
}

/** How an entity is shown when it has no name: "#1234". */
export function displayName(path: string): string {
  const leaf = leafName(path);
  return isIdLevel(leaf) ? `#${leaf}` : leaf;
}
