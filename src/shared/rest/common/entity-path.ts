// The <path> parameter of every endpoint that takes an entity path, written once: how the tables
// document it, how it is decoded and resolved (docs/rest-api.md: levels are separated by '/', a
// level of digits is an entity id, a path that names nothing is a 404 naming the endpoint asked),
// and the policy that built-in entities (everything under `ecs`) are read-only, applied by every
// write endpoint through resolveWritable.
import { entityIndex, type Entity, type World } from '../../ecs';
import type { DialectNames } from '../../json';
import { lookupPath } from './path-lookup';
import { errorReply, notFound, shown } from './replies';
import type { RestReply, RouteContext } from '../types';
import { TargetError } from '../target';

/** Decodes a path element string (`%XX` only; `+` stays a plus sign, as in any URL path); a bad escape throws TargetError (400). */
export function decodePath(text: string): string {
  if (text.indexOf('%') < 0) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new TargetError(`malformed percent-encoding in the path '${text.slice(0, 80)}': write a '%' as %25`);
  }
}

/** The <path> parameter as the endpoint tables document it, with an example in the dialect's names. */
export function entityPathParam(names: DialectNames): { name: string; description: string; required: true } {
  return { name: 'path', description: `entity path, levels separated by '/' (${names.printPath('ecs/core/World', '/')}); a level of digits is an entity id`, required: true };
}

/** The 404 of an endpoint whose <path> names no entity, as the endpoint tables document it. */
export const PATH_NOT_FOUND = 'the path names no entity';

/** What resolving a <path> reads of the request: the world, the dialect's names and the endpoint asked. */
export type PathContext = Pick<RouteContext, 'world' | 'names' | 'endpoint'>;

/** The entity a raw (percent-encoded) path (default: the request's) names, or the 404 reply. */
export function resolveEntity(ctx: PathContext & { readonly rest?: string }, rawPath = ctx.rest ?? ''): { entity: Entity } | { reply: RestReply } {
  const { world, names } = ctx;
  let path = decodePath(rawPath);
  // One trailing slash is tolerated (/entity/Sun/Earth/), as clients append it.
  if (path.endsWith('/') && path.length > 1) path = path.slice(0, -1);
  if (path === '') {
    const example = ctx.endpoint.replace('<path>', names.printPath('ecs/core/World', '/'));
    return { reply: notFound(`no entity path given: use ${ctx.endpoint}, e.g. ${example} (levels separated by '/')`) };
  }
  const e = lookupPath(world, path, names);
  if (e === 0) {
    return { reply: notFound(`entity ${shown(path)} not found: levels are separated by '/', names are case sensitive, and a level of digits is an entity id`) };
  }
  return { entity: e };
}

/** True for built-in entities: the world's own, and everything under the `ecs` root module. */
export function isBuiltin(world: World, e: Entity): boolean {
  if (world.builtin.has(entityIndex(e))) return true;
  const root = world.core.ecs;
  for (let cur = e, depth = 0; cur !== 0 && depth < 64; depth++) {
    if (cur === root) return true;
    cur = world.parentOf(cur);
  }
  return false;
}

/** The 403 reply for a change to a built-in entity (its path in the names of `names`). */
export function builtinRefusal(world: World, e: Entity, action: string, names: DialectNames): RestReply {
  return errorReply(403, `cannot ${action} '${names.pathOf(world, e)}': it is built in (under ${names.printPath('ecs')}) and can be read but not changed`);
}

/**
 * The entity a raw path (default: the request's) names for a write, or the reply that refuses it:
 * 404 when it names nothing, 403 (builtinRefusal, "cannot <action> …") when it is built in.
 * `mayChangeBuiltin` lets a built-in through for a write that may touch some of it (PUT /set on
 * the World's settings); `builtin` then tells the caller to check the write itself.
 */
export function resolveWritable(
  ctx: PathContext & { readonly rest?: string }, action: string, mayChangeBuiltin?: (e: Entity) => boolean, rawPath = ctx.rest ?? '',
): { entity: Entity; builtin: boolean } | { reply: RestReply } {
  const found = resolveEntity(ctx, rawPath);
  if ('reply' in found) return found;
  const e = found.entity;
  const builtin = isBuiltin(ctx.world, e);
  if (builtin && !mayChangeBuiltin?.(e)) return { reply: builtinRefusal(ctx.world, e, action, ctx.names) };
  return { entity: e, builtin };
}
