// The contract's endpoint table (and, with the reference's query limits, the flecs-3.2 dialect's):
// one row per endpoint, written once. See endpoint-row.ts for what derives from it.
//
// How to add an endpoint (here, to another dialect's table, or to common/shared-rows.ts for every
// dialect): docs/adding-an-endpoint.md.
import { FLECS_NAMES, WORLD_NAMES, type DialectNames } from '../../json';
import {
  COMPAT_LIMIT_RULE, CONTRACT_LIMIT_RULE, DEFAULT_MAX_QUERY_STEPS, MAX_QUERY_NESTING, MAX_QUERY_TERMS, MAX_QUERY_VARIABLES, ENTITY_PARAMS, EXPLAIN_PARAMS, explainReplySchema, SET_PARAMS, STATS_PARAMS, emptyReplySchema,
  entityReplySchema, queryParams, BREAKPOINT_PARAMS, breakpointsReplySchema, putBreakpointReplySchema,
  queryReplySchema, statsPipelineReplySchema, statsWorldReplySchema, tablesReplySchema, worldReplySchema, type QueryLimitRule,
} from '../../protocol';
import { allowedBuiltins, entityPathParam, PATH_NOT_FOUND, putDelete, putDisable, putEnable, sharedRows } from '../common';
import { deleteBreakpoint, getBreakpoints, putBreakpoint } from './breakpoint-handlers';
import { buildRows } from './build-rows';
import { endpoint, type Dialect, type EndpointRow, type TableOptions } from '../endpoint-row';
import { getEntity } from './get-entity';
import { getExplain } from './get-explain';
import { getQuery } from './get-query';
import { getStats, STATS_ERRORS } from './get-stats';
import { getTables } from './get-tables';
import { getWorld } from './get-world';
import { putSet } from './put-set';

const BUILTIN = 'the entity is built in (under ecs): it can be read but not changed';
const NO_PARAMS = {};
/** The size limits of a query expression, refused before it runs. */
const QUERY_SIZE = `more than ${MAX_QUERY_TERMS} terms, ${MAX_QUERY_VARIABLES} variables or ${MAX_QUERY_NESTING} levels of nested scopes (refused when parsed, with position)`;

/** The rows of the contract's endpoints; `rule` is the dialect's reading of /query's limit. */
function contractRows(o: TableOptions, rule: QueryLimitRule, build: boolean, names: DialectNames): readonly EndpointRow[] {
  const ENTITY_PATH = entityPathParam(names);
  const steps = o.maxQuerySteps ?? DEFAULT_MAX_QUERY_STEPS;
  return [
    endpoint({
      path: '/entity/{path}', methods: ['GET'], summary: 'Read one entity: path, doc fields, ids, values, inherited components',
      pathParams: [ENTITY_PATH], params: ENTITY_PARAMS, reply: entityReplySchema, cache: 'until-change', handler: getEntity,
      errors: { 400: `a parameter has a wrong value; or matches=true needs more than ${steps} query evaluation steps (--max-query-steps)`, 404: PATH_NOT_FOUND },
    }),
    endpoint({
      path: '/query', methods: ['GET'], summary: 'Run a query (q) or a named query (name) and read the matched entities',
      pathParams: [], params: queryParams(o.maxLimit, rule), reply: queryReplySchema, handler: getQuery,
      // A reply that reports the time it took is not served again.
      cache: 'until-change', uncachedWhen: (p) => p.duration,
      errors: {
        400: `malformed query (error with position), ${QUERY_SIZE}, both or neither of q and name, a bad parameter or variable; `
          + `or the query needs more than ${steps} evaluation steps (--max-query-steps; the error carries max_query_steps and steps)`,
        404: 'no entity has the query name',
      },
    }),
    endpoint({
      path: '/explain/{path}', methods: ['GET'],
      summary: 'Whether an entity matches a query (q) or named query (name) and, term by term, on which source or why not',
      pathParams: [ENTITY_PATH], params: EXPLAIN_PARAMS, reply: explainReplySchema, cache: 'until-change', handler: getExplain,
      errors: {
        400: `malformed query (error with position), ${QUERY_SIZE}, both or neither of q and name, a bad variable; or more than ${steps} evaluation steps (--max-query-steps)`,
        404: `${PATH_NOT_FOUND}, or no entity has the query name`,
      },
    }),
    endpoint({
      path: '/enable/{path}', methods: ['PUT'], summary: 'Enable an entity (remove ecs.core.Disabled); no change when enabled',
      pathParams: [ENTITY_PATH], params: NO_PARAMS, reply: emptyReplySchema, cache: 'none', handler: putEnable,
      errors: { 403: BUILTIN, 404: PATH_NOT_FOUND },
    }),
    endpoint({
      path: '/disable/{path}', methods: ['PUT'], summary: 'Disable an entity (add ecs.core.Disabled); no change when disabled',
      pathParams: [ENTITY_PATH], params: NO_PARAMS, reply: emptyReplySchema, cache: 'none', handler: putDisable,
      errors: { 403: BUILTIN, 404: PATH_NOT_FOUND },
    }),
    endpoint({
      path: '/delete/{path}', methods: ['PUT'], summary: 'Delete an entity and its children',
      pathParams: [ENTITY_PATH], params: NO_PARAMS, reply: emptyReplySchema, cache: 'none', handler: putDelete,
      errors: { 403: `${BUILTIN}; or it is a component or module (it has (ecs.core.OnDelete, ecs.core.Panic))`, 404: PATH_NOT_FOUND },
    }),
    endpoint({
      path: '/set/{path}', methods: ['PUT'], summary: 'Set components atomically (ids without values add tags, pairs or default components)',
      pathParams: [ENTITY_PATH], params: SET_PARAMS, reply: emptyReplySchema, cache: 'none', handler: putSet,
      errors: { 400: 'missing or malformed data, an unknown id or member, a wrong value type (nothing is changed)', 403: `${BUILTIN}; a built-in id other than ${allowedBuiltins('ecs', true)}; the ChildOf of a component or module; a ChildOf/IsA target under ecs`, 404: PATH_NOT_FOUND },
    }),
    ...(build ? buildRows(names) : []),
    ...(build ? breakpointRows() : []),
    endpoint({
      path: '/stats/{category}/{period}', methods: ['GET'], summary: 'Statistics of the world or the pipeline (monitor module), 60 samples oldest first',
      pathParams: [
        { name: 'category', description: 'world or pipeline', required: true },
        { name: 'period', description: '1s, 1m, 1h, 1d or 1w (or ?period=; default 1s)', required: false },
      ],
      // Samples move every frame, so the world's changeCount does too: nothing to gain from keeping them.
      params: STATS_PARAMS, reply: [statsWorldReplySchema, statsPipelineReplySchema], cache: 'none', handler: getStats, errors: STATS_ERRORS,
    }),
    endpoint({
      path: '/world', methods: ['GET'], summary: 'Every user entity, table by table, with all ids and values',
      pathParams: [], params: NO_PARAMS, reply: worldReplySchema, cache: 'none', handler: getWorld, errors: {},
    }),
    endpoint({
      path: '/tables', methods: ['GET'], summary: 'Every table: type, entity count, approximate memory',
      pathParams: [], params: NO_PARAMS, reply: tablesReplySchema, cache: 'none', handler: getTables, errors: {},
    }),
    ...sharedRows(o, names),
  ];
}

