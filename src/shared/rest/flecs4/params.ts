// The query-string parameters of the Flecs 4 dialect's endpoints, as zod schemas in the same
// ParamSpec form as the contract's: the router validates them before a handler runs. Parameters
// the reference accepts but that change nothing here (rows, full_paths, private, cache, label,
// try on reads of one entity) are listed so that they are documented, and accepted.
import { z } from 'zod';
import { AT_PARAM, boolParam, boolSpec, pageParams, STATS_PERIOD_NAMES, textSpec, type ParamSpecs, type ParamsOf } from '../../protocol';

/** Default `limit` of a Flecs 4 /query, in entities (as the reference documents it). */
export const FLECS4_DEFAULT_LIMIT = 1000;

const accepted = (what: string) => boolSpec(`accepted; ${what}`, false);

/** Parameters of GET /entity/<path>. */
export const ENTITY4_PARAMS = {
  ...AT_PARAM,
  entity_id: boolSpec('add the numeric entity id (id)', false),
  doc: boolSpec('add doc: label, brief, color, link', false),
  values: boolSpec('add component values (false: null for each)', true),
  type_info: boolSpec('add type_info, keyed as components (0: no reflection)', false),
  inherited: boolSpec('add inherited: the ids each IsA base contributes', false),
  builtin: boolSpec('also list the name and ChildOf ids', false),
  matches: boolSpec('add matches: the named queries and systems that match the entity', false),
  alerts: boolSpec('add alerts: the active alerts of the entity', false),
  try: accepted('an entity that is not found still answers 404'),
  full_paths: accepted('paths are always full'),
  private: accepted('private ids are always shown'),
  label: accepted('the name is always shown'),
  cache: accepted('replies are exact, never stale'),
} satisfies ParamSpecs;

/** Parameters of GET /query. */
export function query4Params(maxLimit: number) {
  return {
    ...AT_PARAM,
    expr: textSpec('query expression (Flecs 4 syntax, URL-encoded)', 'a query expression'),
    name: textSpec('path of a named query or system (instead of expr)', 'a query name'),
    ...pageParams('entities', FLECS4_DEFAULT_LIMIT, maxLimit),
    entity_ids: boolSpec('add id per result', false),
    doc: boolSpec('add doc per result', false),
    fields: boolSpec('add fields per result', true),
    values: boolSpec('add component values in fields', true),
    results: boolSpec('add results', true),
    query_info: boolSpec('add query_info: variables and terms', false),
    field_info: boolSpec('add field_info: per field id, optional, exclusive, type, schema', false),
    query_plan: boolSpec('add query_plan: the evaluation steps as text', false),
    query_profile: boolSpec('add query_profile: one timed evaluation', false),
    try: boolSpec('answer a malformed query with 200 and the error', false),
    rows: accepted('results are always one per entity'),
    full_paths: accepted('paths are always full'),
    cache: accepted('replies are exact, never stale'),
  } satisfies ParamSpecs;
}

/** Parameters of GET|PUT|DELETE /component/<path>. */
export const COMPONENT4_PARAMS = {
  component: { schema: z.string(), description: 'path of the component, tag or pair ((Rel,Target))', expected: 'a component path' },
  value: textSpec('PUT: JSON object of the members to write (URL-encoded); without it the component is added', 'a JSON object'),
} satisfies ParamSpecs;

/** Parameters of PUT /toggle/<path>. */
export const TOGGLE4_PARAMS = {
  enable: { schema: boolParam, description: 'true enables the entity, false disables it', expected: "'true' or 'false'" },
  component: textSpec('toggling a single component is not supported here', 'absent'),
} satisfies ParamSpecs;

/** Parameters of GET /stats/world and /stats/pipeline. */
export const STATS4_PARAMS = {
  period: { schema: z.enum(STATS_PERIOD_NAMES).default('1s'), description: 'sampling window', expected: STATS_PERIOD_NAMES.join(', ') },
  name: textSpec("pipeline: 'all' (or absent) for every system", "'all'"),
  try: accepted('errors still answer with their status'),
} satisfies ParamSpecs;

export type Entity4Params = ParamsOf<typeof ENTITY4_PARAMS>;
export type Query4Params = ParamsOf<ReturnType<typeof query4Params>>;
export type Component4Params = ParamsOf<typeof COMPONENT4_PARAMS>;
export type Toggle4Params = ParamsOf<typeof TOGGLE4_PARAMS>;
export type Stats4Params = ParamsOf<typeof STATS4_PARAMS>;
