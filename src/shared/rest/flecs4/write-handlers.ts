// PUT and DELETE handlers of the Flecs 4 dialect: components (add, set members, remove; the build
// rules of build-id.ts apply, doc strings and world settings allowed), toggle (enable/disable an
// entity), entities (create by path, delete). Toggle and delete reuse the
// contract's handlers (same policy: built-ins are read-only, components and modules cannot be
// deleted); the World's flecs.stats.WorldSummary takes target_fps and time_scale.
import { EcsError, checkNameRule, type Entity, type Id } from '../../ecs';
import { builtinIdRefusal, decodePath, EMPTY_OK, errorReply, putDelete, putDisable, putEnable, resolveWritable, shown, splitIdText } from '../common';
import type { Handler, RestReply, RouteContext } from '../types';
import { localPath } from './names';
import type { Component4Params, Toggle4Params } from './params';
import { WORLD_SUMMARY_KEY, setWorldSummary } from './summary';

/** One part of an id in Flecs 4's spelling: a path with '.' or '/' (flecs.core.World, flecs/core/World), or an entity's number as `123` or `#123`. */
function lookupPart(ctx: RouteContext, text: string): Entity {
  if (/^#?\d+$/.test(text)) { const n = Number(text.replace('#', '')); return ctx.world.isAlive(n) ? n : 0; }
  return ctx.world.lookupSymbol(localPath(text));
}

/** The id named by the `component` parameter (`Position`, `flecs.doc.Description`, `(Rel,Target)`), or the 400 reply. */
export function resolveId(ctx: RouteContext, text: string): Id | { reply: RestReply } {
  const { parts, pair } = splitIdText(text);
  const ids = parts.map((x) => lookupPart(ctx, x));
  const missing = ids.indexOf(0);
  if (missing >= 0) return { reply: errorReply(400, `parameter 'component': ${shown(parts[missing]!)} names no entity; give a component path such as Position, or a pair as (Rel,Target)`) };
  return pair ? ctx.world.pair(ids[0]!, ids[1]!) : ids[0]!;
}

function parseValue(text: string): { value: unknown } | { reply: RestReply } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (err) {
    return { reply: errorReply(400, `parameter 'value' is not valid JSON (${(err as Error).message}): send e.g. value={"x":1}, URL-encoded`) };
  }
}

/** PUT /component/<path>?component=…[&value=…]: adds the id, or writes the given members. */
export const putComponent4: Handler<Component4Params> = (ctx, p) => {
  const { world } = ctx;
  const isSummary = p.component === WORLD_SUMMARY_KEY;
  const found = resolveWritable(ctx, 'set components on', (e) => isSummary && e === world.core.World);
  if ('reply' in found) return found.reply;
  const e = found.entity;
  if (isSummary) {
    if (p.value === undefined) return errorReply(400, `missing parameter 'value': send e.g. value={"target_fps":60}`);
    const v = parseValue(p.value);
    if ('reply' in v) return v.reply;
    const wrong = setWorldSummary(world, ctx.options.app, v.value);
    return wrong === undefined ? EMPTY_OK : errorReply(400, `cannot set ${WORLD_SUMMARY_KEY}: ${wrong}`);
  }
  const id = resolveId(ctx, p.component);
  if (typeof id === 'object') return id.reply;
  const refusal = builtinIdRefusal(world, ctx.names, e, id, 'add', true);
  if (refusal !== undefined) return errorReply(403, refusal);
  try {
    if (p.value === undefined) { world.add(e, id); return EMPTY_OK; }
    const v = parseValue(p.value);
    if ('reply' in v) return v.reply;
    if (!world.dataOf(id)) return errorReply(400, `${shown(ctx.names.idText(world, id))} carries no data: add it without a value`);
    world.set(e, id, v.value, { lenient: true, finite: true });
  } catch (err) {
    if (err instanceof EcsError) return errorReply(err.code === 'builtin' ? 403 : 400, `cannot set ${shown(ctx.names.idText(world, id))} on ${shown(ctx.names.pathOf(world, e))}: ${err.message}`);
    throw err;
  }
  return EMPTY_OK;
};

/** DELETE /component/<path>?component=…: removes the id. */
export const deleteComponent4: Handler<Component4Params> = (ctx, p) => {
  const { world } = ctx;
  const found = resolveWritable(ctx, 'remove components from');
  if ('reply' in found) return found.reply;
  const id = resolveId(ctx, p.component);
  if (typeof id === 'object') return id.reply;
  const refusal = builtinIdRefusal(world, ctx.names, found.entity, id, 'remove', true);
  if (refusal !== undefined) return errorReply(403, refusal);
  try {
    world.remove(found.entity, id);
  } catch (err) {
    if (err instanceof EcsError) return errorReply(400, `cannot remove ${shown(ctx.names.idText(world, id))} from ${shown(ctx.names.pathOf(world, found.entity))}: ${err.message}`);
    throw err;
  }
  return EMPTY_OK;
};

/** PUT /toggle/<path>?enable=true|false: enables or disables the entity. */
export const putToggle4: Handler<Toggle4Params> = (ctx, p) => {
  // The explorer's REST page sends component= (empty) when no component is typed: the entity is meant.
  if (p.component !== undefined && p.component !== '') return errorReply(400, `toggling one component (component=${shown(p.component)}) is not supported: toggle the whole entity, or remove the component with DELETE /component`);
  return p.enable ? putEnable(ctx, {}) : putDisable(ctx, {});
};

/** PUT /entity/<path>: creates the entity (and missing parents) at that path; an existing one is left as it is. */
export const putEntity4: Handler = (ctx) => {
  const { world } = ctx;
  // Levels are split before decoding, so an encoded '/' (%2F) stays inside a name and is refused there.
  const raw = localPath(ctx.rest).replace(/\/$/, '');
  const path = decodePath(raw);
  if (path === '') return errorReply(400, 'no entity path given: use PUT /entity/<path>, e.g. /entity/Sun/NewMoon');
  const names = raw.split('/').map(decodePath);
  if (names.some((n) => n === '' || /^\d+$/.test(n))) return errorReply(400, `entity path ${shown(path)} has an empty or numeric level: levels are names separated by '/'`);
  // Every level is checked before any is made: a bad one changes nothing.
  for (const name of names) {
    try {
      checkNameRule(name);
    } catch (err) {
      if (err instanceof EcsError) return errorReply(400, `cannot create ${shown(path)}: ${err.message}`);
      throw err;
    }
  }
  let parent: Entity = 0;
  for (const name of names) {
    // A child of this level only: lookup also answers '*', '_', '$' and 'this' with built-ins.
    const existing = world.lookup(name, '.', parent);
    if (existing !== 0 && world.parentOf(existing) === parent) { parent = existing; continue; }
    const check = parent === 0 ? undefined : resolveWritable(ctx, 'create entities under', undefined, String(parent));
    if (check && 'reply' in check) return check.reply;
    parent = world.entity({ name, parent: parent === 0 ? undefined : parent });
  }
  return EMPTY_OK;
};

/** DELETE /entity/<path>. */
export const deleteEntity4: Handler = (ctx) => putDelete(ctx, {});

/** PUT /script/…, /action/…, GET /call/…: no counterpart here; a 501 the explorer shows as an error. */
export const unsupported4: Handler = (ctx) => {
  const what = ctx.method === 'GET' ? 'functions (GET /call)' : 'Flecs Script and server actions (PUT /script, PUT /action)';
  return errorReply(501, `${what} are not supported by this host: it has no script runtime. Change the world with PUT /component, PUT /toggle, PUT and DELETE /entity`);
};
