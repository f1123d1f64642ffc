// The JSON replies of the REST endpoints, as zod schemas (documentation in /openapi.json, and
// checks in tests). Numbers that cannot be represented (NaN, infinities) are null.
import { z } from 'zod';
import { BREAK_ON } from './constants';

/** Every error reply; parse errors of queries also carry the 0-based position in the expression. */
export const errorReplySchema = z.object({
  error: z.string(),
  position: z.number().int().min(0).optional(),
});

/** The body of a successful PUT. */
export const emptyReplySchema = z.strictObject({});

/** An id as paths: [component] or [relationship, target]. */
export const idPathsSchema = z.array(z.string()).min(1).max(2);
/** A component value (an object of members), or 0 when there is nothing to show. */
export const valueSchema = z.union([z.literal(0), z.record(z.string(), z.unknown())]);
/** Reflection data of a type ({"x": ["float"]}), or 0 for none. */
export const typeInfoSchema = z.union([z.literal(0), z.record(z.string(), z.unknown())]);

/** One IsA base of an entity and the ids the entity inherits from it. */
export const baseEntrySchema = z.object({
  path: z.string(),
  ids: z.array(idPathsSchema),
  id_labels: z.array(idPathsSchema).optional(),
  values: z.array(valueSchema).optional(),
  type_info: z.array(typeInfoSchema).optional(),
});

/** One active alert of an entity: the alert's path, its message and its severity (Info, Warning, Error). */
export const alertInfoSchema = z.object({
  alert: z.string(),
  message: z.string(),
  severity: z.string(),
});

/** GET /entity/<path>. */
export const entityReplySchema = z.object({
  path: z.string().optional(),
  label: z.string().optional(),
  brief: z.string().optional(),
  link: z.string().optional(),
  color: z.string().optional(),
  is_a: z.array(baseEntrySchema).optional(),
  ids: z.array(idPathsSchema).optional(),
  id_labels: z.array(idPathsSchema).optional(),
  values: z.array(valueSchema).optional(),
  type_info: z.array(typeInfoSchema).optional(),
  alerts: z.array(alertInfoSchema).optional(),
  matches: z.array(z.string()).optional(),
  refs: z.record(z.string(), z.array(z.string())).optional(),
});

const entityOrId = z.union([z.string(), z.number().int()]);

/** One result of a query: a matched table (or binding), its entities and per-term data. */
export const queryResultSchema = z.object({
  ids: z.array(idPathsSchema).optional(),
  id_labels: z.array(idPathsSchema).optional(),
  sources: z.array(z.union([z.literal(0), z.string()])).optional(),
  // null: a variable that an optional term left unbound.
  variables: z.array(z.string().nullable()).optional(),
  variable_labels: z.array(z.string().nullable()).optional(),
  variable_ids: z.array(z.number().int().nullable()).optional(),
  // The same three as the reference names them (--compat flecs-3.2).
  vars: z.array(z.string().nullable()).optional(),
  var_labels: z.array(z.string().nullable()).optional(),
  var_ids: z.array(z.number().int().nullable()).optional(),
  is_set: z.array(z.boolean()).optional(),
  parent: z.string().optional(),
  entities: z.array(entityOrId).optional(),
  entity_labels: z.array(z.string()).optional(),
  entity_ids: z.array(z.number().int()).optional(),
  colors: z.array(z.string().nullable()).optional(),
  values: z.array(z.union([valueSchema, z.array(z.record(z.string(), z.unknown()))])).optional(),
});

/** GET /query. */
export const queryReplySchema = z.object({
  ids: z.array(idPathsSchema).optional(),
  id_labels: z.array(idPathsSchema).optional(),
  variables: z.array(z.string()).optional(),
  // Aligned with the terms; in compat mode (--compat flecs-3.2) an object keyed by component.
  type_info: z.union([z.array(typeInfoSchema), z.record(z.string(), typeInfoSchema)]).optional(),
  results: z.array(queryResultSchema).optional(),
  duration: z.number().min(0).optional(),
  // Compat mode's names for `variables` and `duration`.
  vars: z.array(z.string()).optional(),
  eval_duration: z.number().min(0).optional(),
  /** With count=true: entities matched in all (results without entities count one each), whatever offset and limit. */
  count: z.number().int().min(0).optional(),
});

/** A query reply for a malformed query with try=true: the error, status 200. */
export const queryTryErrorSchema = errorReplySchema;

/** Samples of one metric: 60 each, oldest first, with what the metric measures. */
export const statsSampleSchema = z.object({
  avg: z.array(z.number().nullable()),
  min: z.array(z.number().nullable()),
  max: z.array(z.number().nullable()),
  brief: z.string().optional(),
});

/** GET /stats/world/<period>: "<group>.<metric>" -> samples. */
export const statsWorldReplySchema = z.record(z.string(), statsSampleSchema);

/** One system of GET /stats/pipeline/<period>. */
export const statsPipelineSystemSchema = z.object({
  /** Path of the system entity. */
  name: z.string(),
  time_spent: statsSampleSchema,
  matched_entity_count: statsSampleSchema,
  matched_table_count: statsSampleSchema,
});

