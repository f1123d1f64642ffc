// The active alerts of a world as rows: one query over the alert instances, shaped as the engine
// shapes them (an instance is a child of its alert with ecs.alerts.Instance for the message,
// ecs.metrics.Source for the entity it is about, ecs.metrics.Value for the seconds it has been
// active, and the pair (ecs.alerts.Alert, <severity>)).
import { queryUrl, type QueryReply } from '../client';

/** The query that lists active alert instances; its one variable is the severity. */
export const ALERTS_QUERY = 'ecs.alerts.Instance, ecs.metrics.Source, ecs.metrics.Value, (ecs.alerts.Alert, $severity)';

/** GET of the active alerts, with values and the total. */
export const ALERTS_URL = queryUrl({ q: ALERTS_QUERY }, { flags: ['values', 'count'], limit: 200 });

/** Severities, most severe first. */
export const SEVERITIES = ['Error', 'Warning', 'Info'] as const;

/** A severity name. */
export type Severity = (typeof SEVERITIES)[number];

/** One active alert. */
export interface AlertRow {
  /** Dotted path of the alert entity (the instance's parent), e.g. "ShipLowOnFuel". */
  alert: string;
  severity: Severity;
  message: string;
  /** Dotted path of the entity the alert is about, if any. */
  source?: string;
  /** Seconds the alert has been active. */
  seconds?: number;
}

function severityOf(path: unknown): Severity {
  const leaf = String(path ?? '').slice(String(path ?? '').lastIndexOf('.') + 1);
  return (SEVERITIES as readonly string[]).includes(leaf) ? leaf as Severity : 'Info';
}

function field(values: unknown, row: number, key: string): unknown {
  const v = Array.isArray(values) ? values[row] : values;
  return v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
}

/** The rows of an alerts reply, most severe first, then longest active first. */
export function alertRows(reply: QueryReply | undefined): AlertRow[] {
  const rows: AlertRow[] = [];
  for (const r of reply?.results ?? []) {
    const severity = severityOf(r.variables?.[0] ?? r.vars?.[0]);
    const [instance, source, value] = r.values ?? [];
    (r.entities ?? []).forEach((_, i) => {
      const row: AlertRow = { alert: r.parent ?? '?', severity, message: String(field(instance, i, 'message') ?? '') };
      const src = field(source, i, 'entity');
      if (typeof src === 'string' && src !== '' && src !== '0') row.source = src;
      const seconds = field(value, i, 'value');
      if (typeof seconds === 'number') row.seconds = seconds;
      rows.push(row);
    });
  }
  const rank = (s: Severity) => SEVERITIES.indexOf(s);
  return rows.sort((a, b) => rank(a.severity) - rank(b.severity) || (b.seconds ?? 0) - (a.seconds ?? 0));
}

/** How long an alert has been active, as short text: "4 s", "2 min", "1 h 5 min". */
export function activeFor(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '';
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** The most severe severity among the rows, if any. */
export function worstSeverity(rows: readonly AlertRow[]): Severity | undefined {
  return rows[0]?.severity;
}
