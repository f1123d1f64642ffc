// What the steps of the request path share (guard → route → handle → write): the transport's
// options and counters, the router, and the server's state, which the transport changes as it
// starts and stops and every step reads as a field (no call back into the transport).
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { EventStreams } from './event-streams';
import type { ReplyWriter } from './reply-writer';
import type { HttpCounters, HttpOptions, Mount, RestHandler, RestRequest, StaticPagesHandler, FaultReporter } from './types';

/** The server's state as the request path reads it; the transport sets the fields. */
export interface ServerState {
  /** True once close() began: replies then close their connection. */
  closing: boolean;
  /** Event streams (watches) and the target prefixes they serve, once registered. */
  events: { readonly prefixes: readonly string[]; readonly streams: EventStreams } | undefined;
  /** A path served by another protocol on this port (MCP at /mcp), once mounted. */
  mount: Mount | undefined;
  /**
   * The latest response of each connection: a request that node cannot parse on a connection
   * whose reply is being written closes it, rather than writing an error into that reply.
   */
  readonly responses: WeakMap<Socket, ServerResponse>;
}

/** What the request listener needs from the transport. */
export interface RequestListenerContext {
  /** Resolved transport options. */
  readonly options: HttpOptions;
  /** The pure REST router. */
  readonly handler: RestHandler;
  /** Counters to update. */
  readonly counters: HttpCounters;
  /** Canonical app origins (see canonicalAppOrigins). */
  readonly appOrigins: ReadonlySet<string>;
  /** Whether the DNS-rebinding Host check is on (bound to loopback). */
  readonly hostCheck: boolean;
  /** Static pages, when a staticRoot is configured. */
  readonly staticPages: StaticPagesHandler | undefined;
  /** The server's state (closing, event streams, mount). */
  readonly server: ServerState;
  /** Reports a handler that threw or returned something that is not a reply. */
  onHandlerError(err: unknown, req: RestRequest): void;
  /** Reports a part that threw at the request path's boundaries (a watch stream's opener, a mounted protocol's handler). */
  readonly onFault: FaultReporter;
}

/** The parts every step of the request path uses: the context, the Host check with its cache of verdicts, the reply writer. */
export interface RequestPath extends RequestListenerContext {
  readonly hostError: (host: string | undefined) => string | undefined;
  readonly writer: ReplyWriter;
}
