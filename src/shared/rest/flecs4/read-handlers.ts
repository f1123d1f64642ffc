// GET handlers of the Flecs 4 dialect: entity, query, component, world, the internals pages,
// statistics and the commands page. Paths, parameters and expressions are translated in with the
// names seam; the replies are built by this folder's serializers.
import type { Entity } from '../../ecs';
import { statsReply, type SystemStatsEntry } from '../../monitor';
import { alertsOf, decodePath, errorReply, isBuiltin, MONITOR_NOT_ENABLED, notFound, okText, resolveEntity, shown, withBudget } from '../common';
import { compileQuery, namedQuery, QueryParseError, type Query } from '../../query';
import type { Handler, RestReply, RouteContext } from '../types';
import { flecs4EntityText } from './entity-reply';
import { componentsText, queriesText, tablesText, typeInfoOf } from './internals';
import { localPath, wirePath } from './names';
import type { Component4Params, Entity4Params, Query4Params, Stats4Params } from './params';
import { fieldInfoText, queryInfoText, queryPlanText, queryProfileText } from './query-meta';
import { flecs4ResultsText } from './query-reply';
import { WORLD_MEMORY_PATH, worldMemoryText, worldSummaryParts } from './summary';
import { recorderOf } from './state';
import { resolveId } from './write-handlers';

/** The entity of a request path (`flecs/core/World`, `Sun/Earth`, an id), or the 404. */
export function entityOf(ctx: RouteContext): { entity: Entity } | { reply: RestReply } {
  // The dialect's names read flecs/… paths, so a 404 quotes the path as sent.
  return resolveEntity(ctx);
}

/** GET /entity/<path>. */
export const getEntity4: Handler<Entity4Params> = (ctx, p) => {
  // The overview's memory panel reads a WorldMemory entity this world has no need to keep.
  if (decodePath(ctx.rest).replace(/\/$/, '') === WORLD_MEMORY_PATH) return okText(worldMemoryText(ctx.world));
  const found = entityOf(ctx);
  if ('reply' in found) return found.reply;
  const { world } = ctx, e = found.entity;
  // Like every request's queries, the named queries tried for `matches` spend from the request's budget.
  return withBudget(ctx, MATCHES_NARROWING, (budget) => okText(flecs4EntityText(world, e, {
    entity_id: p.entity_id, doc: p.doc, values: p.values, type_info: p.type_info, inherited: p.inherited, builtin: p.builtin,
    matches: p.matches, alerts: p.alerts, alertsOf: p.alerts ? (x) => alertsOf(world, x, ctx.names) : undefined,
    extra: e === world.core.World ? worldSummaryParts(world, ctx.options.app) : undefined, queryBudget: budget,
  })));
};

/** How to narrow a Flecs 4 request whose queries ran past the budget. */
const NARROWING = 'Narrow it: add terms that match fewer entities before the terms with variables, or leave out query_profile.';
const MATCHES_NARROWING = 'The named queries checked for matches=true need that work: leave out matches=true, or run them one at a time with /query?name=<query>.';

function queryOf(ctx: RouteContext, o: Query4Params): { query: Query } | { reply: RestReply } {
  const status = o.try ? 200 : 400;
  if (o.name !== undefined) {
    const e = ctx.world.lookup(localPath(o.name));
    const nq = e === 0 ? undefined : namedQuery(ctx.world, e);
    return nq ? { query: nq.query } : { reply: errorReply(o.try ? 200 : 404, `no named query ${shown(o.name)}: give the path of a named query or system, or use expr=<expression>`) };
  }
  if (o.expr === undefined) return { reply: errorReply(400, "missing parameter 'expr': use /query?expr=<expression>, e.g. /query?expr=Position") };
  try {
    // Names are read through the dialect's (flecs.* -> this world's), so an error's excerpt and
    // position are those of the expression as sent.
    const { world, names } = ctx;
    return { query: ctx.queries ? ctx.queries.get(o.expr).query : compileQuery(world, o.expr, (text) => names.lookupSymbol(world, text)) };
  } catch (err) {
    if (err instanceof QueryParseError) return { reply: errorReply(status, err.message, { position: err.position }) };
    return { reply: errorReply(status, `invalid query ${shown(o.expr)}: ${(err as Error).message}`) };
  }
}