/** The breakpoint endpoints (the contract's only: the reference servers had none). */
function breakpointRows(): readonly EndpointRow[] {
  // Breakpoints live beside the world, not in it: setting one is no input of the history (the pause a hit sets is).
  const NAME = { name: 'name', description: "the breakpoint's name: 1 to 64 letters, digits, '_', '-' or '.'", required: true };
  const NO_LOOP = 'the router runs no app loop (breakpoints need a host)';
  return [
    endpoint({
      path: '/breakpoint/{name}', methods: ['PUT'],
      summary: 'Create or replace a breakpoint (q, on, path, once), or enable/disable one: the world pauses after the frame it fires on',
      pathParams: [NAME], params: BREAKPOINT_PARAMS, reply: putBreakpointReplySchema, cache: 'none', handler: putBreakpoint, notAnInput: true,
      errors: {
        400: 'a bad name, query (error with position) or on; neither q nor enabled; a query that never uses $this; or it does not fit the per-frame watch budget beside the enabled breakpoints (the numbers are in the error)',
        404: 'path names no entity; enabled=… for a name that has no breakpoint', 501: NO_LOOP,
      },
    }),
    endpoint({
      path: '/breakpoint/{name}', methods: ['DELETE'], summary: 'Delete a breakpoint',
      pathParams: [NAME], params: NO_PARAMS, reply: emptyReplySchema, cache: 'none', handler: deleteBreakpoint, notAnInput: true,
      errors: { 404: 'no breakpoint has the name', 501: NO_LOOP },
    }),
    endpoint({
      path: '/breakpoints', methods: ['GET'], summary: 'Every breakpoint with its hits and last hit, the last hit of any, and their cost per frame',
      pathParams: [], params: NO_PARAMS, reply: breakpointsReplySchema, cache: 'none', handler: getBreakpoints, errors: { 501: NO_LOOP },
    }),
  ];
}

/** The contract (`ecs.*` names, the contract's shapes and limits). */
export const CONTRACT: Dialect = { name: 'contract', names: WORLD_NAMES, rows: (o) => contractRows(o, CONTRACT_LIMIT_RULE, true, WORLD_NAMES) };

/**
 * --compat flecs-3.2: the contract's endpoints with the reference server's query limits and names
 * (`flecs.*`; its shapes are an option of the same handlers). The 3.2 server had no verbs to build
 * the world (PUT|DELETE /entity answered 404), so neither has this dialect.
 */
export const FLECS_3_2: Dialect = { name: 'flecs-3.2', names: FLECS_NAMES, rows: (o) => contractRows(o, COMPAT_LIMIT_RULE, false, FLECS_NAMES) };
