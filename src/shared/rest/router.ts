// The REST router: a pure function from a request (method, raw target) to a reply (status,
// headers, JSON text). It reads and changes the world synchronously, so the host runs it between
// frames and a GET after a PUT sees the change. Nothing here knows about sockets.
import type { World } from '../ecs';
import { QueryCache } from '../query';
import { DEFAULT_MAX_LIMIT, restEndpoints } from '../protocol';
import { getEntity } from './get-entity';
import { getOpenApi } from './get-openapi';
import { getQuery } from './get-query';
import { getStats } from './get-stats';
import { getTables } from './get-tables';
import { getWorld } from './get-world';
import { putDelete } from './put-delete';
import { putDisable, putEnable } from './put-enable';
import { putSet } from './put-set';
import { ReplyCache } from './reply-cache';
import { errorReply, shown } from './replies';
import type { Handler, RestReply, RestRequest, RouteContext, RouterOptions } from './types';
import { TargetError, parseTarget } from './target';

interface Route {
  readonly method: string;
  readonly handler: Handler;
  /** True when the endpoint takes a path after its name (/entity/<path>). */
  readonly hasPath: boolean;
}

const HANDLERS: Readonly<Record<string, Handler>> = {
  entity: getEntity, query: getQuery, enable: putEnable, disable: putDisable, delete: putDelete, set: putSet,
  stats: getStats, world: getWorld, tables: getTables, 'openapi.json': getOpenApi,
};

const ROUTES: ReadonlyMap<string, Route> = new Map(restEndpoints().map((ep) => [
  ep.segment, { method: ep.method, handler: HANDLERS[ep.segment]!, hasPath: ep.pathParams.length > 0 },
]));

/** Endpoints whose successful GET replies depend on nothing but the world's state (and the URL). */
const CACHED = new Set(['entity', 'query']);

const ENDPOINT_LIST = 'GET /entity/<path>, GET /query?q=…, PUT /enable/<path>, PUT /disable/<path>, PUT /delete/<path>, '
  + 'PUT /set/<path>?data=…, GET /stats/<category>/<period>, GET /world, GET /tables, GET /openapi.json';

/** The router: callable as a RestHandler, plus `route` for in-process calls. */
export interface Router {
  (req: RestRequest): RestReply;
  /** Answers one request synchronously (tests, the explorer's local mode). */
  route(method: string, url: string, headers?: Record<string, string | undefined>): RestReply;
}

function unknownEndpoint(method: string, path: string): RestReply {
  const reply = errorReply(404, `unknown endpoint '${method} ${path.length > 100 ? `${path.slice(0, 100)}…` : path}': the endpoints are ${ENDPOINT_LIST}`);
  reply.notFound = 'endpoint';
  return reply;
}

/** Creates the router of a world. */
export function createRouter(world: World, options: RouterOptions = {}): Router {
  const maxLimit = options.maxLimit ?? DEFAULT_MAX_LIMIT;
  if (!Number.isInteger(maxLimit) || maxLimit < 1) throw new RangeError(`router option maxLimit must be a positive integer, got ${maxLimit}`);
  const opts = { ...options, maxLimit };
  const cache = options.replyCache === false ? undefined : new ReplyCache(world);
  const queries = options.queryCache === false ? undefined : new QueryCache(world);

  function route(method: string, url: string): RestReply {
    const cached = cache !== undefined && method === 'GET' ? cache.get(url) : undefined;
    if (cached !== undefined) return cached;
    let target;
    try {
      target = parseTarget(url);
    } catch (err) {
      if (err instanceof TargetError) return errorReply(400, err.message);
      throw err;
    }
    const path = target.path;
    if (path.charCodeAt(0) !== 47 /* / */) return unknownEndpoint(method, path);
    const slash = path.indexOf('/', 1);
    const segment = slash < 0 ? path.slice(1) : path.slice(1, slash);
    const rest = slash < 0 ? '' : path.slice(slash + 1);
    const r = ROUTES.get(segment);
    // Endpoints without a path take at most a trailing slash (/query/ is /query; /query/x is unknown).
    if (!r || (!r.hasPath && rest !== '')) return unknownEndpoint(method, path);
    if (method !== r.method) {
      if (method === 'OPTIONS') return { status: 204, headers: { Allow: `${r.method}, OPTIONS` }, body: '' };
      return errorReply(405, `method ${shown(method)} is not allowed on /${segment}: use ${r.method}`, undefined, { Allow: r.method });
    }
    const ctx: RouteContext = { world, method, rest, params: target.params, options: opts, queries };
    const before = world.changeCount;
    let reply: RestReply;
    try {
      reply = r.handler(ctx);
    } catch (err) {
      if (err instanceof TargetError) return errorReply(400, err.message);
      throw err;
    }
    // Kept for the same target while nothing changes; a reply that reports time (duration) is not.
    if (cache !== undefined && method === 'GET' && reply.status === 200 && CACHED.has(segment)
      && target.params.duration === undefined && world.changeCount === before) {
      reply.cacheable = true;
      cache.put(url, reply);
    }
    return reply;
  }

  const handler = ((req: RestRequest) => route(req.method, req.url)) as Router;
  handler.route = (method, url) => route(method, url);
  return handler;
}
