// The router's options and what its handlers see. Requests and replies are the REST contract's
// (src/shared/protocol), re-exported here for the router's users.
import type { Breakpoints } from '../breakpoints';
import type { World } from '../ecs';
import type { DialectNames } from '../json';
import type { QueryBudget, QueryCache } from '../query';
import type { EndpointSpec, RestReply } from '../protocol';
export type { RestReply, RestRequest } from '../protocol';

/** Options of the router. */
export interface RouterOptions {
  /** Largest `limit` a /query may ask for, in entities (default 10,000). */
  maxLimit?: number;
  /**
   * Serve a GET /entity or /query again from the reply made for the same target while the world
   * is unchanged (world.changeCount), instead of serializing anew (default true).
   */
  replyCache?: boolean;
  /**
   * Keep compiled ad-hoc queries (/query?q=) by their text, with their matched tables, so a text
   * asked before is not parsed, planned and matched again (default true).
   */
  queryCache?: boolean;
  /**
   * Most work the queries of one request may do, in evaluation steps (default
   * DEFAULT_MAX_QUERY_STEPS); a request that needs more is refused with a 400 naming the limit.
   */
  maxQuerySteps?: number;
  /** Title of the OpenAPI document (default: the World's doc name). */
  title?: string;
  /**
   * 'flecs-3.2': answer queries in the reference server's shape where it differs from the
   * contract (see ReplyShape), with its limits: default 1000 entities, limit=0 = up to maxLimit.
   */
  compat?: CompatMode;
  /**
   * The app that runs the world (--compat flecs-4 only): the Flecs 4 heartbeat reports its frame
   * count and target fps, and clients set target_fps through it.
   */
  app?: { readonly frameCount: number; targetFps: number };
  /** The host's breakpoints (PUT/DELETE /breakpoint/<name>, GET /breakpoints); without them those answer 501. */
  breakpoints?: Breakpoints;
  /** The world's history (--history): records writes, answers `at=`, serves /history. Absent: history is off. */
  history?: RouterHistory;
}

/**
 * Time travel, as the router uses it (the history module's History has this shape): every write
 * the router applied is recorded as an input, reads with `at=<frame>` are answered by a router
 * standing at that frame, and the /history endpoints report and restore.
 */
export interface RouterHistory {
  /** A write was applied (answered below 400): its method and target as sent. */
  recordInput(method: string, url: string): void;
  /** Why `frame` cannot be read (outside the window), or undefined when it can. */
  outsideWindow(frame: number): string | undefined;
  /** A router answering as the world was after `frame` (which is in the window). */
  viewAt(frame: number): { route(method: string, url: string): RestReply };
  /** The recorded range and marks, as GET /history sends them. */
  summary(): object;
  /** Makes the live world that of `frame` (paused; later frames dropped). Throws a RangeError outside the window. */
  restore(frame: number): void;
  /** The recording up to `to` (default: the last frame), as it stands now, as one compressed history file made between frames. Throws a RangeError outside the window. */
  exportFileLater(to?: number): Promise<Uint8Array>;
  /** Opens a history file, read and tried between frames: the live world becomes its first frame (paused). Rejects with an Error with `name` 'HistoryFileError' naming what is wrong, changing nothing. */
  importFileLater(bytes: Uint8Array): Promise<{ first: number; last: number }>;
  /** Makes the viewport draw `frame` (in the window), marked as the past; undefined: the live world again. */
  setView(frame: number | undefined): void;
}

/**
 * The reference server a compat mode imitates: 'flecs-3.2' (the contract's endpoints in the 3.2
 * server's shapes) or 'flecs-4' (the Flecs 4 REST API: its endpoints, parameters and shapes).
 */
export type CompatMode = 'flecs-3.2' | 'flecs-4';

/** Values of the `--compat` option, for the command line and error messages. */
export const COMPAT_MODES: readonly CompatMode[] = ['flecs-3.2', 'flecs-4'];

/** What a handler gets besides its parsed parameters: the world, the raw parameters and the raw path after the endpoint. */
export interface RouteContext {
  readonly world: World;
  readonly method: string;
  /** The endpoint asked, as its usage (`/enable/<path>`, `/set/<path>?data=…`), for messages. */
  readonly endpoint: string;
  /** Raw (not yet decoded) rest of the path after `/<endpoint>/`. */
  readonly rest: string;
  /** Decoded parameters as sent (first occurrence wins); the handler's second argument holds them parsed. */
  readonly params: Readonly<Record<string, string>>;
  readonly options: Required<Pick<RouterOptions, 'maxLimit' | 'maxQuerySteps'>> & RouterOptions;
  /** Compiled ad-hoc queries by text (absent when the router keeps none). */
  readonly queries?: QueryCache;
  /** The router's endpoint table (its dialect's), e.g. for /openapi.json. */
  readonly endpoints: readonly EndpointSpec[];
  /** The names requests are read in and replies printed in (its dialect's: `ecs.*`, or the reference's `flecs.*`). */
  readonly names: DialectNames;
  /** The budget the caller gave this request's queries (watch feeds share one per frame); absent: a fresh one of maxQuerySteps. */
  readonly budget?: QueryBudget;
  /** The request body, for a row that takes one (its `body`); undefined when none was sent. */
  readonly body?: Uint8Array;
}

/** An endpoint handler: `params` are the request's parameters parsed by the row's zod table (defaults filled in). */
export type Handler<P = Readonly<Record<string, unknown>>> = (ctx: RouteContext, params: P) => RestReply;
