// The Flecs 4 dialect's endpoint table (--compat flecs-4): the Flecs 4 REST API that today's Flecs
// explorer speaks, one row per endpoint in the shape of endpoint-row.ts, so routing, 405 + Allow,
// CORS methods, the reply cache, /openapi.json and the docs tables derive from it as they do for
// the contract. Replies are described loosely (their shapes are pinned by the Flecs 4 conformance
// suite against the reference's captures).
import { z } from 'zod';
import { FLECS_NAMES } from '../../json';
import { allowedBuiltins, entityPathParam, PATH_NOT_FOUND, sharedRows } from '../common';
import { endpoint, type Dialect, type EndpointRow, type TableOptions } from '../endpoint-row';
import { attachFlecs4 } from './state';
import { COMPONENT4_PARAMS, ENTITY4_PARAMS, STATS4_PARAMS, TOGGLE4_PARAMS, query4Params } from './params';
import {
  getCommandsCapture4, getCommandsFrame4, getComponent4, getComponents4, getEntity4, getQueries4, getQuery4, getStats4, getTables4,
  getTypeInfo4, getWorld4,
} from './read-handlers';
import { deleteComponent4, deleteEntity4, putComponent4, putEntity4, putToggle4, unsupported4 } from './write-handlers';

const PATH = entityPathParam(FLECS_NAMES);
const BUILTIN = 'the entity is built in (under flecs): it can be read but not changed';
const NONE = {};
const object = z.looseObject({});
const list = z.array(z.unknown());
const empty = z.looseObject({});

