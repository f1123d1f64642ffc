// The view in the page address, so a link reproduces it: the layout (explore or statistics), the
// selected entity, the query, the open panels and the stats period. Other parameters (remote,
// host) are kept as they are.
import { STATS_PERIODS, type StatsPeriod } from '../client';

/** The panels of the explore layout, in layout order. */
export const PANEL_NAMES = ['tree', 'inspector', 'query'] as const;

/** The layouts: tree, inspector and query side by side, or the statistics across the page. */
export const LAYOUT_NAMES = ['explore', 'stats'] as const;

/** One layout. */
export type LayoutName = (typeof LAYOUT_NAMES)[number];

/** One panel. */
export type PanelName = (typeof PANEL_NAMES)[number];

/** What the address holds. */
export interface ViewState {
  /** The layout (default 'explore'). */
  layout: LayoutName;
  /** Dotted path of the selected entity. */
  entity?: string;
  /** Text of the query box (a query, or `?-Name(args)`). */
  q?: string;
  /** Open panels (default all), in layout order. */
  panels: PanelName[];
  /** Stats period (default '1m': a minute of one-second samples; 1s is frame-to-frame noise). */
  period: StatsPeriod;
}

/** The view when the address says nothing. */
export const DEFAULT_VIEW: ViewState = { layout: 'explore', panels: [...PANEL_NAMES], period: '1m' };

function isPanel(s: string): s is PanelName {
  return (PANEL_NAMES as readonly string[]).includes(s);
}

function isPeriod(s: string): s is StatsPeriod {
  return (STATS_PERIODS as readonly string[]).includes(s);
}

/** Reads the view from a query string ("?entity=Sun.Earth&panels=tree,inspector"); bad values fall back to defaults. */
export function readViewState(search: string): ViewState {
  const p = new URLSearchParams(search);
  const view: ViewState = { layout: DEFAULT_VIEW.layout, panels: [...DEFAULT_VIEW.panels], period: DEFAULT_VIEW.period };
  const layout = p.get('layout');
  if (layout && (LAYOUT_NAMES as readonly string[]).includes(layout)) view.layout = layout as LayoutName;
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
  for (const k of ['layout', 'entity', 'q', 'panels', 'period']) p.delete(k);
  if (view.layout !== DEFAULT_VIEW.layout) p.set('layout', view.layout);
  if (view.entity) p.set('entity', view.entity);
  if (view.q) p.set('q', view.q);
  const all = PANEL_NAMES.every((n) => view.panels.includes(n));
  if (!all) p.set('panels', PANEL_NAMES.filter((n) => view.panels.includes(n)).join(','));
  if (view.period !== DEFAULT_VIEW.period) p.set('period', view.period);
  // These characters are legal in a query string; leaving them readable keeps links readable.
  const s = p.toString().replace(/%(2C|28|29|3A|3F|24|2F|40|21)/gi, (m) => decodeURIComponent(m));
  return s ? `?${s}` : '';
}
