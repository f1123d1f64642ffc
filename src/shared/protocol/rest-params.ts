// The query-string parameters of every REST endpoint, as zod schemas: the one place where a
// parameter's type, accepted values and default live. The router validates every request with
// them before a handler runs (rest/validate-params.ts), the serializers take their defaults from
// them (paramDefaults), and GET /openapi.json and the docs tables are generated from them, so none
// of these can disagree. Values arrive as decoded strings; booleans are exactly "true" or
// "false", integers are decimal digits.
import { z } from 'zod';
import { BREAK_ON, COMPAT_DEFAULT_LIMIT, DEFAULT_LIMIT, DEFAULT_MAX_LIMIT, STATS_PERIOD_NAMES } from './constants';

/** One documented parameter: its schema (with its default, if any), what it does and what it accepts. */
export interface ParamSpec<S extends z.ZodType = z.ZodType> {
  /** Parses the decoded text (undefined when absent) into the value the handler gets; a `.default()` is the parameter's default. */
  readonly schema: S;
  readonly description: string;
  /** What a valid value looks like, for error messages ("'true' or 'false'"). */
  readonly expected: string;
}

/** A table of parameters by name. */
export type ParamSpecs = Readonly<Record<string, ParamSpec>>;

/** The parsed parameters of a table: each schema's output (defaults filled in). */
export type ParamsOf<P extends ParamSpecs> = { readonly [K in keyof P]: z.output<P[K]['schema']> };

/** A boolean parameter: exactly "true" or "false". */
export const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A decimal integer parameter from 0 to `max`. */
export function intParam(max: number) {
  return z.string().regex(/^\d{1,15}$/).transform(Number).pipe(z.number().int().min(0).max(max));
}

/** A boolean parameter with its default; every dialect's tables build theirs with it. */
export function boolSpec(description: string, dflt: boolean) {
  return { schema: boolParam.default(dflt), description, expected: "'true' or 'false'" } satisfies ParamSpec;
}

/** An optional text parameter; `expected` says what a valid value looks like. */
export function textSpec(description: string, expected: string) {
  return { schema: z.string().optional(), description, expected } satisfies ParamSpec;
}

/** An integer parameter from 0 to `max` with its default. */
export function intSpec(description: string, dflt: number, max: number) {
  return { schema: intParam(max).default(dflt), description, expected: `an integer from 0 to ${max}` } satisfies ParamSpec;
}

/**
 * The paging parameters of every paged endpoint (json/page.ts applies them): skip the first
 * `offset` items, return at most `limit` (default `dflt`, capped at `maxLimit`). `items` names
 * what is paged ('entities', 'children'); `zeroMeansMax` reads limit=0 as "up to maxLimit" (the
 * 3.2 reference's rule) instead of "none".
 */
export function pageParams(items: string, dflt: number, maxLimit: number, zeroMeansMax = false) {
  const d = Math.min(dflt, maxLimit);
  const most = `return at most limit ${items} (default ${d}, at most ${maxLimit}`;
  const limit = zeroMeansMax
    ? { ...intSpec(`${most}; 0: up to ${maxLimit})`, d, maxLimit), schema: intParam(maxLimit).default(d).transform((n) => (n === 0 ? maxLimit : n)) }
    : intSpec(`${most})`, d, maxLimit);
  return {
    offset: { schema: intParam(Number.MAX_SAFE_INTEGER).default(0), description: `skip the first offset ${items}`, expected: 'an integer of 0 or more' },
    limit,
  } satisfies ParamSpecs;
}

/** Largest frame number `at` and `frame` accept (frames are counted from 0 by the app). */
export const MAX_FRAME = Number.MAX_SAFE_INTEGER;

/** The `at` parameter of reads that can answer from the past (GET /entity, GET /query, both dialects). */
export const AT_PARAM = {
  at: {
    schema: intParam(MAX_FRAME).optional(),
    description: 'answer as the world was after this frame (history on: GET /history gives the readable frames; 404 outside them, 400 with history off)',
    expected: 'a frame number',
  },
} satisfies ParamSpecs;

/** Parameters of PUT /history/restore. */
export const HISTORY_RESTORE_PARAMS = {
  frame: { schema: intParam(MAX_FRAME), description: 'the frame to make the live world (see GET /history for the readable frames)', expected: 'a frame number' },
} satisfies ParamSpecs;

