// What the inspector shows while nothing is selected: the World at a glance — its title, how many
// entities it has, the frame rate — its active alerts and the entities opened recently.
import { ALL_ENTITIES_QUERY, WORLD_URL, queryUrl, statsUrl, type EntityReply, type QueryReply, type WorldStatsReply } from '../client';
import { loadRecentEntities } from '../state';
import { EntityLink, Note, useRest } from '../ui';
import { lastValue } from '../stats';
import { AlertsList, useAlerts } from '../alerts';

/** How often the summary re-reads its numbers, in ms. */
export const SUMMARY_POLL_MS = 2000;

function localStore(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The World summary. */
export function WorldSummary() {
  const world = useRest<EntityReply>(WORLD_URL, { intervalMs: SUMMARY_POLL_MS });
  const all = useRest<QueryReply>(queryUrl({ q: ALL_ENTITIES_QUERY }, { flags: ['count'], limit: 0 }), { intervalMs: SUMMARY_POLL_MS, keep: true });
  const stats = useRest<WorldStatsReply>(statsUrl('world', '1m'), { intervalMs: SUMMARY_POLL_MS, keep: true });
  const fps = lastValue(stats.data?.['performance.fps']?.avg);
  const recent = loadRecentEntities(localStore());
  const alerts = useAlerts();
  return (
    <div class="world-summary" data-testid="world-summary">
      <h3>{world.data?.label ?? 'World'}</h3>
      <dl class="summary-figures">
        <div><dt>entities</dt><dd data-testid="entity-count">{typeof all.data?.count === 'number' ? all.data.count.toLocaleString('en-US') : '…'}</dd></div>
        <div><dt>frame rate</dt><dd>{fps !== undefined ? `${fps.toFixed(1)} fps` : '—'}</dd></div>
      </dl>
      <Note>Select an entity in the tree, a query result, or any entity reference to inspect it.</Note>
      {alerts.known ? (
        <section class="section" aria-label="Active alerts">
          <h4>Active alerts</h4>
          <div class="table-scroll"><AlertsList rows={alerts.rows} /></div>
        </section>
      ) : null}
      {recent.length ? (
        <section class="section">
          <h4>Recently opened</h4>
          <ul class="recent-entities">
            {recent.map((p) => <li key={p}><EntityLink path={p} /></li>)}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