function rows(o: TableOptions): readonly EndpointRow[] {
  return [
    endpoint({
      path: '/entity/{path}', methods: ['GET'], summary: 'Read one entity: parent, name, tags, pairs, components (values), type_info, inherited, doc',
      pathParams: [PATH], params: ENTITY4_PARAMS, reply: object, cache: 'until-change', handler: getEntity4,
      errors: { 400: 'a parameter has a wrong value', 404: PATH_NOT_FOUND },
    }),
    endpoint({
      path: '/entity/{path}', methods: ['PUT'], summary: 'Create an entity (and missing parents) at the path; an existing one is left as is',
      pathParams: [PATH], params: NONE, reply: empty, cache: 'none', handler: putEntity4, errors: { 400: 'an empty or numeric level, or a level that is not a valid name (nothing is created)', 403: BUILTIN },
    }),
    endpoint({
      path: '/entity/{path}', methods: ['DELETE'], summary: 'Delete an entity and its children',
      pathParams: [PATH], params: NONE, reply: empty, cache: 'none', handler: deleteEntity4,
      errors: { 403: `${BUILTIN}; or it is a component or module`, 404: PATH_NOT_FOUND },
    }),
    endpoint({
      path: '/component/{path}', methods: ['GET'], summary: 'Read one component value of an entity (null: no reflected data)',
      pathParams: [PATH], params: COMPONENT4_PARAMS, reply: z.unknown(), cache: 'until-change', handler: getComponent4,
      errors: { 400: 'component names no entity', 404: `${PATH_NOT_FOUND}, or the entity does not have the component` },
    }),
    endpoint({
      path: '/component/{path}', methods: ['PUT'], summary: 'Add a component, tag or pair, or write the members given in value',
      pathParams: [PATH], params: COMPONENT4_PARAMS, reply: empty, cache: 'none', handler: putComponent4,
      errors: { 400: 'component names no entity, value is not JSON or does not fit the type (nothing changes)', 403: `${BUILTIN}; a built-in id other than ${allowedBuiltins('flecs', true)}; a ChildOf/IsA target under flecs`, 404: PATH_NOT_FOUND },
    }),
    endpoint({
      path: '/component/{path}', methods: ['DELETE'], summary: 'Remove a component, tag or pair',
      pathParams: [PATH], params: COMPONENT4_PARAMS, reply: empty, cache: 'none', handler: deleteComponent4,
      errors: { 400: 'component names no entity', 403: `${BUILTIN}; a built-in id other than ${allowedBuiltins('flecs', true)}`, 404: PATH_NOT_FOUND },
    }),
    endpoint({
      path: '/toggle/{path}', methods: ['PUT'], summary: 'Enable (enable=true) or disable (enable=false) an entity',
      pathParams: [PATH], params: TOGGLE4_PARAMS, reply: empty, cache: 'none', handler: putToggle4,
      errors: { 400: 'enable missing, or component given (not supported)', 403: BUILTIN, 404: PATH_NOT_FOUND },
    }),
    endpoint({
      path: '/query', methods: ['GET'], summary: 'Run a query (expr, Flecs 4 syntax) or a named query (name): one result per entity with fields and vars',
      pathParams: [], params: query4Params(o.maxLimit), reply: z.looseObject({ results: list.optional() }), handler: getQuery4,
      cache: 'until-change', uncachedWhen: (p) => p.query_profile,
      errors: { 400: 'malformed query (with position), missing expr, a bad parameter', 404: 'no named query has that name' },
    }),
    endpoint({
      path: '/world', methods: ['GET'], summary: 'Every entity outside the built-in modules, as entity replies',
      pathParams: [], params: NONE, reply: z.looseObject({ results: list }), cache: 'until-change', handler: getWorld4, errors: {},
    }),
    endpoint({
      path: '/components', methods: ['GET'], summary: 'Every id in use: tables, entity count, type, memory, traits',
      pathParams: [], params: NONE, reply: list, cache: 'until-change', handler: getComponents4, errors: {},
    }),
    endpoint({
      path: '/queries', methods: ['GET'], summary: 'The named queries and systems with their expression and counts',
      pathParams: [], params: NONE, reply: list, cache: 'until-change', handler: getQueries4, errors: {},
    }),
    endpoint({
      path: '/tables', methods: ['GET'], summary: 'Every table: type, count, memory',
      pathParams: [], params: NONE, reply: list, cache: 'until-change', handler: getTables4, errors: {},
    }),
    endpoint({
      path: '/type_info/{path}', methods: ['GET'], summary: 'The reflection schema of a component (0: none)',
      pathParams: [PATH], params: NONE, reply: z.unknown(), cache: 'until-change', handler: getTypeInfo4, errors: { 404: PATH_NOT_FOUND },
    }),
    endpoint({
      path: '/stats/{category}', methods: ['GET'], summary: 'World (/stats/world) or pipeline (/stats/pipeline?name=all) statistics, 60 samples per metric',
      pathParams: [{ name: 'category', description: 'world or pipeline', required: true }], params: STATS4_PARAMS,
      reply: [z.record(z.string(), z.unknown()), list], cache: 'none', handler: getStats4,
      errors: { 400: 'a bad period or name', 404: 'an unknown category, or the monitor is off (--no-monitor)' },
    }),
    endpoint({
      path: '/commands/capture', methods: ['GET'], summary: 'The last finished frame whose queued commands are recorded',
      pathParams: [], params: NONE, reply: z.object({ frame: z.number() }), cache: 'none', handler: getCommandsCapture4, errors: {},
    }),
    endpoint({
      path: '/commands/frame/{frame}', methods: ['GET'], summary: 'The commands of a recorded frame, one sync (merge) at a time',
      pathParams: [{ name: 'frame', description: 'frame number from /commands/capture', required: true }], params: NONE,
      reply: z.object({ syncs: list }), cache: 'none', handler: getCommandsFrame4, errors: { 400: 'not a frame number', 404: 'the frame is not (or no longer) recorded' },
    }),
    ...(['/script/{path}', '/action/{path}'] as const).map((path) => endpoint({
      path, methods: ['PUT'], summary: 'Not supported (no script runtime): 501 with the reason', pathParams: [PATH], params: NONE,
      reply: empty, cache: 'none', handler: unsupported4, errors: { 501: 'always: this host has no script runtime (the error says so)' },
    })),
    endpoint({
      path: '/call/{path}', methods: ['GET'], summary: 'Not supported (no script functions): 501 with the reason', pathParams: [PATH], params: NONE,
      reply: empty, cache: 'none', handler: unsupported4, errors: { 501: 'always: this host has no script runtime (the error says so)' },
    }),
    ...sharedRows(o, FLECS_NAMES),
  ];
}

/** --compat flecs-4: the Flecs 4 REST API over the same world and query engine. */
export const FLECS_4: Dialect = { name: 'flecs-4', names: FLECS_NAMES, rows, attach: attachFlecs4 };
