// The categories and periods of GET /stats/<category>/<period>, declared once for the server,
// the monitor's sample windows and the clients.

/** Statistics categories of /stats. */
export const STATS_CATEGORY_NAMES = ['world', 'pipeline'] as const;
/** A /stats category. */
export type StatsCategory = (typeof STATS_CATEGORY_NAMES)[number];
/** Statistics periods of /stats, finest first (60 samples each: per frame, second, minute, 24 min, 168 min). */
export const STATS_PERIOD_NAMES = ['1s', '1m', '1h', '1d', '1w'] as const;
/** A /stats period. */
export type StatsPeriod = (typeof STATS_PERIOD_NAMES)[number];
