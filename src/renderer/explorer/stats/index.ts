// Public exports of the statistics panel and the reshaping of /stats replies.
export { StatsPanel, STATS_POLL_MS, type StatsPanelProps } from './stats-panel';
export { UPlotChart, formatAgo, SERIES_COLORS, type ChartSeries, type UPlotChartProps } from './uplot-chart';
export * from './stats-series';
