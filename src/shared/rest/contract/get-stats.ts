// GET /stats/<category>/<period> and /stats/<category>?period=<period> (docs/rest-api.md, Statistics reply): the
// monitor's samples. Unknown category or period: 400 listing the accepted values; without the
// monitor module: 404 saying how to enable it.
import { STATS_CATEGORY_NAMES, STATS_PERIOD_NAMES, type StatsCategory, type StatsParams, type StatsPeriod } from '../../protocol';
import { decodePath, errorReply, MONITOR_NOT_ENABLED, okText, readStats, shown, statsAvailable } from '../common';
import type { Handler } from '../types';

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
  const stats = statsAvailable(ctx.world) ? readStats(ctx.world, category as StatsCategory, period as StatsPeriod, ctx.names) : undefined;
  return stats === undefined ? errorReply(404, MONITOR_NOT_ENABLED) : okText(JSON.stringify(stats));
};
