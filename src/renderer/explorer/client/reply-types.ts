// The shapes of the REST replies the explorer reads (the contract's, with the DECISIONS applied).
// Field names that differ between our server and the reference it was modelled on are both
// listed (`variables` / `vars`, `duration` / `eval_duration`); readers accept either.

/** A component id: [component] or [relationship, target]. */
export type IdPath = string[];

/** A component value (members by name), or 0 when it has none to show. */
export type ComponentValue = Record<string, unknown> | 0;

/** One active alert of an entity. */
export interface AlertInfo {
  /** Path of the alert entity. */
  alert: string;
  message: string;
  severity: 'Info' | 'Warning' | 'Error' | string;
}

/** One IsA base and what the entity inherits from it. */
export interface BaseEntry {
  path: string;
  ids: IdPath[];
  id_labels?: IdPath[];
  values?: ComponentValue[];
  type_info?: unknown[];
}

/** GET /entity/<path>. */
export interface EntityReply {
  path?: string;
  label?: string;
  brief?: string;
  link?: string;
  color?: string;
  is_a?: BaseEntry[];
  ids?: IdPath[];
  id_labels?: IdPath[];
  values?: ComponentValue[];
  type_info?: unknown[];
  alerts?: AlertInfo[];
  matches?: string[];
}

/** One result of GET /query: a matched table (or variable binding) and its entities. */
export interface QueryResult {
  ids?: IdPath[];
  id_labels?: IdPath[];
  sources?: (string | 0)[];
  /** null: a variable that an optional term left unbound. */
  variables?: (string | 0 | null)[];
  vars?: (string | 0 | null)[];
  variable_labels?: (string | null)[];
  var_labels?: (string | null)[];
  variable_ids?: (number | null)[];
  var_ids?: (number | null)[];
  is_set?: boolean[];
  parent?: string;
  entities?: (string | number)[];
  entity_labels?: string[];
  entity_ids?: number[];
  colors?: (string | null)[];
  values?: unknown[];
}

/** GET /query (or a query parse error with try=true: `error` and `position`). */
export interface QueryReply {
  ids?: IdPath[];
  id_labels?: IdPath[];
  variables?: string[];
  vars?: string[];
  type_info?: unknown;
  results?: QueryResult[];
  duration?: number;
  eval_duration?: number;
  /** With count=true: entities matched in all, whatever offset and limit. */
  count?: number;
  error?: string;
  position?: number;
}

/** 60 samples of one metric, oldest first; null where a sample is not a number. */
export interface StatsSamples {
  avg: (number | null)[];
  min: (number | null)[];
  max: (number | null)[];
  brief?: string;
}

/** GET /stats/world/<period>: "<group>.<metric>" -> samples. */
export type WorldStatsReply = Record<string, StatsSamples>;

/** One entry of GET /stats/pipeline/<period>; entries without `name` are sync points. */
export interface PipelineEntry {
  name?: string;
  time_spent?: StatsSamples;
  matched_entity_count?: StatsSamples;
  matched_table_count?: StatsSamples;
}

/** GET /stats/pipeline/<period>. */
export type PipelineStatsReply = PipelineEntry[];

/** Names of a query's variables, whichever field the server used. */
export function variableNames(reply: QueryReply): string[] {
  return reply.variables ?? reply.vars ?? [];
}

/** Evaluation time of a query reply in seconds, if it was asked for. */
export function evalSeconds(reply: QueryReply): number | undefined {
  const d = reply.duration ?? reply.eval_duration;
  return typeof d === 'number' ? d : undefined;
}