/** Parameters of GET /history/export. */
export const HISTORY_EXPORT_PARAMS = {
  to: { schema: intParam(MAX_FRAME).optional(), description: 'the last frame the file holds (default: the last recorded; see GET /history)', expected: 'a frame number' },
} satisfies ParamSpecs;

/** Parameters of PUT /history/view: the recorded frame the viewport draws instead of the live world. */
export const HISTORY_VIEW_PARAMS = {
  frame: { schema: intParam(MAX_FRAME), description: 'the recorded frame the viewport draws, marked as the past (see GET /history for the readable frames)', expected: 'a frame number' },
} satisfies ParamSpecs;

/** Parameters of GET /entity/<path>. */
export const ENTITY_PARAMS = {
  ...AT_PARAM,
  path: boolSpec('add the path of the entity (dotted)', true),
  label: boolSpec('add the label: doc name, else name, else id', false),
  brief: boolSpec('add the doc brief, when set', false),
  link: boolSpec('add the doc link, when set', false),
  color: boolSpec('add the doc color, when set', false),
  ids: boolSpec('add the ids the entity owns', true),
  id_labels: boolSpec('add labels of the ids', false),
  base: boolSpec('add the components inherited through IsA (is_a)', true),
  values: boolSpec('add component values aligned with ids (0: nothing to show)', false),
  private: boolSpec('include private ids (name, ChildOf, IsA, doc descriptions)', false),
  type_info: boolSpec('add reflection data aligned with ids (0: none)', false),
  alerts: boolSpec('add the active alerts of the entity (monitor module)', false),
  matches: boolSpec('add the paths of the named queries and systems that match the entity', false),
  refs: textSpec("add the entities that point at this one through a relationship (path, or '*' for all)", 'a relationship path or *'),
} satisfies ParamSpecs;

/** Parsed parameters of GET /entity/<path>. */
export type EntityParams = ParamsOf<typeof ENTITY_PARAMS>;

/** How a dialect reads /query's `limit`. */
export interface QueryLimitRule {
  /** Default limit (entities); capped at the server's largest. */
  readonly defaultLimit: number;
  /** True when limit=0 means "up to the largest" (the reference server's rule) rather than "none". */
  readonly zeroMeansMax: boolean;
}

/** The contract's limit rule: 100 by default, 0 returns none. */
export const CONTRACT_LIMIT_RULE: QueryLimitRule = { defaultLimit: DEFAULT_LIMIT, zeroMeansMax: false };
/** The reference server's (flecs 3.2) limit rule: 1000 by default, 0 means up to the largest. */
export const COMPAT_LIMIT_RULE: QueryLimitRule = { defaultLimit: COMPAT_DEFAULT_LIMIT, zeroMeansMax: true };

/** Parameters of GET /query; `maxLimit` is the server's largest `limit`, `rule` the dialect's reading of it. */
export function queryParams(maxLimit = DEFAULT_MAX_LIMIT, rule: QueryLimitRule = CONTRACT_LIMIT_RULE) {
  const page = pageParams('entities (counted across results)', rule.defaultLimit, maxLimit, rule.zeroMeansMax);
  return {
    ...AT_PARAM,
    q: textSpec('query expression in the query DSL (URL-encoded)', 'a query expression'),
    name: textSpec('path of a named query, filter, rule or system (instead of q)', 'a query name'),
    vars: textSpec("variable values of a rule: 'food:Apples', several separated by ',', optionally in ( )", 'name:entity pairs'),
    try: boolSpec('answer a malformed query with 200 and the error (live validation)', false),
    ...page,
    term_ids: boolSpec('add the top-level ids array (terms as written)', false),
    term_labels: boolSpec('add the top-level id_labels array', false),
    ids: boolSpec('add per-result ids (as matched)', false),
    id_labels: boolSpec('add per-result id_labels', false),
    sources: boolSpec('add per-result sources (0: the entity itself)', false),
    variables: boolSpec('add per-result variable values', true),
    is_set: boolSpec('add per-result is_set (whether each term matched)', false),
    values: boolSpec('add per-result component values', false),
    entities: boolSpec('add per-result entities (and parent)', true),
    entity_labels: boolSpec('add per-result entity labels', false),
    entity_ids: boolSpec('add per-result numeric entity ids', false),
    variable_labels: boolSpec('add per-result variable labels', false),
    variable_ids: boolSpec('add per-result numeric variable ids', false),
    duration: boolSpec('add the top-level duration (seconds)', false),
    type_info: boolSpec('add the top-level type_info array (0: no reflection)', false),
    colors: boolSpec('add per-result doc colors of the entities, when any has one', false),
    results: boolSpec('add the results array', true),
    count: boolSpec('add the top-level count: entities matched in all, whatever offset and limit', false),
  } satisfies ParamSpecs;
}

