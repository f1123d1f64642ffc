// The title bar's alerts badge: how many alerts are active, coloured by the worst; a click opens
// the list beneath it. Hidden against a server without the alerts module.
import type { QueryReply } from '../client';
import { useLive, usePopover } from '../ui';
import { ALERTS_URL, alertRows, worstSeverity } from './alert-rows';
import { AlertsList } from './alerts-list';

/** How often the alerts are re-read when the server offers no watch, in ms. */
export const ALERTS_POLL_MS = 1000;

/** The live rows of the active alerts, and whether the server knows alerts at all. */
export function useAlerts() {
  const live = useLive<QueryReply>(ALERTS_URL, { intervalMs: ALERTS_POLL_MS, keep: true, priority: 'low' });
  const known = live.data !== undefined && live.data.error === undefined;
  return { rows: known ? alertRows(live.data) : [], known };
}

/** The badge and its drop-down list. */
export function AlertsBadge() {
  const { rows, known } = useAlerts();
  const { open, setOpen, box } = usePopover();
  if (!known) return null;
  const worst = worstSeverity(rows);
  return (
    <div class="alerts-badge" ref={box}>
      <button
        type="button"
        class={`badge${worst ? ` severity-${worst.toLowerCase()}` : ''}`}
        aria-expanded={open}
        aria-label={`Alerts: ${rows.length} active`}
        data-testid="alerts-badge"
        title={rows.length ? `${rows.length} active alert${rows.length === 1 ? '' : 's'}` : 'No active alerts'}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⚠</span> {rows.length}
      </button>
      {open ? (
        // Following a link in the list closes it.
        <section class="alerts-popover" role="region" aria-label="Alerts" onClick={(e) => { if ((e.target as HTMLElement).closest('a')) setOpen(false); }}>
          <h2>Active alerts</h2>
          <AlertsList rows={rows} />
        </section>
      ) : null}
    </div>
  );
}
