// Public API of the monitor module: world and pipeline statistics in 1s/1m/1h/1d/1w windows (for
// /stats), the World's WorldSummary, and alerts (ecs.alerts).
export { importMonitor, hasMonitor, setHttpCountersSource, monitorFootprint, type MonitoredApp } from './monitor';
export { statsReply, STATS_CATEGORIES, STATS_PERIODS, isStatsCategory, isStatsPeriod, type StatsCategory, type StatsPeriod, type StatsSample, type WorldStatsReply, type SystemStatsEntry, type SyncPointEntry } from './stats-reply';
export { importAlerts, defineAlert, activeAlerts, alertsState, ALERT_SEVERITIES, type AlertSeverity, type AlertOptions, type ActiveAlert, type AlertIds } from './alerts';
export { TemplateError } from './alert-template';
export { importMetrics, type MetricsIds } from './metrics-module';
export { WORLD_METRICS, SYSTEM_METRICS, HTTP_COUNTER_NAMES, type MetricDef, type MetricKind } from './metrics';
export { Windows, Cadence, PERIODS, SAMPLES, type Period, type SampleSeries } from './windows';
export type { HttpCountersSource } from './world-sampler';
export type { MonitorIds } from './monitor-module';
