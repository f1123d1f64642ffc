// The HTTP transport: a node:http server with the limits, policies and counters of
// docs/security-and-limits.md, in front of the pure REST router.
import { createServer, ServerResponse, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { HttpCounters, HttpOptions, HttpTransport, Mount, MountHandler, RestHandler, RestRequest, UpgradeListener } from './types';
import { resolveHttpOptions } from './options';
import { createHttpCounters } from './counters';
import { canonicalAppOrigins, checkHost } from './policy';
import { isLoopbackAddress } from './host-names';
import { errorBody, rawJsonReply } from './json-error';
import { describeClientError } from './client-errors';
import { ConnectionTracker } from './connections';
import { createStaticPages } from './static-pages';
import { createRequestListener } from './request-listener';
import { EventStreams, type EventFeedOpener } from './event-streams';
import { WATCH_MAX_LAG_MS } from '../../shared/protocol';

/** Headers budget beyond the request line, bytes (node's own default for all of it is 16 KiB). */
export const MAX_HEADER_BYTES = 16_384;
/** How long close() lets in-flight replies finish before destroying what is left, ms. */
export const CLOSE_GRACE_MS = 500;

function logHandlerError(err: unknown, req: RestRequest): void {
  console.error(`ecs-live http: the REST handler failed on ${req.method} ${req.url.slice(0, 200)}:`, err);
}

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
  let closing = false;
  let closed: Promise<void> | undefined;
  let events: { prefix: string; streams: EventStreams } | undefined;
  let mount: Mount | undefined;

  const listener = createRequestListener({
    options: o,
    handler,
    counters,
    appOrigins: canonicalAppOrigins(o.appOrigins),
    hostCheck,
    staticPages: o.staticRoot === undefined ? undefined : createStaticPages(o.staticRoot),
    isClosing: () => closing,
    onHandlerError: logHandlerError,
    events: () => events,
    mount: () => mount,
  });

  const server = createServer({
    // Long enough for a maximal target plus ordinary headers, so our 414 answers, not node's 431.
    maxHeaderSize: o.maxTargetBytes + MAX_HEADER_BYTES + 64,
    headersTimeout: o.idleTimeoutMs,
    requestTimeout: o.requestTimeoutMs,
    keepAliveTimeout: o.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(o.idleTimeoutMs / 4))),
    // HTTP/1.1 requests without Host are answered like the reference server does (capture 263).
    requireHostHeader: false,
  }, listener);
  // Also bounds how long a client may leave a reply unread (a stalled socket), ms.
  server.timeout = o.requestTimeoutMs;

  server.on('connection', (socket: Socket) => {
    if (connections.add(socket, o.maxConnections)) return;
    counters.busy_count++;
    connections.replyAndClose(socket, rawJsonReply(503,
      errorBody(`server busy: ${o.maxConnections} connections are open (the server's --max-connections); retry later or close idle connections`),
      { 'Retry-After': '1' }));
  });

  server.on('clientError', (err: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => {
    if (connections.isFinished(socket)) return;
    // A connection that never sent a byte (a browser's preconnect, a port scan) is not a request.
    const silent = (socket as Socket).bytesRead === 0;
    const reply = describeClientError(err, { maxTargetBytes: o.maxTargetBytes, maxHeaderBytes: MAX_HEADER_BYTES });
    const busyWriting = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (silent || !reply || busyWriting || !socket.writable) {
      socket.destroy();
      return;
    }
    counters.request_received_count++;
    counters.request_invalid_count++;
    connections.replyAndClose(socket, rawJsonReply(reply.status, errorBody(reply.message)));
  });

  // An upgrade nobody registered for (curl --http2 asks for h2c on plain GETs) is answered
  // as the ordinary HTTP request it also is, then the connection is closed.
  function answerAsPlainRequest(req: IncomingMessage, socket: Socket): void {
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket);
    res.once('finish', () => {
      res.detachSocket(socket);
      socket.destroySoon();
    });
    listener(req, res);
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const fn = upgrades.get(q < 0 ? url : url.slice(0, q));
    if (fn === undefined) {
      answerAsPlainRequest(req, socket as Socket);
      return;
    }
    counters.request_received_count++;
    const refusedHost = hostCheck ? checkHost(req.headers.host, true) : undefined;
    if (refusedHost !== undefined || closing) {
      counters.request_handled_error_count++;
      const message = refusedHost ?? 'server is shutting down: reconnect when it is back';
      connections.replyAndClose(socket, rawJsonReply(refusedHost !== undefined ? 403 : 503, errorBody(message)));
      return;
    }
    counters.request_handled_ok_count++;
    fn(req, socket, head);
  });

  // Errors after listen() (e.g. out of file descriptors on accept) must not end the host.
  server.on('error', (err) => {
    if (server.listening) console.error('ecs-live http: server error:', err);
  });

  function listen(): Promise<{ address: string; port: number }> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error & { code?: string }): void => {
        if (err.code === 'EADDRINUSE') reject(new Error(`port ${o.port} is already in use on ${o.address}: stop the other program or pass --port <n>`));
        else if (err.code === 'EACCES') reject(new Error(`not allowed to listen on ${o.address}:${o.port}: pick a port above 1023 with --port <n>`));
        else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') reject(new Error(`cannot listen on address '${o.address}': it is not an address of this machine; pass --address <ip> with one of its addresses`));
        else reject(new Error(`cannot listen on ${o.address}:${o.port}: ${err.message}`));
      };
      server.once('error', onError);
      server.listen(o.port, o.address, () => {
        server.off('error', onError);
        const a = server.address() as AddressInfo;
        resolve({ address: a.address, port: a.port });
      });
    });
  }

  function close(): Promise<void> {
    if (closed) return closed;
    closing = true;
    events?.streams.closeAll('the server is stopping');
    closed = new Promise<void>((resolve) => {
      if (!server.listening) {
        connections.destroyAll();
        resolve();
        return;
      }
      const grace = setTimeout(() => {
        server.closeAllConnections();
        connections.destroyAll();
      }, CLOSE_GRACE_MS);
      server.close(() => {
        clearTimeout(grace);
        resolve();
      });
      server.closeIdleConnections();
    });
    return closed;
  }

  return {
    listen,
    close,
    server,
    counters,
    onUpgrade(path: string, fn: UpgradeListener): void {
      if (!path.startsWith('/')) throw new RangeError(`upgrade path '${path}' must start with '/', e.g. '/frames'`);
      upgrades.set(path, fn);
    },
    onEvents(prefix: string, opener: EventFeedOpener): void {
      if (!prefix.startsWith('/') || !prefix.endsWith('/')) throw new RangeError(`event stream prefix '${prefix}' must start and end with '/', e.g. '/watch/'`);
      events = {
        prefix,
        streams: new EventStreams({
          maxStreams: o.maxWatches, maxStreamsPerClient: o.maxWatchesPerClient, heartbeatMs: o.watchHeartbeatMs, maxBackedUpMs: WATCH_MAX_LAG_MS,
        }, opener),
      };
    },
    onMount(path: string, handle: MountHandler): void {
      if (!path.startsWith('/')) throw new RangeError(`mount path '${path}' must start with '/', e.g. '/mcp'`);
      mount = { path, handle };
    },
    get openStreams(): number {
      return events?.streams.count ?? 0;
    },
  };
}
