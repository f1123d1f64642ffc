// A uPlot line chart that follows its container's width and takes new data without rebuilding.
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNumber, formatSeconds } from './stats-series';

/** Line colors, in series order. */
export const SERIES_COLORS = ['#58a6ff', '#3fb950', '#d29922', '#bc8cff', '#ff7b72', '#39c5cf'];

/** One line of a chart. */
export interface ChartSeries {
  label: string;
  values: (number | null)[];
}

/** Props of UPlotChart. */
export interface UPlotChartProps {
  /** X values: seconds relative to the newest sample (<= 0). */
  times: number[];
  series: ChartSeries[];
  unit: 'seconds' | 'count';
  /** Plot height in CSS pixels (default 150). */
  height?: number;
}

/** "-30s", "-5m", "-2h", "-3d". */
export function formatAgo(seconds: number): string {
  const a = Math.abs(seconds);
  if (a === 0) return 'now';
  if (a < 120) return `${+seconds.toFixed(a < 2 ? 2 : 0)}s`;
  if (a < 7200) return `${+(seconds / 60).toFixed(1)}m`;
  if (a < 172800) return `${+(seconds / 3600).toFixed(1)}h`;
  return `${+(seconds / 86400).toFixed(1)}d`;
}

function optionsFor(props: UPlotChartProps, width: number): uPlot.Options {
  const fmt = props.unit === 'seconds' ? formatSeconds : formatNumber;
  const axis = { stroke: '#7d8590', grid: { stroke: '#262b33', width: 1 }, ticks: { stroke: '#262b33', width: 1 }, font: '11px system-ui, sans-serif' };
  return {
    width,
    height: props.height ?? 150,
    scales: { x: { time: false } },
    legend: { show: true, live: true },
    cursor: { drag: { x: false, y: false }, points: { size: 6 } },
    series: [
      { label: 'time', value: (_u, v) => (v === null ? '—' : formatAgo(v)) },
      ...props.series.map((s, i) => ({
        label: s.label,
        stroke: SERIES_COLORS[i % SERIES_COLORS.length]!,
        width: 1.5,
        fill: i === 0 ? `${SERIES_COLORS[0]}1f` : undefined,
        points: { show: false },
        value: (_u: uPlot, v: number | null) => fmt(v),
      })),
    ],
    axes: [
      { ...axis, values: (_u, vals) => vals.map((v) => formatAgo(v)) },
      { ...axis, size: 64, values: (_u, vals) => vals.map((v) => fmt(v)) },
    ],
  };
}

function dataOf(props: UPlotChartProps): uPlot.AlignedData {
  return [props.times, ...props.series.map((s) => s.values)] as uPlot.AlignedData;
}

/** The chart; rebuilt only when its series (names or count) or unit change. */
export function UPlotChart(props: UPlotChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const shape = `${props.unit}|${props.height ?? 150}|${props.series.map((s) => s.label).join('|')}`;

  useEffect(() => {
    const el = host.current;
    if (!el) return undefined;
    const u = new uPlot(optionsFor(props, Math.max(200, el.clientWidth)), dataOf(props), el);
    plot.current = u;
    const ro = new ResizeObserver(() => {
      const w = Math.max(200, el.clientWidth);
      if (w !== u.width) u.setSize({ width: w, height: u.height });
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [shape]);

  useEffect(() => {
    plot.current?.setData(dataOf(props));
  }, [props.times, props.series]);

  return <div class="chart" ref={host} />;
}
