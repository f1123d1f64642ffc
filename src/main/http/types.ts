// The transport's own public shapes. The request and reply it passes to the router are the REST
// contract's (src/shared/protocol), re-exported here for the transport's users.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { EventFeedOpener } from './event-streams';
export type { RestHandler, RestReply, RestRequest } from '../../shared/protocol';

/** Takes over an upgraded connection (e.g. a WebSocket handshake) for one path. */
export type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** The methods of the REST handler, as its endpoint table lists them (without OPTIONS and HEAD). */
export interface RestMethods {
  /** Every method some endpoint answers: a CORS preflight from an origin that may write grants these. */
  readonly all: readonly string[];
  /** The ones that change the world: the write policy (origin, token) applies to them. */
  readonly writes: readonly string[];
}

/** Handles a request of a mounted path (MCP at /mcp); `body` is the parsed JSON body (undefined without one). */
export type MountHandler = (req: IncomingMessage, res: ServerResponse, body: unknown) => void;

/** Serves the static pages; called only for paths isStaticPagePath (request-route.ts) accepts. */
export type StaticPagesHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** A mounted path and its handler. */
export interface Mount {
  readonly path: string;
  readonly handle: MountHandler;
}

/** Options of the transport; every field has a default in DEFAULT_HTTP_OPTIONS. */
export interface HttpOptions {
  /** TCP port (default 27750; 0 picks a free port). */
  port: number;
  /** Address to bind (default '127.0.0.1'); a non-loopback address turns the Host check off. */
  address: string;
  /** Bearer token that lets foreign origins use PUT (default: none, so they cannot). */
  token: string | undefined;
  /** Longest request target in bytes (default 65536); longer is answered 414. */
  maxTargetBytes: number;
  /** Time in ms a connection may take to send complete request headers, silent or not (default 10000). */
  idleTimeoutMs: number;
  /** Time in ms a client may take to send a whole request, head and body; also the longest a connection may go without any traffic, e.g. a reply left unread (default 30000). */
  requestTimeoutMs: number;
  /** Time in ms an idle keep-alive connection is kept open between requests (default 5000). */
  keepAliveTimeoutMs: number;
  /** Open connections at most (default 1024); connections beyond it get a 503 and are closed. */
  maxConnections: number;
  /** Largest request body in bytes (default 65536); bodies are ignored, a larger one is answered 413. */
  maxBodyBytes: number;
  /** Largest body of a request that takes one (a history file to PUT /history/import; default 256 MiB); larger is answered 413. */
  maxFileBytes: number;
  /** Request paths (without query) whose PUT body the REST handler reads, within maxFileBytes (default: none). */
  bodyPaths: readonly string[];
  /** Folder of the built pages (e.g. out/renderer) served at /viewport/, /explorer/ and /assets/ (default: none). */
  staticRoot: string | undefined;
  /** Extra origins (e.g. 'http://mybox.local:27750') treated as the app's own pages for PUT (default: none). */
  appOrigins: readonly string[];
  /** Open watch streams at most, all clients together (default 256); more are answered 503. */
  maxWatches: number;
  /** Open watch streams at most from one client address (default 32); more are answered 429. */
  maxWatchesPerClient: number;
  /** Milliseconds of silence after which a watch stream gets a heartbeat comment (default 15000). */
  watchHeartbeatMs: number;
  /** Milliseconds a watch stream's socket may stay backed up (taking no event whole) before the stream is reset (default WATCH_MAX_LAG_MS, 1000). */
  watchResetMs: number;
  /** Methods of the REST handler (the host passes its router's, derived from the endpoint table; default GET, with PUT writing). */
  restMethods: RestMethods;
}

/** Monotonic request and send counters for the monitor; it samples and differentiates them. */
export interface HttpCounters {
  /** Requests received (complete or malformed); equals the sum of the five outcome counts below once idle. */
  request_received_count: number;
  /** Malformed or over-limit requests answered by the transport (400, 408, 413, 414, 431). */
  request_invalid_count: number;
  /** Requests answered with a status below 400. */
  request_handled_ok_count: number;
  /** Requests answered with a status of 400 or more, except unknown endpoints (includes 403 by policy, 500). */
  request_handled_error_count: number;
  /** Requests the router answered 404 "unknown endpoint ...". */
  request_not_handled_count: number;
  /** OPTIONS requests answered by the transport (CORS preflights). */
  request_preflight_count: number;
  /** Replies written completely. */
  send_ok_count: number;
  /** Replies that could not be written completely (the client went away first). */
  send_error_count: number;
  /** Connections refused with 503 because maxConnections were open. */
  busy_count: number;
  /** Reply body bytes written (headers not included). */
  bytes_sent: number;
}

/** A running (or ready-to-run) HTTP transport in front of one RestHandler. */
export interface HttpTransport {
  /** Starts listening; resolves with the bound address and port, rejects with a clear message if the port is taken. */
  listen(): Promise<{ address: string; port: number }>;
  /** Stops accepting, ends idle connections and resolves when all are closed (at most ~1 s; the rest is destroyed). */
  close(): Promise<void>;
  /** The underlying node:http server. */
  readonly server: Server;
  /** Live counters (the same object for the transport's lifetime). */
  readonly counters: HttpCounters;
  /** Hands upgrade requests for exactly `path` (query ignored) to `fn`; upgrades on other paths are answered as plain requests. */
  onUpgrade(path: string, fn: UpgradeListener): void;
  /** Serves GET requests whose target starts with one of `prefixes` (e.g. '/watch/') as Server-Sent Event streams fed by `opener`; their streams share the limits. */
  onEvents(prefixes: readonly string[], opener: EventFeedOpener): void;
  /** Serves every request for exactly `path` (query ignored) with `handle`, behind the Host check, the PUT origin policy and the body limit (MCP at /mcp). */
  onMount(path: string, handle: MountHandler): void;
  /** Event streams open now. */
  readonly openStreams: number;
  /** Sends the faults caught at the transport's boundaries to `fn` (the host's fault record) instead of stderr. */
  onFault(fn: FaultReporter): void;
}

/** Where a part of the transport that threw is reported: a REST handler, a watch stream, a mounted protocol. */
export type FaultReporter = (kind: 'request' | 'stream' | 'mcp', part: string, err: unknown) => void;
