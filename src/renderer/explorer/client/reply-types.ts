// The shapes of the REST replies the explorer reads, inferred from the contract's zod schemas in
// src/shared/protocol: renaming a field there breaks the explorer's type check. The imports are
// type-only, so zod stays out of the explorer bundle. Field names that differ between our server
// and the reference it was modelled on are both in the schemas (`variables` / `vars`,
// `duration` / `eval_duration`); readers accept either.
import type { z } from 'zod';
import type {
  alertInfoSchema, baseEntrySchema, breakpointHitSchema, breakpointSchema, breakpointsReplySchema, entityReplySchema, errorReplySchema, explainReplySchema, idPathsSchema, queryReplySchema,
  queryResultSchema, statsPipelineReplySchema, statsSampleSchema, statsWorldReplySchema, valueSchema,
} from '../../../shared/protocol';

/** A component id: [component] or [relationship, target]. */
export type IdPath = z.infer<typeof idPathsSchema>;

/** A component value (members by name), or 0 when it has none to show. */
export type ComponentValue = z.infer<typeof valueSchema>;

/** One active alert of an entity. */
export type AlertInfo = z.infer<typeof alertInfoSchema>;

/** One IsA base and what the entity inherits from it. */
export type BaseEntry = z.infer<typeof baseEntrySchema>;

/** GET /entity/<path>. */
export type EntityReply = z.infer<typeof entityReplySchema>;

/** One result of GET /query: a matched table (or variable binding) and its entities. */
export type QueryResult = z.infer<typeof queryResultSchema>;

/** GET /query, or with try=true a query parse error (`error` and `position`, status 200). */
export type QueryReply = z.infer<typeof queryReplySchema> & Partial<z.infer<typeof errorReplySchema>>;

/** 60 samples of one metric, oldest first; null where a sample is not a number. */
export type StatsSamples = z.infer<typeof statsSampleSchema>;

/** GET /stats/world/<period>: "<group>.<metric>" -> samples. */
export type WorldStatsReply = z.infer<typeof statsWorldReplySchema>;

/** GET /stats/pipeline/<period>. */
export type PipelineStatsReply = z.infer<typeof statsPipelineReplySchema>;

/** One entry of GET /stats/pipeline/<period>: a system (with `name`) or a sync point. */
export type PipelineEntry = PipelineStatsReply[number];

/** Names of a query's variables, whichever field the server used. */
export function variableNames(reply: QueryReply): string[] {
  return reply.variables ?? reply.vars ?? [];
}

/** Evaluation time of a query reply in seconds, if it was asked for. */
export function evalSeconds(reply: QueryReply): number | undefined {
  const d = reply.duration ?? reply.eval_duration;
  return typeof d === 'number' ? d : undefined;
}

/** GET /explain/<path>: whether the entity matches, what blocks it outright, and each step with why. */
export type ExplainReply = z.infer<typeof explainReplySchema>;

/** One breakpoint as GET /breakpoints lists it. */
export type BreakpointInfo = z.infer<typeof breakpointSchema>;

/** One hit of a breakpoint: its name, the frame, the triggering entities (paths and ids). */
export type BreakpointHit = z.infer<typeof breakpointHitSchema>;

/** GET /breakpoints. */
export type BreakpointsReply = z.infer<typeof breakpointsReplySchema>;
