// The view in the page address, so a link reproduces it: the selected entity, the query, the
// open panels and the stats period. Other parameters (remote, host) are kept as they are.
import { STATS_PERIODS, type StatsPeriod } from '../client';

/** The explorer's panels, in layout order. */
export const PANEL_NAMES = ['tree', 'inspector', 'query', 'stats'] as const;

/** One panel. */
export type PanelName = (typeof PANEL_NAMES)[number];

/** What the address holds. */
export interface ViewState {
  /** Dotted path of the selected entity. */
  entity?: string;
  /** Text of the query box (a query, or `?-Name(args)`). */
  q?: string;
  /** Open panels (default all), in layout order. */
  panels: PanelName[];
  /** Stats period (default '1s'). */
  period: StatsPeriod;
}

/** The view when the address says nothing. */
export const DEFAULT_VIEW: ViewState = { panels: [...PANEL_NAMES], period: '1s' };

function isPanel(s: string): s is PanelName {
  return (PANEL_NAMES as readonly string[]).includes(s);
}

function isPeriod(s: string): s is StatsPeriod {
  return (STATS_PERIODS as readonly string[]).includes(s);
}

/** Reads the view from a query string ("?entity=Sun.Earth&panels=tree,inspector"); bad values fall back to defaults. */
export function readViewState(search: string): ViewState {
  const p = new URLSearchParams(search);
  const view: ViewState = { panels: [...DEFAULT_VIEW.panels], period: DEFAULT_VIEW.period };
  const entity = p.get('entity');
  if (entity) view.entity = entity;
  const q = p.get('q');
  if (q) view.q = q;
  const panels = p.get('panels');
  if (panels !== null) {
    const names = panels.split(',').map((s) => s.trim()).filter(isPanel);
    view.panels = PANEL_NAMES.filter((n) => names.includes(n));
  }
  const period = p.get('period');
  if (period && isPeriod(period)) view.period = period;
  return view;
}

/** The query string ("?…", or "" when empty) for a view, keeping unrelated parameters of `search`. */
export function writeViewState(search: string, view: ViewState): string {
  const p = new URLSearchParams(search);
  for (const k of ['entity', 'q', 'panels', 'period']) p.delete(k);
  if (view.entity) p.set('entity', view.entity);
  if (view.q) p.set('q', view.q);
  const all = PANEL_NAMES.every((n) => view.panels.includes(n));
  if (!all) p.set('panels', PANEL_NAMES.filter((n) => view.panels.includes(n)).join(','));
  if (view.period !== DEFAULT_VIEW.period) p.set('period', view.period);
  // These characters are legal in a query string; leaving them readable keeps links readable.
  const s = p.toString().replace(/%(2C|28|29|3A|3F|24|2F|40|21)/gi, (m) => decodeURIComponent(m));
  return s ? `?${s}` : '';
}
