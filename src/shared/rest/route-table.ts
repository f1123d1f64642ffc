// A dialect's endpoint table compiled for routing: rows grouped by their fixed path segments, the
// methods each path answers (405 + Allow, OPTIONS), each row's compiled parameter table, and the
// facts others derive from the table (every method, for CORS; the endpoint list of the 404); and
// the router's route step, which resolves a request target against it.
import { READ_METHODS, echoed, fixedSegments, type ParamSpecs } from '../protocol';
import { errorReply, shown } from './common';
import type { EndpointRow } from './endpoint-row';
import { REMEMBERED, REMEMBERED_TEXT, TargetError, parseTarget } from './target';
import type { RestReply } from './types';
import { paramTable, readParams, type ParamTable } from './validate-params';

/** A row ready to serve. */
export interface CompiledRow {
  readonly row: EndpointRow;
  readonly params: ParamTable;
  /** True when the row takes path parameters (a rest of the path after its fixed segments). */
  readonly hasPath: boolean;
  /** True when a 200 reply may be kept while the world is unchanged (before uncachedWhen). */
  readonly cached: boolean;
  /** The row's usage (`/entity/<path>`), for messages that name the endpoint asked. */
  readonly usage: string;
}

/** The rows of one path (its fixed segments), by method. */
export interface PathNode {
  /** `/entity`, `/stats`, `/commands/frame`: for messages. */
  readonly label: string;
  readonly byMethod: Map<string, CompiledRow>;
  /** Methods in table order: the Allow header (`GET, PUT`). */
  allow: string;
  /** Longer paths that start with this one (`/commands` → `frame`), by their next segment. */
  readonly children: Map<string, PathNode>;
}

/** A compiled table. */
export interface RouteTable {
  /** Paths by their first segment. */
  readonly roots: ReadonlyMap<string, PathNode>;
  /** Every row, in table order. */
  readonly rows: readonly EndpointRow[];
  /** Every method some row answers, in table order (CORS: what a preflight may grant). */
  readonly methods: readonly string[];
  /** The methods among them that change the world (every method but the read ones). */
  readonly writeMethods: readonly string[];
  /** `GET /entity/<path>, GET /query, …`: the 404's list of endpoints. */
  readonly endpointList: string;
  /** Routes of recent request targets by their text (resolveRoute's memo; a table never changes, so neither do they). */
  recent: Map<string, ResolvedRoute>;
}

/** `/entity/{path}` → `/entity/<path>`; required query parameters are shown as `?data=…`. */
export function usageOf(row: EndpointRow): string {
  const required = Object.entries(row.params as ParamSpecs).filter(([, p]) => !p.schema.safeParse(undefined).success).map(([n]) => `${n}=…`);
  return `${row.path.replace(/\{(\w+)\}/g, '<$1>')}${required.length ? `?${required.join('&')}` : ''}`;
}

function node(map: Map<string, PathNode>, segment: string, label: string): PathNode {
  let n = map.get(segment);
  if (!n) map.set(segment, (n = { label, byMethod: new Map(), allow: '', children: new Map() }));
  return n;
}

/** Compiles a table; throws when two rows claim the same method on the same path. */
export function compileTable(rows: readonly EndpointRow[]): RouteTable {
  const roots = new Map<string, PathNode>();
  const methods: string[] = [];
  for (const row of rows) {
    const fixed = fixedSegments(row.path);
    let n = node(roots, fixed[0]!, `/${fixed[0]}`);
    for (let i = 1; i < fixed.length; i++) n = node(n.children, fixed[i]!, `/${fixed.slice(0, i + 1).join('/')}`);
    const compiled: CompiledRow = { row, params: paramTable(row.params), hasPath: row.pathParams.length > 0, cached: row.cache === 'until-change', usage: usageOf(row) };
    for (const m of row.methods) {
      if (n.byMethod.has(m)) throw new Error(`endpoint table: two rows answer ${m} ${row.path}`);
      n.byMethod.set(m, compiled);
      if (!methods.includes(m)) methods.push(m);
    }
    n.allow = [...n.byMethod.keys()].join(', ');
  }
  return {
    roots, rows, methods,
    writeMethods: methods.filter((m) => !(READ_METHODS as readonly string[]).includes(m)),
    endpointList: rows.map((r) => `${r.methods.join('|')} ${usageOf(r)}`).join(', '),
    recent: new Map(),
  };
}