/** GET /query?expr=… (or name=…). */
export const getQuery4: Handler<Query4Params> = (ctx, o) => {
  const found = queryOf(ctx, o);
  if ('reply' in found) return found.reply;
  const { world } = ctx, q = found.query;
  // The profile's evaluation and the results' draw from one request budget (--max-query-steps).
  return withBudget(ctx, NARROWING, (budget) => {
    const out: string[] = [];
    if (o.field_info) out.push(`"field_info":${fieldInfoText(world, q)}`);
    if (o.query_info) out.push(`"query_info":${queryInfoText(world, q)}`);
    if (o.query_plan) out.push(`"query_plan":${queryPlanText(world, q)}`);
    if (o.query_profile) out.push(`"query_profile":${queryProfileText(q, budget)}`);
    if (o.results) {
      out.push(`"results":${flecs4ResultsText(world, q, { entity_ids: o.entity_ids, doc: o.doc, fields: o.fields, values: o.values, offset: o.offset, limit: o.limit }, budget)}`);
    }
    return okText(`{${out.join(',')}}`);
  });
};

/** GET /component/<path>?component=…: the value, `null` for a tag or a component without reflection. */
export const getComponent4: Handler<Component4Params> = (ctx, p) => {
  const found = entityOf(ctx);
  if ('reply' in found) return found.reply;
  const id = resolveId(ctx, p.component);
  if (typeof id === 'object') return id.reply;
  const { world } = ctx;
  if (!world.has(found.entity, id)) return notFound(`${shown(ctx.names.pathOf(world, found.entity))} has no ${shown(p.component)}`);
  const value = world.dataOf(id)?.schema ? world.getValue(found.entity, id) : null;
  return okText(JSON.stringify(value ?? null));
};

/** GET /world: every entity outside the built-in modules, as entity replies. */
export const getWorld4: Handler = (ctx) => {
  const { world } = ctx;
  const out: string[] = [];
  for (const table of world.tables.values()) {
    if (table.flags.prefab) continue;
    for (const e of table.entities) if (!isBuiltin(world, e) && !world.owns(e, world.core.Module)) out.push(flecs4EntityText(world, e, {}));
  }
  return okText(`{"results":[${out.join(',')}]}`);
};

/** GET /components. */
export const getComponents4: Handler = (ctx) => okText(componentsText(ctx.world));
/** GET /queries. */
export const getQueries4: Handler = (ctx) => okText(queriesText(ctx.world));
/** GET /tables. */
export const getTables4: Handler = (ctx) => okText(tablesText(ctx.world));

/** GET /type_info/<path>. */
export const getTypeInfo4: Handler = (ctx) => {
  const found = entityOf(ctx);
  return 'reply' in found ? found.reply : okText(typeInfoOf(ctx.world, found.entity));
};

/** GET /stats/world and /stats/pipeline (`?period=`, pipeline `?name=all`). */
export const getStats4: Handler<Stats4Params> = (ctx, p) => {
  const category = decodePath(ctx.rest).replace(/\/$/, '');
  if (category !== 'world' && category !== 'pipeline') return errorReply(404, `unknown statistics ${shown(category)}: use /stats/world or /stats/pipeline`);
  const { world } = ctx;
  if (category === 'pipeline' && p.name !== undefined && p.name !== 'all') {
    return errorReply(400, `parameter 'name' must be 'all' (this world has one pipeline), got ${shown(p.name)}`);
  }
  const stats = statsReply(world, category, p.period);
  if (!stats) return errorReply(404, MONITOR_NOT_ENABLED);
  if (category === 'world') return okText(JSON.stringify(stats));
  const systems = (stats as Partial<SystemStatsEntry>[]).filter((s): s is SystemStatsEntry => typeof s.name === 'string');
  return okText(JSON.stringify(systems.map((s) => {
    const e = world.lookup(s.name);
    return { name: wirePath(s.name), disabled: e !== 0 && !world.isEnabled(e), matched_table_count: s.matched_table_count, matched_entity_count: s.matched_entity_count, time_spent: s.time_spent };
  })));
};

const NOT_RECORDING = 'commands are recorded only while the Flecs 4 dialect serves the world (--compat flecs-4)';

/** GET /commands/capture: the last finished frame, whose commands /commands/frame/<n> gives. */
export const getCommandsCapture4: Handler = (ctx) => {
  const recorder = recorderOf(ctx.world);
  return recorder ? okText(JSON.stringify({ frame: recorder.captureFrame() })) : errorReply(404, NOT_RECORDING);
};

/** GET /commands/frame/<n>: the syncs of a recorded frame. */
export const getCommandsFrame4: Handler = (ctx) => {
  const recorder = recorderOf(ctx.world);
  if (!recorder) return errorReply(404, NOT_RECORDING);
  const rest = decodePath(ctx.rest);
  const m = /^(\d{1,15})\/?$/.exec(rest);
  if (!m) return errorReply(400, `frame ${shown(rest)} is not a frame number: use /commands/capture, then /commands/frame/<frame>`);
  const text = recorder.frameText(Number(m[1]));
  return text === undefined
    ? notFound(`frame ${m[1]} is not recorded: frames of the last minute are kept; ask /commands/capture for the latest`)
    : okText(text);
};

