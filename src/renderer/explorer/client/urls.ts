// Request targets for every endpoint the explorer uses; the only place that writes URLs.
import { BREAKPOINT_PATH, BREAKPOINTS_PATH, STATS_PERIOD_NAMES, type BreakOn, type StatsCategory, type StatsPeriod } from '../../../shared/protocol/constants';
import { entityUrlPath, queryRef } from './entity-path';

/** Switches of GET /entity (true turns a part on; `base` is on unless set to false). */
export interface EntityParts {
  label?: boolean;
  brief?: boolean;
  link?: boolean;
  color?: boolean;
  id_labels?: boolean;
  values?: boolean;
  type_info?: boolean;
  alerts?: boolean;
  matches?: boolean;
  private?: boolean;
  base?: boolean;
  /** Entities pointing at this one with pairs of this relationship (`*`: any). */
  refs?: string;
}

/** GET /entity/<path> for a dotted path, with the parts asked for. */
export function entityUrl(path: string, parts: EntityParts = {}): string {
  const flags: string[] = [];
  for (const [k, v] of Object.entries(parts)) {
    if (k === 'base') { if (v === false) flags.push('base=false'); continue; }
    if (typeof v === 'string') flags.push(`${k}=${encodeURIComponent(v)}`);
    else if (v) flags.push(`${k}=true`);
  }
  return `/entity/${entityUrlPath(path)}${flags.length ? `?${flags.join('&')}` : ''}`;
}

/** Everything the inspector shows about an entity. */
export const INSPECTOR_PARTS: EntityParts = {
  label: true, brief: true, link: true, color: true, id_labels: true, values: true, type_info: true, alerts: true, matches: true, refs: '*',
};

/** The World entity with its doc name (the app title) and values (the monitor's summary). */
export const WORLD_URL = '/entity/ecs/core/World?label=true&values=true';

/** What GET /query runs: an expression (`q`) or a named query (`name`, with variable values). */
export type QuerySource = { q: string } | { name: string; vars?: readonly (readonly [string, string])[] };

/** Boolean switches of GET /query (only true ones are sent). */
export type QueryFlag =
  | 'term_ids' | 'term_labels' | 'ids' | 'id_labels' | 'sources' | 'is_set' | 'values' | 'entity_labels'
  | 'entity_ids' | 'variable_labels' | 'variable_ids' | 'duration' | 'type_info' | 'colors' | 'try' | 'count';

/** Parameters of GET /query besides its source. */
export interface QueryParams {
  flags?: readonly QueryFlag[];
  offset?: number;
  limit?: number;
}

