// The `component` parameter of PUT|DELETE /component/<path>: which id it names, and whether the
// build endpoints may add or remove it. User ids are free; of the built-ins only those a user
// builds with are: the tags Disabled and Prefab, and pairs of ChildOf (the parent) and IsA (the
// prefab). A component or module keeps its parent (its path is how queries and systems name it),
// and nothing moves under, or inherits from, a built-in entity.
import { EcsError, isPair, makePair, type Entity, type Id, type World } from '../../ecs';
import type { DialectNames } from '../../json';
import { isBuiltin } from './entity-path';
import { errorReply, shown } from './replies';
import type { RestReply, RouteContext } from '../types';

const PAIR = /^\(\s*([^,()]+?)\s*,\s*([^,()]+?)\s*\)$/;

/** The parts of an id as a client writes it, trimmed: one (`Position`) or a pair's two (`(Rel, Target)`). Both dialects read ids with it. */
export function splitIdText(text: string): { parts: string[]; pair: boolean } {
  const m = PAIR.exec(text.trim());
  return m ? { parts: [m[1]!, m[2]!], pair: true } : { parts: [text.trim()], pair: false };
}

/** True for a component or module: it has (OnDelete, Panic), so entities and systems depend on its path. */
export function isComponentOrModule(world: World, e: Entity): boolean {
  return world.owns(e, makePair(world.core.OnDelete, world.core.Panic));
}

/** The built-in ids a user may add or remove, and the built-in relationships whose pairs they may. */
function allowedBuiltin(world: World, rel: Entity, pair: boolean): boolean {
  const c = world.core;
  return pair ? rel === c.ChildOf || rel === c.IsA : rel === c.Disabled || rel === c.Prefab;
}

/** Built-in ids that hold values, not structure: doc strings ((Description, field) pairs) and world settings. */
function builtinValue(world: World, id: Id, rel: Entity, pair: boolean): boolean {
  return pair ? rel === world.core.Description : world.worldSettings.has(id);
}

/**
 * The id `text` names for adding to or removing from `e` (`verb` 'add' or 'remove'), or the reply
 * that refuses it: 400 when it names nothing or a query placeholder, 403 for a built-in id, a
 * ChildOf of a component or module, or a ChildOf/IsA pointing into the built-ins.
 */
export function resolveBuildId(ctx: RouteContext, e: Entity, text: string, verb: 'add' | 'remove'): Id | RestReply {
  const { world, names } = ctx;
  const { parts, pair } = splitIdText(text);
  // Each part a path (`Position`, `Sun.Earth`) or a live entity's number: lookupSymbol reads both, 0 when nothing.
  const ids = parts.map((p) => names.lookupSymbol(world, p));
  const missing = ids.indexOf(0);
  if (missing >= 0) {
    const what = pair ? (missing === 0 ? 'the relationship ' : 'the pair target ') : '';
    return errorReply(400, `parameter 'component': ${what}${shown(parts[missing]!)} names no entity; give a component or tag path such as Position, or a pair as (Rel,Target), e.g. (TravellingTo,Sun.Earth)`);
  }
  const id = pair ? world.pair(ids[0]!, ids[1]!) : ids[0]!;
  const invalid = placeholderError(world, id);
  if (invalid !== undefined) return errorReply(400, `parameter 'component': ${invalid.message}`);
  const refusal = storableIdRefusal(world, names, e, id, verb);
  return refusal === undefined ? id : errorReply(403, refusal);
}

/** The store's refusal of an id that cannot be stored (a query placeholder such as `*`, `_`, `$`), or undefined. */
function placeholderError(world: World, id: Id): EcsError | undefined {
  try {
    world.checkId(id);
    return undefined;
  } catch (err) {
    if (err instanceof EcsError) return err;
    throw err;
  }
}

/**
 * The built-in ids the build rules let a client change, with the modules' root `root` (ecs, or
 * flecs in the Flecs dialects); `values` where values are written (PUT /set, the Flecs 4
 * component endpoints). Refusals and the endpoint tables' 403 texts both read it.
 */
export function allowedBuiltins(root: string, values: boolean): string {
  const core = `${root}.core`;
  const ids = [`${core}.Disabled`, `${core}.Prefab`, `(${core}.ChildOf, …)`, `(${core}.IsA, …)`,
    ...(values ? [`doc strings ((${root}.doc.Description, …))`, 'world settings'] : [])];
  return `${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}`;
}

/**
 * Why the build rules refuse to add `id` to `e` (or remove it: `verb`), or undefined when they
 * allow it or when `id` is a query placeholder (the store refuses those with a 400 of its own): a built-in id other than Disabled, Prefab and ChildOf/IsA pairs; a ChildOf of a
 * component or module; a ChildOf or IsA whose target is built in. With `values` (PUT /set and the
 * Flecs 4 dialect, which write values), doc strings and world settings are allowed too: they are
 * values, not the structure the store relies on (ecs.core.Component holds data too, but adding it
 * would make the entity a component).
 */
export function builtinIdRefusal(world: World, names: DialectNames, e: Entity, id: Id, verb: 'add' | 'remove', values = false): string | undefined {
  // A placeholder is no id at all: the store's own 400 says so (a wildcard is built in, but "built
  // in" would be the wrong reason).
  return placeholderError(world, id) === undefined ? storableIdRefusal(world, names, e, id, verb, values) : undefined;
}

/** builtinIdRefusal for an id the store can hold. */
function storableIdRefusal(world: World, names: DialectNames, e: Entity, id: Id, verb: 'add' | 'remove', values = false): string | undefined {
  const pair = isPair(id);
  const rel = pair ? world.pairFirst(id) : id;
  const target = pair ? world.pairSecond(id) : undefined;
  const text = names.idText(world, id);
  if (isBuiltin(world, rel) && !allowedBuiltin(world, rel, pair) && !(values && builtinValue(world, id, rel, pair))) {
    return `cannot ${verb} ${shown(text)}: it is built in; of the built-ins only ${allowedBuiltins(names.printPath('ecs'), values)} can be changed here`;
  }
  if (target !== undefined && (rel === world.core.ChildOf || rel === world.core.IsA)) {
    if (isComponentOrModule(world, e) && rel === world.core.ChildOf) {
      return `cannot ${verb} ${shown(text)} ${verb === 'add' ? 'to' : 'from'} ${shown(names.pathOf(world, e))}: it is a component or module, and queries and systems name it by its path`;
    }
    if (verb === 'add' && isBuiltin(world, target)) {
      return `cannot add ${shown(text)}: its target is built in (under ${names.printPath('ecs')}), and an entity may not move under or inherit from a built-in`;
    }
  }
  return undefined;
}
