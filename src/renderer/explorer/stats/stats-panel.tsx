// Statistics: charts of the world stats and the time each system takes, for a selectable period
// (1s … 1w). A 404 means the app runs without the monitor module; the panel says so.
import { useMemo, useState } from 'preact/hooks';
import { STATS_PERIODS, statsUrl, type PipelineStatsReply, type StatsPeriod, type WorldStatsReply } from '../client';
import { EntityLink, ErrorText, Note, Panel, RequestError, useRest } from '../ui';
import {
  availableCharts, formatCount, formatNumber, formatSeconds, lastValue, metricUnit, metricUnitLabel, pipelineSystems, sampleInterval, sampleTimes, worldMetrics,
  type Metric,
} from './stats-series';
import { UPlotChart } from './uplot-chart';

/** Poll period of the stats, in ms. */
export const STATS_POLL_MS = 1000;

/** Props of StatsPanel. */
export interface StatsPanelProps {
  period: StatsPeriod;
  onPeriod(p: StatsPeriod): void;
}

/** The statistics panel. */
export function StatsPanel({ period, onPeriod }: StatsPanelProps) {
  const world = useRest<WorldStatsReply>(statsUrl('world', period), { intervalMs: STATS_POLL_MS, keep: true });
  const noMonitor = world.error?.status === 404;
  const pipeline = useRest<PipelineStatsReply>(noMonitor ? null : statsUrl('pipeline', period), { intervalMs: STATS_POLL_MS, keep: true });
  const [pinned, setPinned] = useState<string[]>([]);
  const metrics = useMemo(() => (world.data ? worldMetrics(world.data) : []), [world.data]);
  const times = useMemo(() => sampleTimes(sampleInterval(period, metrics), metrics[0]?.samples.avg.length ?? 60), [period, metrics]);

  return (
    <Panel
      name="stats"
      title="Statistics"
      class="stats-panel"
      raw={statsUrl('world', period)}
      actions={
        <div class="segmented" role="radiogroup" aria-label="Period">
          {STATS_PERIODS.map((p) => (
            <button key={p} type="button" role="radio" aria-checked={p === period} class={p === period ? 'on' : ''} onClick={() => onPeriod(p)}>{p}</button>
          ))}
        </div>
      }
    >
      {noMonitor ? (
        <div class="no-monitor">
          <Note>Statistics are not available: the monitor module is not enabled in this app.</Note>
          <ErrorText error={world.error!} />
        </div>
      ) : null}
      {!noMonitor ? <RequestError error={world.error} hasData={world.data !== undefined} prefix="World statistics:" /> : null}
      {!world.data && world.loading ? <Note>loading statistics…</Note> : null}
      {world.data && !noMonitor ? (
        <WorldCharts metrics={metrics} times={times} pinned={pinned} onPin={(k) => setPinned(pinned.includes(k) ? pinned.filter((x) => x !== k) : [...pinned, k])} />
      ) : null}
      <RequestError error={pipeline.error} hasData={pipeline.data !== undefined} prefix="Pipeline statistics:" />
      {pipeline.data && !noMonitor ? <SystemsTable reply={pipeline.data} /> : null}
    </Panel>
  );
}

function WorldCharts({ metrics, times, pinned, onPin }: { metrics: Metric[]; times: number[]; pinned: string[]; onPin(key: string): void }) {
  const byKey = new Map(metrics.map((m) => [m.key, m]));
  const charts = availableCharts(metrics);
  const chart = (title: string, keys: string[], unit: 'seconds' | 'count', extra?: string) => (
    <div class="chart-card" key={`${title}|${keys.join(',')}`} data-chart={title}>
      <div class="chart-title">{title}{extra ? <span class="dim"> {extra}</span> : null}</div>
      <UPlotChart times={times} unit={unit} height={170} series={keys.map((k) => ({ label: byKey.get(k)!.name, values: byKey.get(k)!.samples.avg }))} />
    </div>
  );
  return (
    <>
      <div class="charts">
        {charts.map((c) => chart(c.title, c.keys, c.unit))}
        {pinned.filter((k) => byKey.has(k)).map((k) => chart(`${k} (${metricUnitLabel(k)})`, [k], metricUnit(k), byKey.get(k)!.brief))}
      </div>
      <details class="metrics">
        <summary>All metrics <span class="count">{metrics.length}</span></summary>
        <table class="metric-table">
          <thead><tr><th>metric</th><th>unit</th><th>latest</th><th>min</th><th>max</th><th /></tr></thead>
          <tbody>
            {metrics.map((m) => {
              const fmt = metricUnit(m.key) === 'seconds' ? formatSeconds : formatNumber;
              const nums = (a: (number | null)[]) => a.filter((x): x is number => typeof x === 'number');
              const mins = nums(m.samples.min);
              const maxs = nums(m.samples.max);
              return (
                <tr key={m.key} title={m.brief}>
                  <td class="mono">{m.key}</td>
                  <td class="dim">{metricUnitLabel(m.key)}</td>
                  <td class="num">{fmt(lastValue(m.samples.avg))}</td>
                  <td class="num">{fmt(mins.length ? Math.min(...mins) : undefined)}</td>
                  <td class="num">{fmt(maxs.length ? Math.max(...maxs) : undefined)}</td>
                  <td><button type="button" class="small" onClick={() => onPin(m.key)}>{pinned.includes(m.key) ? 'unpin' : 'chart'}</button></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </details>
    </>
  );
}

function SystemsTable({ reply }: { reply: PipelineStatsReply }) {
  const systems = pipelineSystems(reply);
  const max = Math.max(1e-12, ...systems.map((s) => s.meanTime ?? 0));
  const total = systems.reduce((a, s) => a + (s.meanTime ?? 0), 0);
  return (
    <section class="systems">
      <h4>Systems <span class="count">{systems.length}</span> <span class="dim">· {formatSeconds(total)} per frame in total (mean)</span></h4>
      {systems.length ? (
        <table class="system-table">
          <thead><tr><th>system</th><th>mean time</th><th /><th>latest</th><th>entities</th><th>tables</th></tr></thead>
          <tbody>
            {systems.map((s) => (
              <tr key={s.name}>
                <td><EntityLink path={s.name} /></td>
                <td class="num">{formatSeconds(s.meanTime)}</td>
                <td class="bar-cell"><span class="bar" style={{ width: `${Math.round(((s.meanTime ?? 0) / max) * 100)}%` }} /></td>
                <td class="num">{formatSeconds(s.lastTime)}</td>
                <td class="num">{formatCount(s.entities)}</td>
                <td class="num">{formatCount(s.tables)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <Note>the pipeline reports no systems</Note>}
    </section>
  );
}