/** Parsed parameters of GET /query. */
export type QueryParams = ParamsOf<ReturnType<typeof queryParams>>;

/** Parameters of GET /explain/<path>: the query as /query takes it (q or name, and vars), one source. */
export const EXPLAIN_PARAMS = (({ q, name, vars }) => ({ q, name, vars }))(queryParams()) satisfies ParamSpecs;

/** Parsed parameters of GET /explain/<path>. */
export type ExplainParams = ParamsOf<typeof EXPLAIN_PARAMS>;

/** Parameters of PUT /breakpoint/<name>. */
export const BREAKPOINT_PARAMS = {
  q: textSpec('the query whose entities the breakpoint watches (creates or replaces it); leave it out to only enable or disable one', 'a query expression, e.g. Fuel.value < 10'),
  path: textSpec('watch only this entity (dotted or /-separated path); with on=change, its matched values too', 'an entity path, e.g. Ship3'),
  on: { schema: z.enum(BREAK_ON).default('enter'), description: `fire when an entity starts matching (enter, the default), stops matching (leave), or the result changes (change)`, expected: BREAK_ON.map((o) => `'${o}'`).join(', ') },
  once: boolSpec('disable the breakpoint after its first hit', false),
  enabled: { schema: boolParam.optional(), description: 'enable or disable (default on creation: true)', expected: "'true' or 'false'" },
} satisfies ParamSpecs;

/** Parsed parameters of PUT /breakpoint/<name>. */
export type BreakpointParams = ParamsOf<typeof BREAKPOINT_PARAMS>;

/** Parameters of PUT /set/<path>. */
export const SET_PARAMS = {
  data: {
    schema: z.string(), description: 'JSON object {"ids": [[id], [rel, target]], "values": [{member: value}]} (URL-encoded)',
    expected: 'a JSON object, sent as /set/<path>?data={"ids":[["Position"]],"values":[{"x":1,"y":2}]} (URL-encoded)',
  },
} satisfies ParamSpecs;

/** Parameters of GET /stats/<category>[/<period>]. */
export const STATS_PARAMS = {
  period: {
    schema: z.enum(STATS_PERIOD_NAMES).default('1s'), description: 'sampling period, when not given in the path',
    expected: `one of ${STATS_PERIOD_NAMES.join(', ')}`,
  },
} satisfies ParamSpecs;

/** Parsed parameters of PUT /set/<path>. */
export type SetParams = ParamsOf<typeof SET_PARAMS>;

/** Parsed parameters of GET /stats/<category>[/<period>]. */
export type StatsParams = ParamsOf<typeof STATS_PARAMS>;

/** The zod object of a parameter table (unknown parameters are ignored). */
export function paramsSchema<P extends ParamSpecs>(specs: P): z.ZodType<ParamsOf<P>> {
  return z.object(Object.fromEntries(Object.entries(specs).map(([k, s]) => [k, s.schema]))) as unknown as z.ZodType<ParamsOf<P>>;
}

/** The parameters a request without any gets: every default of the table (absent where there is none). */
export function paramDefaults<P extends ParamSpecs>(specs: P): ParamsOf<P> {
  return Object.freeze(paramsSchema(specs).parse({}));
}

/** A parameter's default as a client would write it ('true', '100'), or undefined when it has none. */
export function documentedDefault(spec: ParamSpec): string | undefined {
  const r = spec.schema.safeParse(undefined);
  return r.success && r.data !== undefined ? String(r.data) : undefined;
}

/** The /set payload: the same layout as the entity reply's ids and values. */
export const setPayloadSchema = z.strictObject({
  ids: z.array(z.array(z.string().min(1)).min(1).max(2)).default([]),
  values: z.array(z.unknown()).optional(),
});

/** A parsed /set payload. */
export type SetPayload = z.infer<typeof setPayloadSchema>;
