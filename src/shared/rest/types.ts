// The router's request and reply shapes. They match the HTTP transport's RestRequest/RestReply/
// RestHandler (src/main/http/types.ts) structurally, so the transport takes the router as is.
import type { World } from '../ecs';

/** One request: method, raw request target (never decoded), lower-case headers. */
export interface RestRequest {
  /** Upper-case method (GET, PUT, …). */
  method: string;
  /** Raw target, e.g. `/set/Sun&data=%7B...`; parameters start at the first `?` or `&`. */
  url: string;
  /** Request headers with lower-case names (unused by the router today). */
  headers?: Record<string, string | undefined>;
}

/** A reply: status, extra headers (e.g. `Allow`), JSON text. */
export interface RestReply {
  status: number;
  headers?: Record<string, string>;
  /** JSON text (errors are `{"error": "..."}`); empty only for 204. */
  body: string;
}

/** Options of the router. */
export interface RouterOptions {
  /** Largest `limit` a /query may ask for, in entities (default 10,000). */
  maxLimit?: number;
  /**
   * Serve a GET /entity or /query again from the reply made for the same target while the world
   * is unchanged (world.changeCount), instead of serializing anew (default true).
   */
  replyCache?: boolean;
  /** Title of the OpenAPI document (default: the World's doc name). */
  title?: string;
  /**
   * 'flecs-3.2': answer queries in the reference server's shape where it differs from the
   * contract (see ReplyShape), with its limits: default 1000 entities, limit=0 = up to maxLimit.
   */
  compat?: CompatMode;
}

/** The reference server a compat mode imitates. */
export type CompatMode = 'flecs-3.2';

/** Values of the `--compat` option, for the command line and error messages. */
export const COMPAT_MODES: readonly CompatMode[] = ['flecs-3.2'];

/** What a handler gets: the world, the decoded parameters and the raw path after the endpoint. */
export interface RouteContext {
  readonly world: World;
  readonly method: string;
  /** Raw (not yet decoded) rest of the path after `/<endpoint>/`. */
  readonly rest: string;
  /** Decoded parameters (first occurrence wins). */
  readonly params: Readonly<Record<string, string>>;
  readonly options: Required<Pick<RouterOptions, 'maxLimit'>> & RouterOptions;
}

/** An endpoint handler. */
export type Handler = (ctx: RouteContext) => RestReply;