/** Percent-encodes a parameter value, keeping ':' and ',' readable (the server decodes either). */
function paramValue(v: string): string {
  return encodeURIComponent(v).replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

/** The `vars` value for variable bindings: [["a","X"],["b","Y"]] -> "a:X,b:Y". */
export function varsParam(vars: readonly (readonly [string, string])[]): string {
  return vars.map(([k, v]) => `${k}:${v}`).join(',');
}

/** GET /query for a source and parameters. */
export function queryUrl(source: QuerySource, params: QueryParams = {}): string {
  const parts: string[] = [];
  if ('q' in source) parts.push(`q=${encodeURIComponent(source.q)}`);
  else {
    parts.push(`name=${encodeURIComponent(source.name)}`);
    if (source.vars && source.vars.length) parts.push(`vars=${paramValue(varsParam(source.vars))}`);
  }
  for (const f of params.flags ?? []) parts.push(`${f}=true`);
  if (params.offset) parts.push(`offset=${params.offset}`);
  if (params.limit !== undefined) parts.push(`limit=${params.limit}`);
  return `/query?${parts.join('&')}`;
}

/**
 * What the tree shows of each entity, and the built-in id that says it: every tree query ends in
 * these as optional terms (disabled entities and prefabs match too), so the trailing `is_set`
 * flags of each result say, in this order, which are disabled, prefabs, components, modules,
 * queries (systems are queries too) and declared tags.
 */
export const TREE_FLAG_IDS = {
  disabled: 'ecs.core.Disabled', prefab: 'ecs.core.Prefab', component: 'ecs.core.Component',
  module: 'ecs.core.Module', query: 'ecs.core.Query', tag: 'ecs.core.Tag',
} as const;

/** The optional terms every tree query ends in (TREE_FLAG_IDS, in order). */
export const TREE_TAIL = Object.values(TREE_FLAG_IDS).map((id) => `?${id}`).join(', ');

/** Query of the root entities (no parent). */
export const ROOTS_QUERY = `!(ecs.core.ChildOf, *), ${TREE_TAIL}`;

/** Query of the children of the entity at `parent` (dotted path). */
export function childrenQuery(parent: string): string {
  return `(ecs.core.ChildOf, ${queryRef(parent)}), ${TREE_TAIL}`;
}

/** Query of every entity (the tree search filters its names, labels and paths in the page). */
export const ALL_ENTITIES_QUERY = TREE_TAIL;

/** GET /tables: every table's type and entity count (the tree learns from it which entities have children). */
export const TABLES_URL = '/tables';

/** GET /query of one tree level (roots, children or search hits), `limit` entities. */
export function treeLevelUrl(q: string, limit: number): string {
  return queryUrl({ q }, { flags: ['is_set', 'entity_labels', 'colors'], limit });
}

/** Periods of GET /stats, finest first (the contract's list). */
export const STATS_PERIODS = STATS_PERIOD_NAMES;

export type { StatsCategory, StatsPeriod };

/** GET /stats/<category>/<period>. */
export function statsUrl(category: StatsCategory, period: StatsPeriod): string {
  return `/stats/${category}/${period}`;
}

/** The `data` of PUT /set: ids and, aligned with them, values (an id without a value is added as is). */
export interface SetData {
  ids: string[][];
  values?: unknown[];
}

/** PUT /set/<path>?data=… */
export function setUrl(path: string, data: SetData): string {
  return `/set/${entityUrlPath(path)}?data=${encodeURIComponent(JSON.stringify(data))}`;
}

/** PUT /enable/<path>, /disable/<path> or /delete/<path>. */
export function entityActionUrl(action: 'enable' | 'disable' | 'delete', path: string): string {
  return `/${action}/${entityUrlPath(path)}`;
}

/** GET /breakpoints: every breakpoint with its hits, the last hit of any and the frame now. */
export const BREAKPOINTS_URL = BREAKPOINTS_PATH;

/** What PUT /breakpoint/<name> creates: a query, when it fires, and optionally the one entity watched. */
export interface BreakpointRequest {
  q: string;
  on: BreakOn;
  /** Dotted path of the one entity watched. */
  path?: string;
}

/** PUT /breakpoint/<name>: creates or replaces (a request), or with a boolean enables or disables it. */
export function breakpointUrl(name: string, what: BreakpointRequest | { enabled: boolean }): string {
  const p = new URLSearchParams();
  if ('enabled' in what) p.set('enabled', String(what.enabled));
  else {
    p.set('q', what.q);
    p.set('on', what.on);
    if (what.path !== undefined) p.set('path', what.path);
  }
  return `${BREAKPOINT_PATH}/${encodeURIComponent(name)}?${p.toString()}`;
}

/** DELETE /breakpoint/<name>. */
export function deleteBreakpointUrl(name: string): string {
  return `${BREAKPOINT_PATH}/${encodeURIComponent(name)}`;
}

/** GET /history: the recorded range (first and last readable frame) and its marks. */
export const HISTORY_URL = '/history';

/** PUT /history/restore?frame=N: the live world becomes frame N (paused). */
export function restoreUrl(frame: number): string {
  return `/history/restore?frame=${frame}`;
}
