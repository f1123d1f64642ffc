// GET /stats/<category>/<period> and /stats/<category>?period=<period> (DECISIONS "Stats"): the
// monitor's samples. Unknown category or period: 400 listing the accepted values; without the
// monitor module: 404 saying how to enable it.
import { STATS_CATEGORY_NAMES, STATS_PERIOD_NAMES, type StatsParams } from '../protocol';
import { readStats, statsAvailable } from './monitor-link';
import { errorReply, okText, shown } from './replies';
import type { Handler } from './types';
import { decodePath } from './target';

/** The errors of GET /stats, for the endpoint table. */
export const STATS_ERRORS = { 400: 'unknown category or period (the reply lists the accepted values)', 404: 'the monitor module is not enabled' };
const CATEGORIES: readonly string[] = STATS_CATEGORY_NAMES;
const PERIODS: readonly string[] = STATS_PERIOD_NAMES;

/** Answers GET /stats/<category>[/<period>]. */
export const getStats: Handler<StatsParams> = (ctx, p) => {
  const parts = decodePath(ctx.rest).split('/');
  if (parts.length > 2 && !(parts.length === 3 && parts[2] === '')) {
    return errorReply(400, `unexpected path ${shown(ctx.rest)}: use /stats/<category>/<period> with category ${CATEGORIES.join(' or ')} and period ${PERIODS.join(', ')}`);
  }
  const category = parts[0] ?? '';
  if (!CATEGORIES.includes(category)) {
    return errorReply(400, `unknown statistics category ${shown(category)}: use ${CATEGORIES.map((c) => `/stats/${c}`).join(' or ')}`);
  }
  const period = parts[1] || p.period;
  if (!PERIODS.includes(period)) return errorReply(400, `unknown statistics period ${shown(period)}: periods are ${PERIODS.join(', ')}`);
  if (!statsAvailable(ctx.world)) {
    return errorReply(404, 'statistics need the monitor module, which is not enabled: run the app with enable_monitor (the host does unless started with --no-monitor), or call importMonitor(world, app)');
  }
  try {
    return okText(JSON.stringify(readStats(ctx.world, category, period, ctx.names)));
  } catch (err) {
    const status = (err as { status?: unknown }).status;
    return errorReply(typeof status === 'number' ? status : 400, (err as Error).message);
  }
};
