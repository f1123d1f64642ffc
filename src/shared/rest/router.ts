// The REST router: a pure function from a request (method, raw target) to a reply (status,
// headers, JSON text). It reads and changes the world synchronously, so the host runs it between
// frames and a GET after a PUT sees the change. Nothing here knows about sockets.
//
// A request walks named steps: the reply cache (a GET seen in this world state) → the route
// (route-table.ts resolve: the target's path and decoded parameters, the dialect's endpoint table
// with 404, 405 + Allow and OPTIONS, the row's zod table with 400) → the handler → the cache policy.
import type { World } from '../ecs';
import { QueryCache, type QueryBudget } from '../query';
import { DEFAULT_MAX_LIMIT, DEFAULT_MAX_QUERY_STEPS } from '../protocol';
import { dialectOf } from './dialects';
import { ReplyCache } from './reply-cache';
import { errorReply } from './common';
import { compileTable, resolveRoute, type RouteTable } from './route-table';
import type { RestReply, RestRequest, RouteContext, RouterOptions } from './types';
import { TargetError } from './target';

/** The router: callable as a RestHandler, plus `route` for in-process calls. */
export interface Router {
  (req: RestRequest): RestReply;
  /**
   * Answers one request synchronously (tests, the explorer's local mode). `budget`, when given,
   * is what its queries may spend (watch feeds pass a share of their frame's) instead of a fresh
   * budget of maxQuerySteps; a reply from the reply cache spends nothing.
   */
  route(method: string, url: string, headers?: Record<string, string | undefined>, budget?: QueryBudget, body?: Uint8Array): RestReply;
  /** The work one request's queries may do, in evaluation steps (the maxQuerySteps option or its default). */
  readonly maxQuerySteps: number;
  /** Every method some endpoint answers (the transport's CORS preflights grant these, besides OPTIONS). */
  readonly methods: readonly string[];
  /** The methods that change the world (the transport applies its write policy to them). */
  readonly writeMethods: readonly string[];
  /** The compiled endpoint table of the router's dialect. */
  readonly table: RouteTable;
}

/** The target without every `name=...` parameter (the others keep their text as sent). */
function withoutParam(url: string, name: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const kept = query.split('&').filter((p) => p !== name && !p.startsWith(`${name}=`));
  return `${url.slice(0, q)}${kept.length ? `?${kept.join('&')}` : ''}`;
}

/** Creates the router of a world. */
export function createRouter(world: World, options: RouterOptions = {}): Router {
  const maxLimit = options.maxLimit ?? DEFAULT_MAX_LIMIT;
  if (!Number.isInteger(maxLimit) || maxLimit < 1) throw new RangeError(`router option maxLimit must be a positive integer, got ${maxLimit}`);
  const maxQuerySteps = options.maxQuerySteps ?? DEFAULT_MAX_QUERY_STEPS;
  if (!Number.isInteger(maxQuerySteps) || maxQuerySteps < 1) throw new RangeError(`router option maxQuerySteps must be a positive integer, got ${maxQuerySteps}`);
  const opts = { ...options, maxLimit, maxQuerySteps };
  const dialect = dialectOf(options.compat);
  const table = compileTable(dialect.rows({ maxLimit, maxQuerySteps }));
  dialect.attach?.(world, opts);
  const cache = options.replyCache === false ? undefined : new ReplyCache(world);
  // The dialect's names: requests are read in them (paths, query names, /set, vars), replies printed in them.
  const names = dialect.names;
  const resolve = names.identity ? undefined : (text: string) => names.lookupSymbol(world, text);
  const queries = options.queryCache === false ? undefined : new QueryCache(world, undefined, resolve);

  const history = options.history;

  /** A read with at=<frame>: answered by a router standing at that frame, with `at` taken out. */
  function pastReply(method: string, url: string, frame: number): RestReply {
    if (history === undefined) return errorReply(400, `at=${frame} reads the past, but history is off: start the host with --history <seconds> (0 turns it off)`);
    const why = history.outsideWindow(frame);
    if (why !== undefined) return errorReply(404, why);
    return history.viewAt(frame).route(method, withoutParam(url, 'at'));
  }

  function route(method: string, url: string, budget?: QueryBudget, body?: Uint8Array): RestReply {
    const cached = cache !== undefined && method === 'GET' ? cache.get(url) : undefined;
    if (cached !== undefined) return cached;
    const found = resolveRoute(table, method, url);
    if ('reply' in found) return found.reply;
    const { compiled: r, rest } = found;
    // One shape for every request (spreading optional fields in made one per combination).
    const ctx: RouteContext = { world, method, endpoint: r.usage, rest, params: found.raw, options: opts, queries, endpoints: table.rows, names, budget, body };
    const at = (found.params as { at?: number }).at;
    if (at !== undefined) return pastReply(method, url, at);
    const before = world.changeCount;
    let reply: RestReply;
    try {
      reply = r.row.handler(ctx, found.params);
    } catch (err) {
      if (err instanceof TargetError) return errorReply(400, err.message);
      throw err;
    }
    if (history !== undefined && reply.status < 400 && r.row.notAnInput !== true && table.writeMethods.includes(method)) history.recordInput(method, url);
    // Kept for the same target while nothing changes (the row's cache policy).
    if (cache !== undefined && r.cached && method === 'GET' && reply.status === 200 && world.changeCount === before
      && r.row.uncachedWhen?.(found.params) !== true) {
      reply.cacheable = true;
      cache.put(url, reply);
    }
    return reply;
  }

  const handler = ((req: RestRequest) => route(req.method, req.url, undefined, req.body)) as Router & {
    methods: readonly string[]; writeMethods: readonly string[]; table: RouteTable; maxQuerySteps: number;
  };
  handler.route = (method, url, _headers, budget, body) => route(method, url, budget, body);
  handler.maxQuerySteps = maxQuerySteps;
  handler.methods = table.methods;
  handler.writeMethods = table.writeMethods;
  handler.table = table;
  return handler;
}
