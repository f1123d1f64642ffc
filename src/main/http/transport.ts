// The HTTP transport: a node:http server with the limits, policies and counters of
// docs/security-and-limits.md, in front of the pure REST router. This file wires the named
// pieces: the server's settings (server-settings.ts), the connection limit (connections.ts),
// requests node cannot parse (client-errors.ts), the request path (request-listener.ts),
// upgrades (upgrades.ts), listening (listen.ts) and closing (server-close.ts).
import { createServer, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FaultReporter, HttpCounters, HttpOptions, HttpTransport, MountHandler, RestHandler, UpgradeListener } from './types';
import { resolveHttpOptions } from './options';
import { createHttpCounters } from './counters';
import { canonicalAppOrigins } from './policy';
import { isLoopbackAddress } from './host-names';
import { errorBody, rawJsonReply } from './json-error';
import { clientErrorListener } from './client-errors';
import { ConnectionTracker } from './connections';
import { createStaticPages } from './static-pages';
import { createRequestListener } from './request-listener';
import type { ServerState } from './request-path';
import { EventStreams, type EventFeedOpener } from './event-streams';
import { MAX_HEADER_BYTES, serverSettings } from './server-settings';
import { upgradeListener } from './upgrades';
import { listenOn } from './listen';
import { closeServer } from './server-close';

/**
 * Creates (but does not start) the transport. `options` may leave out anything that has a
 * default (DEFAULT_HTTP_OPTIONS); a bad option throws a RangeError naming it.
 */
export function createHttpTransport(options: Partial<HttpOptions>, handler: RestHandler): HttpTransport {
  const o = resolveHttpOptions(options);
  const counters: HttpCounters = createHttpCounters();
  const connections = new ConnectionTracker();
  const upgrades = new Map<string, UpgradeListener>();
  const hostCheck = isLoopbackAddress(o.address);
  const state: ServerState = { closing: false, events: undefined, mount: undefined, responses: new WeakMap<Socket, ServerResponse>() };
  let closed: Promise<void> | undefined;
  // Until the host gives its fault record, faults go to stderr (once each, as the record logs them).
  let fault: FaultReporter = (kind, part, err) => console.error(`ecs-live http: ${kind} '${part}' failed:`, err);

  const listener = createRequestListener({
    options: o, handler, counters, appOrigins: canonicalAppOrigins(o.appOrigins), hostCheck, server: state,
    onHandlerError: (err, req) => fault('request', `${req.method} ${req.url.slice(0, 200)}`, err),
    onFault: (kind, part, err) => fault(kind, part, err),
    staticPages: o.staticRoot === undefined ? undefined : createStaticPages(o.staticRoot),
  });
  const server = createServer(serverSettings(o), listener);
  // Also bounds how long a client may leave a reply unread (a stalled socket), ms.
  server.timeout = o.requestTimeoutMs;

  server.on('connection', (socket: Socket) => {
    if (connections.add(socket, o.maxConnections)) return;
    counters.busy_count++;
    connections.replyAndClose(socket, rawJsonReply(503,
      errorBody(`server busy: ${o.maxConnections} connections are open (the server's --max-connections); retry later or close idle connections`),
      { 'Retry-After': '1' }));
  });
  server.on('clientError', clientErrorListener({
    limits: { maxTargetBytes: o.maxTargetBytes, maxHeaderBytes: MAX_HEADER_BYTES }, counters, connections, responses: state.responses,
  }));
  server.on('upgrade', upgradeListener({ listeners: upgrades, hostCheck, server: state, counters, connections, plain: listener }));
  // Errors after listen() (e.g. out of file descriptors on accept) must not end the host.
  server.on('error', (err) => {
    if (server.listening) console.error('ecs-live http: server error:', err);
  });

  return {
    listen: () => listenOn(server, o.port, o.address),
    close(): Promise<void> {
      if (closed) return closed;
      state.closing = true;
      state.events?.streams.closeAll('the server is stopping');
      return (closed = closeServer(server, connections));
    },
    server,
    counters,
    onUpgrade(path: string, fn: UpgradeListener): void {
      if (!path.startsWith('/')) throw new RangeError(`upgrade path '${path}' must start with '/', e.g. '/frames'`);
      upgrades.set(path, fn);
    },
    onEvents(prefixes: readonly string[], opener: EventFeedOpener): void {
      for (const prefix of prefixes) {
        if (!prefix.startsWith('/') || !prefix.endsWith('/')) throw new RangeError(`event stream prefix '${prefix}' must start and end with '/', e.g. '/watch/'`);
      }
      state.events = {
        prefixes,
        streams: new EventStreams({
          maxStreams: o.maxWatches, maxStreamsPerClient: o.maxWatchesPerClient, heartbeatMs: o.watchHeartbeatMs, maxBackedUpMs: o.watchResetMs,
        }, opener, (part, err) => fault('stream', part, err)),
      };
    },
    onMount(path: string, handle: MountHandler): void {
      if (!path.startsWith('/')) throw new RangeError(`mount path '${path}' must start with '/', e.g. '/mcp'`);
      state.mount = { path, handle };
    },
    onFault(fn: FaultReporter): void {
      fault = fn;
    },
    get openStreams(): number {
      return state.events?.streams.count ?? 0;
    },
  };
}
