// The list of active alerts: severity, message, the entity it is about (a link) and how long it
// has been active. Live: it follows the alerts query as the query panel follows its results.
import { EntityLink, Note } from '../ui';
import { activeFor, type AlertRow } from './alert-rows';

/** Props of AlertsList. */
export interface AlertsListProps {
  rows: readonly AlertRow[];
  /** Shown when nothing is active. */
  empty?: string;
}

/** A table of alerts. */
export function AlertsList({ rows, empty = 'No active alerts.' }: AlertsListProps) {
  if (!rows.length) return <Note>{empty}</Note>;
  return (
    <table class="alerts-table" data-testid="alerts-table">
      <thead><tr><th>Severity</th><th>Message</th><th>Entity</th><th>Alert</th><th>Active for</th></tr></thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${r.alert}:${r.source ?? i}`} data-severity={r.severity}>
            <td><span class={`severity severity-${r.severity.toLowerCase()}`}>{r.severity}</span></td>
            <td class="message">{r.message}</td>
            <td>{r.source ? <EntityLink path={r.source} /> : <span class="dim">—</span>}</td>
            <td><EntityLink path={r.alert} /></td>
            <td class="mono">{activeFor(r.seconds)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
