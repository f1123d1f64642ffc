// The JSON-ready value of GET /stats/<category>/<period> (docs/rest-api.md, Statistics reply): a copy of the
// window's 60 samples per metric, oldest first. Nothing is computed here beyond the copy: the
// windows already hold the aggregated samples.
import type { World } from '../ecs';
import { SYSTEM_METRICS, WORLD_METRICS } from './metrics';
import { monitorState } from './monitor';
import type { z } from 'zod';
import { STATS_CATEGORY_NAMES, type StatsCategory as ProtocolStatsCategory } from '../protocol/constants';
import type { statsPipelineSystemSchema, statsSampleSchema, statsSyncPointSchema, statsWorldReplySchema } from '../protocol';
import { PERIODS } from './windows';

/** Categories of /stats. */
export const STATS_CATEGORIES = STATS_CATEGORY_NAMES;
/** A /stats category. */
export type StatsCategory = ProtocolStatsCategory;
/** Periods of /stats (windows of 60 samples: per frame, per second, per minute, per 24 min, per 168 min). */
export const STATS_PERIODS = PERIODS;
/** A /stats period. */
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** True when `s` is a /stats category (`world` or `pipeline`). */
export function isStatsCategory(s: string): s is StatsCategory {
  return (STATS_CATEGORIES as readonly string[]).includes(s);
}

/** True when `s` is a /stats period (`1s`, `1m`, `1h`, `1d` or `1w`; case sensitive). */
export function isStatsPeriod(s: string): s is StatsPeriod {
  return (STATS_PERIODS as readonly string[]).includes(s);
}

/** One metric's samples with its description. */
export type StatsSample = z.infer<typeof statsSampleSchema>;

/** The /stats/world reply: `"<group>.<metric>"` -> samples. */
export type WorldStatsReply = z.infer<typeof statsWorldReplySchema>;

/** One system of the /stats/pipeline reply: the shape is the protocol's (one source). */
export type SystemStatsEntry = z.infer<typeof statsPipelineSystemSchema>;

/** A sync point of the /stats/pipeline reply: the merge of the queued commands after a run of systems. */
export type SyncPointEntry = z.infer<typeof statsSyncPointSchema>;

/**
 * The /stats reply value for a category and period (callers check user input with isStatsCategory
 * and isStatsPeriod and word their own 400s); undefined when the monitor module is not imported.
 */
export function statsReply(world: World, category: StatsCategory, period: StatsPeriod): WorldStatsReply | (SystemStatsEntry | SyncPointEntry)[] | undefined {
  const level = STATS_PERIODS.indexOf(period);
  const state = monitorState(world);
  if (!state) return undefined;
  if (category === 'world') {
    const out: WorldStatsReply = {};
    for (let m = 0; m < WORLD_METRICS.length; m++) out[WORLD_METRICS[m]!.key] = { ...state.world.series(level, m), brief: WORLD_METRICS[m]!.brief };
    return out;
  }
  const out: (SystemStatsEntry | SyncPointEntry)[] = [];
  for (const s of state.pipeline.systems) {
    if (!world.isAlive(s.entity)) continue;
    const sample = (m: number): StatsSample => ({ ...s.windows.series(level, m), brief: SYSTEM_METRICS[m]!.brief });
    out.push({ name: world.pathOf(s.entity), time_spent: sample(0), matched_entity_count: sample(1), matched_table_count: sample(2) });
    // As the reference (capture 238): the sync point that ends the run, after its systems.
    out.push({ system_count: 1, multi_threaded: false, no_readonly: false, time_spent: sample(3), commands_enqueued: sample(4) });
  }
  return out;
}
