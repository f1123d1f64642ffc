// The query-string parameters of every REST endpoint, as zod schemas. The router validates with
// them and GET /openapi.json is generated from them, so the two cannot disagree. Values arrive as
// decoded strings; booleans are exactly "true" or "false", integers are decimal digits.
import { z } from 'zod';
import { DEFAULT_LIMIT, DEFAULT_MAX_LIMIT, STATS_PERIOD_NAMES } from './constants';

/** One documented parameter: its schema, what it does, its default and what it accepts. */
export interface ParamSpec {
  readonly schema: z.ZodType;
  readonly description: string;
  /** Default as the client would write it (documentation only; the serializers apply defaults). */
  readonly default?: string;
  /** What a valid value looks like, for error messages ("true or false"). */
  readonly expected: string;
}

/** A boolean parameter: exactly "true" or "false". */
export const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A decimal integer parameter from 0 to `max`. */
export function intParam(max: number) {
  return z.string().regex(/^\d{1,15}$/).transform(Number).pipe(z.number().int().min(0).max(max));
}

function bool(description: string, dflt: boolean): ParamSpec {
  return { schema: boolParam.optional(), description, default: String(dflt), expected: "'true' or 'false'" };
}

function text(description: string, expected: string): ParamSpec {
  return { schema: z.string().optional(), description, expected };
}

/** Parameters of GET /entity/<path>. */
export const ENTITY_PARAMS: Readonly<Record<string, ParamSpec>> = {
  path: bool('add the path of the entity (dotted)', true),
  label: bool('add the label: doc name, else name, else id', false),
  brief: bool('add the doc brief, when set', false),
  link: bool('add the doc link, when set', false),
  color: bool('add the doc color, when set', false),
  ids: bool('add the ids the entity owns', true),
  id_labels: bool('add labels of the ids', false),
  base: bool('add the components inherited through IsA (is_a)', true),
  values: bool('add component values aligned with ids (0: nothing to show)', false),
  private: bool('include private ids (name, ChildOf, IsA, doc descriptions)', false),
  type_info: bool('add reflection data aligned with ids (0: none)', false),
  alerts: bool('add the active alerts of the entity (monitor module)', false),
  matches: bool('add the paths of the named queries and systems that match the entity', false),
  refs: text("add the entities that point at this one through a relationship (path, or '*' for all)", 'a relationship path or *'),
};

/** Parameters of GET /query; `maxLimit` is the server's largest `limit`. */
export function queryParams(maxLimit = DEFAULT_MAX_LIMIT): Readonly<Record<string, ParamSpec>> {
  const int = (description: string, dflt: number, max: number): ParamSpec => ({
    schema: intParam(max).optional(), description, default: String(dflt), expected: `an integer from 0 to ${max}`,
  });
  return {
    q: text('query expression in the query DSL (URL-encoded)', 'a query expression'),
    name: text('path of a named query, filter, rule or system (instead of q)', 'a query name'),
    vars: text("variable values of a rule: 'food:Apples', several separated by ',', optionally in ( )", 'name:entity pairs'),
    try: bool('answer a malformed query with 200 and the error (live validation)', false),
    offset: int('skip the first offset entities (counted across results)', 0, Number.MAX_SAFE_INTEGER),
    limit: int(`return at most limit entities (at most ${maxLimit})`, DEFAULT_LIMIT, maxLimit),
    term_ids: bool('add the top-level ids array (terms as written)', false),
    term_labels: bool('add the top-level id_labels array', false),
    ids: bool('add per-result ids (as matched)', false),
    id_labels: bool('add per-result id_labels', false),
    sources: bool('add per-result sources (0: the entity itself)', false),
    variables: bool('add per-result variable values', true),
    is_set: bool('add per-result is_set (whether each term matched)', false),
    values: bool('add per-result component values', false),
    entities: bool('add per-result entities (and parent)', true),
    entity_labels: bool('add per-result entity labels', false),
    entity_ids: bool('add per-result numeric entity ids', false),
    variable_labels: bool('add per-result variable labels', false),
    variable_ids: bool('add per-result numeric variable ids', false),
    duration: bool('add the top-level duration (seconds)', false),
    type_info: bool('add the top-level type_info array (0: no reflection)', false),
    colors: bool('add per-result doc colors of the entities, when any has one', false),
    results: bool('add the results array', true),
    count: bool('add the top-level count: entities matched in all, whatever offset and limit', false),
  };
}

/** Parameters of PUT /set/<path>. */
export const SET_PARAMS: Readonly<Record<string, ParamSpec>> = {
  data: { schema: z.string(), description: 'JSON object {"ids": [[id], [rel, target]], "values": [{member: value}]} (URL-encoded)', expected: 'a JSON object' },
};

/** Parameters of GET /stats/<category>[/<period>]. */
export const STATS_PARAMS: Readonly<Record<string, ParamSpec>> = {
  period: {
    schema: z.enum(STATS_PERIOD_NAMES).optional(), description: 'sampling period (when not given in the path)', default: '1s',
    expected: `one of ${STATS_PERIOD_NAMES.join(', ')}`,
  },
};

/** The zod object of a parameter table (unknown parameters are ignored). */
export function paramsSchema(specs: Readonly<Record<string, ParamSpec>>) {
  return z.object(Object.fromEntries(Object.entries(specs).map(([k, s]) => [k, s.schema])));
}

/** The /set payload: the same layout as the entity reply's ids and values. */
export const setPayloadSchema = z.strictObject({
  ids: z.array(z.array(z.string().min(1)).min(1).max(2)).default([]),
  values: z.array(z.unknown()).optional(),
});

/** A parsed /set payload. */
export type SetPayload = z.infer<typeof setPayloadSchema>;
