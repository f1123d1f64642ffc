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

/** A y range around [min, max] that leaves room for ticks, also when min === max. */
export function yRange(min: number | null, max: number | null): [number, number] {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) {
    const pad = Math.abs(min) * 0.1 || 1;
    return [min >= 0 && min - pad < 0 ? 0 : min - pad, max + pad];
  }
  const pad = (max - min) * 0.1;
  return [min >= 0 && min - pad < 0 ? 0 : min - pad, max + pad];
}

function optionsFor(props: UPlotChartProps, width: number): uPlot.Options {
  const fmt = props.unit === 'seconds' ? formatSeconds : formatNumber;
  const axis = { stroke: '#7d8590', grid: { stroke: '#262b33', width: 1 }, ticks: { stroke: '#262b33', width: 1 }, font: '11px system-ui, sans-serif' };
  return {
    width,
    height: props.height ?? 150,
    // A flat series still gets a y range with several ticks (uPlot pads a single value to ±1 otherwise).
    scales: { x: { time: false }, y: { range: (_u, min, max) => yRange(min, max) } },
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
        // Away from the cursor the legend shows the latest value, never a bare dash.
        value: (u: uPlot, v: number | null, sidx: number, idx: number | null) => fmt(idx === null ? latest(u.data[sidx]) : v),
      })),
    ],
    axes: [
      { ...axis, values: (_u, vals) => vals.map((v) => formatAgo(v)) },
      { ...axis, size: 72, values: (_u, vals) => vals.map((v) => fmt(v)) },
    ],
  };
}

function latest(values: ArrayLike<number | null | undefined> | undefined): number | null {
  if (!values) return null;
  for (let i = values.length - 1; i >= 0; i--) {
    const v = values[i];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return null;
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
    const u = plot.current;
    if (!u) return;
    u.setData(dataOf(props));
    if (u.cursor.idx === null || u.cursor.idx === undefined) u.setLegend({}, false);
  }, [props.times, props.series]);

  return <div class="chart" ref={host} />;
}
