// The JSON-ready value of GET /stats/<category>/<period> (DECISIONS "Stats"): a copy of the
// window's 60 samples per metric, oldest first. Nothing is computed here beyond the copy: the
// windows already hold the aggregated samples.
import type { World } from '../ecs';
import { SYSTEM_METRICS, WORLD_METRICS } from './metrics';
import { monitorState } from './monitor';
import { STATS_CATEGORY_NAMES, type StatsCategory as ProtocolStatsCategory } from '../protocol/constants';
import { PERIODS, type SampleSeries } from './windows';

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
export interface StatsSample extends SampleSeries {
  brief: string;
}

/** The /stats/world reply: `"<group>.<metric>"` -> samples. */
export type WorldStatsReply = Record<string, StatsSample>;

/** One system of the /stats/pipeline reply. */
export interface SystemStatsEntry {
  /** Path of the system entity. */
  name: string;
  time_spent: StatsSample;
  matched_entity_count: StatsSample;
  matched_table_count: StatsSample;
}

/** A sync point of the /stats/pipeline reply: the merge of the queued commands after a run of systems. */
export interface SyncPointEntry {
  /** Systems in the run that ends here (1: every system's commands merge right after it). */
  system_count: number;
  /** Always false: systems run on one thread. */
  multi_threaded: boolean;
  /** Always false: systems run with their changes queued (read-only world), merged here. */
  no_readonly: boolean;
  time_spent: StatsSample;
  commands_enqueued: StatsSample;
}

/** A /stats request that cannot be answered; `status` is the HTTP status that fits (400 or 404). */
export class StatsError extends Error {
  override readonly name = 'StatsError';
  constructor(readonly status: 400 | 404, message: string) {
    super(message);
  }
}

/**
 * The /stats reply value for a category and period. Throws StatsError: 400 for an unknown category
 * or period (listing the accepted values), 404 when the monitor module is not imported.
 */
export function statsReply(world: World, category: string, period: string): WorldStatsReply | (SystemStatsEntry | SyncPointEntry)[] {
  if (!isStatsCategory(category)) {
    throw new StatsError(400, `unknown statistics category '${category}': categories are ${STATS_CATEGORIES.join(', ')}`);
  }
  const level = (STATS_PERIODS as readonly string[]).indexOf(period);
  if (level < 0) throw new StatsError(400, `unknown statistics period '${period}': periods are ${STATS_PERIODS.join(', ')}`);
  const state = monitorState(world);
  if (!state) {
    throw new StatsError(404, 'statistics need the monitor module, which is not enabled: run the app with enable_monitor: true (and enable_rest: true), or call importMonitor(world, app)');
  }
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