/** The node of a path (percent-encoded, starting with '/') and the raw rest after its fixed segments; undefined when no row's path starts it. */
export function findPath(table: RouteTable, path: string): { node: PathNode; rest: string } | undefined {
  let slash = path.indexOf('/', 1);
  let n = table.roots.get(slash < 0 ? path.slice(1) : path.slice(1, slash));
  if (n === undefined) return undefined;
  let rest = slash < 0 ? '' : path.slice(slash + 1);
  // Longer fixed paths (/commands/frame/<n>) are rare: the common case does not enter this loop.
  while (n.children.size > 0 && rest !== '') {
    slash = rest.indexOf('/');
    const child: PathNode | undefined = n.children.get(slash < 0 ? rest : rest.slice(0, slash));
    if (child === undefined) break;
    n = child;
    rest = slash < 0 ? '' : rest.slice(slash + 1);
  }
  return n.byMethod.size > 0 ? { node: n, rest } : undefined;
}

function unknownEndpoint(table: RouteTable, method: string, path: string): RestReply {
  const reply = errorReply(404, `unknown endpoint '${method} ${echoed(path)}': the endpoints are ${table.endpointList}`);
  reply.notFound = 'endpoint';
  return reply;
}

/** `GET`, `GET or PUT`, `GET, PUT or DELETE`. */
function either(methods: readonly string[]): string {
  return methods.length === 1 ? methods[0]! : `${methods.slice(0, -1).join(', ')} or ${methods[methods.length - 1]}`;
}

/** A request the table answers: its row, the raw rest of the path, the parameters as sent and as parsed. */
export interface ResolvedRoute {
  /** The method it was resolved for. */
  readonly method: string;
  readonly compiled: CompiledRow;
  /** Raw (percent-encoded) rest of the path after the row's fixed segments. */
  readonly rest: string;
  /** Decoded parameters as sent. */
  readonly raw: Readonly<Record<string, string>>;
  /** The parameters parsed by the row's zod table, defaults filled in. */
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * The route step: the target's path and parameters (400 when they cannot be decoded), the row
 * that answers the method on that path (404 for no endpoint, 405 + Allow for another method,
 * 204 + Allow for OPTIONS) and its parameters parsed (400 naming the bad one); or the reply.
 * A route found is a function of the method and target text alone, so recent GET routes are
 * remembered by that text (clients repeat reads: the explorer polls, the load pages) and shared,
 * frozen, by every request that sends it; replies are made anew each time (the transport may add
 * to them). Writes are routed afresh and kept out of the memos: a /set's data is new every time,
 * and under the load mix they emptied the memos (256 texts) every few hundred requests.
 */
export function resolveRoute(table: RouteTable, method: string, url: string): ResolvedRoute | { reply: RestReply } {
  if (method !== 'GET') return routeOf(table, method, url, false);
  const known = table.recent.get(url);
  if (known !== undefined) return known;
  const found = routeOf(table, method, url, true);
  if ('reply' in found || url.length > REMEMBERED_TEXT) return found;
  // Emptied by a new map, not Map.clear() (reply-cache.ts says why).
  if (table.recent.size >= REMEMBERED) table.recent = new Map();
  table.recent.set(url, found);
  return found;
}

/** resolveRoute worked out; `remember`: the target's parameters may be kept for requests to come. */
function routeOf(table: RouteTable, method: string, url: string, remember: boolean): ResolvedRoute | { reply: RestReply } {
  let target;
  try {
    target = parseTarget(url, remember);
  } catch (err) {
    if (err instanceof TargetError) return { reply: errorReply(400, err.message) };
    throw err;
  }
  const path = target.path;
  const found = path.charCodeAt(0) === 47 /* / */ ? findPath(table, path) : undefined;
  if (found === undefined) return { reply: unknownEndpoint(table, method, path) };
  const { node, rest } = found;
  const r = node.byMethod.get(method);
  if (r === undefined) {
    // Endpoints without a path take at most a trailing slash (/query/ is /query; /query/x is unknown).
    if (rest !== '' && ![...node.byMethod.values()].some((c) => c.hasPath)) return { reply: unknownEndpoint(table, method, path) };
    if (method === 'OPTIONS') return { reply: { status: 204, headers: { Allow: `${node.allow}, OPTIONS` }, body: '' } };
    return { reply: errorReply(405, `method ${shown(method)} is not allowed on ${node.label}: use ${either([...node.byMethod.keys()])}`, undefined, { Allow: node.allow }) };
  }
  if (!r.hasPath && rest !== '') return { reply: unknownEndpoint(table, method, path) };
  const params = readParams(r.params, target.params, remember);
  if ('reply' in params) return params;
  return Object.freeze({ method, compiled: r, rest, raw: target.params, params: params.value });
}
