// The endpoint table of the REST interface: method, path, parameters, reply and errors of each.
// The router takes methods (405 + Allow) from it and /openapi.json is generated from it.
import { z } from 'zod';
import { ENTITY_PARAMS, SET_PARAMS, STATS_PARAMS, queryParams, type ParamSpec } from './rest-params';
import {
  emptyReplySchema, entityReplySchema, queryReplySchema, statsWorldReplySchema, statsPipelineReplySchema,
  tablesReplySchema, worldReplySchema,
} from './rest-replies';

/** One endpoint of the interface. */
export interface EndpointSpec {
  /** First path segment that selects the endpoint (`entity` for /entity/<path>). */
  readonly segment: string;
  readonly method: 'GET' | 'PUT';
  /** OpenAPI path template. */
  readonly path: string;
  readonly summary: string;
  /** Path parameters after the segment, in order. */
  readonly pathParams: readonly { name: string; description: string; required: boolean }[];
  readonly params: Readonly<Record<string, ParamSpec>>;
  /** Reply of a 200, or several (e.g. stats: world or pipeline). */
  readonly reply: z.ZodType | readonly z.ZodType[];
  /** Error statuses and when they happen. */
  readonly errors: Readonly<Record<number, string>>;
}

const ENTITY_PATH = { name: 'path', description: "entity path, levels separated by '/'; a level of digits is an entity id", required: true };
const NOT_FOUND = 'the path names no entity';
const BUILTIN = 'the entity is built in (under ecs): it can be read but not changed';

/** Every endpoint; `maxLimit` is the server's largest query `limit`. */
export function restEndpoints(maxLimit?: number): readonly EndpointSpec[] {
  return [
    {
      segment: 'entity', method: 'GET', path: '/entity/{path}', summary: 'Read one entity: path, doc fields, ids, values, inherited components',
      pathParams: [ENTITY_PATH], params: ENTITY_PARAMS, reply: entityReplySchema,
      errors: { 400: 'a parameter has a wrong value', 404: NOT_FOUND },
    },
    {
      segment: 'query', method: 'GET', path: '/query', summary: 'Run a query (q) or a named query (name) and read the matched entities',
      pathParams: [], params: queryParams(maxLimit), reply: queryReplySchema,
      errors: {
        400: 'malformed query (error with position), both or neither of q and name, a bad parameter or variable',
        404: 'no entity has the query name',
      },
    },
    {
      segment: 'enable', method: 'PUT', path: '/enable/{path}', summary: 'Enable an entity (remove ecs.core.Disabled); no change when enabled',
      pathParams: [ENTITY_PATH], params: {}, reply: emptyReplySchema, errors: { 403: BUILTIN, 404: NOT_FOUND },
    },
    {
      segment: 'disable', method: 'PUT', path: '/disable/{path}', summary: 'Disable an entity (add ecs.core.Disabled); no change when disabled',
      pathParams: [ENTITY_PATH], params: {}, reply: emptyReplySchema, errors: { 403: BUILTIN, 404: NOT_FOUND },
    },
    {
      segment: 'delete', method: 'PUT', path: '/delete/{path}', summary: 'Delete an entity and its children',
      pathParams: [ENTITY_PATH], params: {}, reply: emptyReplySchema,
      errors: { 403: `${BUILTIN}; or it is a component or module (it has (ecs.core.OnDelete, ecs.core.Panic))`, 404: NOT_FOUND },
    },
    {
      segment: 'set', method: 'PUT', path: '/set/{path}', summary: 'Set components atomically (ids without values add tags, pairs or default components)',
      pathParams: [ENTITY_PATH], params: SET_PARAMS, reply: emptyReplySchema,
      errors: { 400: 'missing or malformed data, an unknown id or member, a wrong value type (nothing is changed)', 403: BUILTIN, 404: NOT_FOUND },
    },
    {
      segment: 'stats', method: 'GET', path: '/stats/{category}/{period}', summary: 'Statistics of the world or the pipeline (monitor module), 60 samples oldest first',
      pathParams: [
        { name: 'category', description: 'world or pipeline', required: true },
        { name: 'period', description: '1s, 1m, 1h, 1d or 1w (or ?period=; default 1s)', required: false },
      ],
      params: STATS_PARAMS, reply: [statsWorldReplySchema, statsPipelineReplySchema],
      errors: { 400: 'unknown category or period (the reply lists the accepted values)', 404: 'the monitor module is not enabled' },
    },
    {
      segment: 'world', method: 'GET', path: '/world', summary: 'Every user entity, table by table, with all ids and values',
      pathParams: [], params: {}, reply: worldReplySchema, errors: {},
    },
    {
      segment: 'tables', method: 'GET', path: '/tables', summary: 'Every table: type, entity count, approximate memory',
      pathParams: [], params: {}, reply: tablesReplySchema, errors: {},
    },
    {
      segment: 'openapi.json', method: 'GET', path: '/openapi.json', summary: 'This description of the interface (OpenAPI 3.1)',
      pathParams: [], params: {}, reply: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }), errors: {},
    },
  ];
}