/** A sync point of GET /stats/pipeline/<period>: the merge of the commands queued by the systems before it (reference capture 238). */
export const statsSyncPointSchema = z.object({
  /** Systems in the run that ends here (1: every system's commands merge right after it). */
  system_count: z.number().int(),
  /** Always false: systems run on one thread. */
  multi_threaded: z.boolean(),
  /** Always false: systems run with their changes queued (read-only world), merged here. */
  no_readonly: z.boolean(),
  time_spent: statsSampleSchema,
  commands_enqueued: statsSampleSchema,
});

/** GET /stats/pipeline/<period>: one entry per system, in pipeline order, each followed by its sync point. */
export const statsPipelineReplySchema = z.array(z.union([statsPipelineSystemSchema, statsSyncPointSchema]));

/** GET /tables: every table with its type, entity count and approximate memory in bytes. */
export const tablesReplySchema = z.array(z.object({
  id: z.number().int(),
  type: z.array(z.string()),
  count: z.number().int(),
  memory: z.object({ used: z.number(), allocated: z.number() }),
}));

/** GET /world: the user entities, table by table, with every id and value. */
export const worldReplySchema = z.object({
  results: z.array(z.object({
    ids: z.array(idPathsSchema),
    parent: z.string().optional(),
    entities: z.array(entityOrId),
    values: z.array(z.union([z.literal(0), z.array(z.record(z.string(), z.unknown()))])),
  })),
});

/** GET /explain/<path>: whether the entity matches the query and, step by step, why (or why not). */
export const explainReplySchema = z.object({
  entity: z.string(),
  query: z.string(),
  matches: z.boolean(),
  blockers: z.array(z.object({ code: z.enum(['not-alive', 'no-this', 'empty', 'disabled', 'prefab']), message: z.string() })),
  steps: z.array(z.object({
    kind: z.enum(['term', 'or', 'scope', 'eq', 'member']),
    text: z.string(),
    oper: z.enum(['and', 'not', 'optional']),
    pos: z.number().int().min(-1),
    holds: z.boolean(),
    alone: z.boolean(),
    id: z.string().optional(),
    source: z.string().optional(),
    via: z.string().optional(),
    why: z.object({ code: z.string(), message: z.string() }).optional(),
  })),
  vars: z.record(z.string(), z.string()),
});

/** One breakpoint hit: the breakpoint, the frame the world paused after, and the entities that triggered it. */
export const breakpointHitSchema = z.strictObject({
  breakpoint: z.string(), frame: z.number().int().min(0), on: z.enum(BREAK_ON), entities: z.array(z.string()), ids: z.array(z.number().int()),
});

/** One breakpoint as listed: its definition, hits, last hit, the steps it takes per frame, and why the host disabled it, if it did. */
export const breakpointSchema = z.strictObject({
  name: z.string(), q: z.string(), on: z.enum(BREAK_ON), path: z.string().optional(), once: z.boolean(), enabled: z.boolean(),
  hits: z.number().int().min(0), last_hit: breakpointHitSchema.optional(), steps: z.number().int().min(0), error: z.string().optional(),
});

/** PUT /breakpoint/<name>: the breakpoint now, and the one it replaced (with a sentence saying so). */
export const putBreakpointReplySchema = z.strictObject({ breakpoint: breakpointSchema, replaced: breakpointSchema.optional(), message: z.string().optional() });

/**
 * GET /breakpoints: every breakpoint, the last hit of any (what paused the world), the steps they
 * take per frame of the budget, and whether the world still stands where the last hit paused it
 * (`at_hit`: no frame has run the systems since, and no restore happened).
 */
export const breakpointsReplySchema = z.strictObject({
  breakpoints: z.array(breakpointSchema), last_hit: breakpointHitSchema.optional(), steps_per_frame: z.number().int().min(0), frame_steps: z.number().int().min(1),
  at_hit: z.boolean(),
});

/** GET /openapi.json: an OpenAPI 3.1 document (checked here only for its two top-level fields). */
export const openApiReplySchema = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });

/** GET /children/<path>: the entity's path, how many children it has, and a page of them (in the order they became children). */
export const childrenReplySchema = z.object({
  path: z.string(),
  count: z.number().int().min(0),
  children: z.array(z.object({ id: z.number().int(), path: z.string(), name: z.string().optional(), children: z.number().int().min(0) })),
});

/** GET /history: the recorded range (frames), keyframes, bytes and the marks of the timeline. */
export const historyReplySchema = z.strictObject({
  first: z.number().int(),
  last: z.number().int(),
  frame: z.number().int(),
  keyframes: z.array(z.number().int()),
  bytes: z.number().int(),
  maxBytes: z.number().int(),
  seconds: z.number(),
  windowFrames: z.number().int(),
  writes: z.array(z.tuple([z.number().int(), z.number().int()])),
  alerts: z.array(z.tuple([z.number().int(), z.number().int()])),
});

/** PUT and DELETE /history/view: the recorded frame the viewport draws now, or null for the live world. */
export const historyViewReplySchema = z.strictObject({ view: z.number().int().nullable() });

/** PUT /history/restore: the frame the live world now stands at (paused). */
export const historyRestoreReplySchema = z.strictObject({ frame: z.number().int() });

/** Reply of PUT /history/import: the frames of the file, and the live frame (its first). */
export const historyImportReplySchema = z.strictObject({ first: z.number().int(), last: z.number().int(), frame: z.number().int() });

/** GET /history/export's 200 is a file (HISTORY_FILE_MEDIA), not JSON: this schema describes no JSON. */
export const historyFileReplySchema = z.never();
