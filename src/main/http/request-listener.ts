// The node:http request listener. REST requests take the short path (limits, policy, the
// pure router, one writeHead/end); only static-page requests go through Express, whose
// per-request cost is ~6x that of node:http on this machine (DESIGN "Measured facts").
import { validateHeaderName, validateHeaderValue, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { HttpCounters, HttpOptions, RestHandler, RestReply, RestRequest } from './types';
import { checkHost, classifyOrigin, decidePut, preflightHeaders } from './policy';
import { errorBody } from './json-error';
import { isStaticPagePath, pageRedirectTarget, type StaticPagesHandler } from './static-pages';
import type { EventStreams } from './event-streams';

/** What the request listener needs from the transport. */
export interface RequestListenerContext {
  /** Resolved transport options. */
  options: HttpOptions;
  /** The pure REST router. */
  handler: RestHandler;
  /** Counters to update. */
  counters: HttpCounters;
  /** Canonical app origins (see canonicalAppOrigins). */
  appOrigins: ReadonlySet<string>;
  /** Whether the DNS-rebinding Host check is on (bound to loopback). */
  hostCheck: boolean;
  /** Static pages, when a staticRoot is configured. */
  staticPages: StaticPagesHandler | undefined;
  /** True once close() began: replies then close their connection. */
  isClosing(): boolean;
  /** Reports a handler that threw or returned something that is not a reply. */
  onHandlerError(err: unknown, req: RestRequest): void;
  /** Event streams (watches) and the target prefix they serve, once registered. */
  events(): { prefix: string; streams: EventStreams } | undefined;
}

const READ_CORS = { 'Access-Control-Allow-Origin': '*' } as const;
const BODY_BYTES = Symbol('bodyBytes');
type TrackedResponse = ServerResponse & { [BODY_BYTES]?: number };

function onResponseClose(this: TrackedResponse, counters: HttpCounters): void {
  if (this.writableFinished) {
    counters.send_ok_count++;
    counters.bytes_sent += this[BODY_BYTES] ?? 0;
  } else {
    counters.send_error_count++;
  }
}

function isValidReply(reply: unknown): reply is RestReply {
  const r = reply as RestReply | null;
  return typeof r === 'object' && r !== null && typeof r.body === 'string'
    && Number.isInteger(r.status) && r.status >= 200 && r.status <= 599;
}

/** The first reply header node would refuse to write, as an error message; undefined when all are fine. */
function badHeader(headers: Record<string, string>): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    try {
      validateHeaderName(name);
      validateHeaderValue(name, value);
    } catch (err) {
      return `header ${JSON.stringify(name)}: ${(err as Error).message}`;
    }
  }
  return undefined;
}

function describeTarget(method: string, url: string): string {
  return `${method} ${url.length > 200 ? `${url.slice(0, 200)}…` : url}`;
}

/** Builds the listener; a small cache keeps the Host check off the hot path's costs. */
export function createRequestListener(ctx: RequestListenerContext): (req: IncomingMessage, res: ServerResponse) => void {
  const { options, handler, counters } = ctx;
  const hostVerdicts = new Map<string, string | undefined>();
  const encoded = new WeakMap<RestReply, Buffer>();

  function hostError(host: string | undefined): string | undefined {
    if (!ctx.hostCheck || host === undefined) return undefined;
    if (hostVerdicts.has(host)) return hostVerdicts.get(host);
    const verdict = checkHost(host, true);
    if (hostVerdicts.size >= 64) hostVerdicts.clear();
    hostVerdicts.set(host, verdict);
    return verdict;
  }

  /**
   * The body of a reply the handler may give again (`cacheable`, from the router's reply cache)
   * is encoded to UTF-8 once; other bodies are written as they are.
   */
  function encodedBody(reply: RestReply): string | Buffer {
    if (reply.body.length < 4096 || reply.cacheable !== true) return reply.body;
    let bytes = encoded.get(reply);
    if (bytes === undefined) encoded.set(reply, (bytes = Buffer.from(reply.body)));
    return bytes;
  }

  /** Classifies the outcome, then writes status, headers and body (none for HEAD). */
  function send(res: TrackedResponse, status: number, headers: OutgoingHttpHeaders, body: string | Buffer, head: boolean, kind: 'rest' | 'invalid' | 'unknown-endpoint'): void {
    if (kind === 'invalid') counters.request_invalid_count++;
    else if (status < 400) counters.request_handled_ok_count++;
    else if (kind === 'unknown-endpoint') counters.request_not_handled_count++;
    else counters.request_handled_error_count++;
    if (res.destroyed) return; // the close listener has counted the failed send
    if (ctx.isClosing() || kind === 'invalid') res.shouldKeepAlive = false;
    const length = Buffer.byteLength(body);
    res[BODY_BYTES] = head ? 0 : length;
    headers['Content-Length'] = length;
    res.writeHead(status, headers);
    res.end(head ? undefined : body);
  }

  function sendError(res: ServerResponse, status: number, message: string, kind: 'rest' | 'invalid', extra: OutgoingHttpHeaders = READ_CORS): void {
    send(res, status, { 'Content-Type': 'application/json', ...extra }, errorBody(message), false, kind);
  }

  function sendReply(res: ServerResponse, rreq: RestRequest, reply: unknown, cors: OutgoingHttpHeaders, head: boolean): void {
    if (!isValidReply(reply)) {
      ctx.onHandlerError(new TypeError(`the REST handler returned ${JSON.stringify(reply)?.slice(0, 200)} instead of { status, body }`), rreq);
      sendError(res, 500, `internal error while answering ${describeTarget(rreq.method, rreq.url)}: the handler gave no valid reply; the server keeps running, see its log`, 'rest');
      return;
    }
    const headers: OutgoingHttpHeaders = { 'Content-Type': 'application/json' };
    if (reply.headers) {
      const bad = badHeader(reply.headers);
      if (bad !== undefined) {
        failHandler(res, rreq, new TypeError(`the REST handler's reply has an invalid ${bad}`));
        return;
      }
      Object.assign(headers, reply.headers);
    }
    Object.assign(headers, cors);
    send(res, reply.status, headers, encodedBody(reply), head, reply.notFound === 'endpoint' ? 'unknown-endpoint' : 'rest');
  }

  function failHandler(res: ServerResponse, rreq: RestRequest, err: unknown): void {
    ctx.onHandlerError(err, rreq);
    const why = err instanceof Error ? err.message : String(err);
    sendError(res, 500, `internal error while answering ${describeTarget(rreq.method, rreq.url)}: ${why}; the server keeps running, see its log`, 'rest');
  }

  function dispatch(req: IncomingMessage, res: ServerResponse, method: string, cors: OutgoingHttpHeaders, head: boolean): void {
    const rreq: RestRequest = { method, url: req.url!, headers: req.headers as Record<string, string | undefined> };
    let reply: RestReply | Promise<RestReply>;
    try {
      reply = handler(rreq);
    } catch (err) {
      failHandler(res, rreq, err);
      return;
    }
    if (reply != null && typeof (reply as Promise<RestReply>).then === 'function') {
      (reply as Promise<RestReply>).then((r) => sendReply(res, rreq, r, cors, head), (err: unknown) => failHandler(res, rreq, err));
    } else {
      sendReply(res, rreq, reply, cors, head);
    }
  }

  /** Reads and discards a request body within maxBodyBytes, then dispatches; a larger body gets 413. */
  function withBody(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const max = options.maxBodyBytes;
    const tooLarge = `request body is larger than ${max} bytes: the REST interface takes its data in the URL (e.g. /set/<path>?data=...), send no body`;
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > max) {
      sendError(res, 413, tooLarge, 'invalid');
      return;
    }
    let received = 0;
    let settled = false; // answered (413) or handed on to the router
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > max && !settled) {
        settled = true;
        sendError(res, 413, tooLarge, 'invalid');
      }
    });
    req.on('end', () => {
      if (settled) return;
      settled = true;
      next();
    });
    // An upload the client abandoned is an incomplete request: count it; nobody is left to answer.
    req.on('error', () => {});
    res.once('close', () => {
      if (!settled) counters.request_invalid_count++;
    });
  }

  return function onRequest(req: IncomingMessage, res: ServerResponse): void {
    counters.request_received_count++;
    res.once('close', () => onResponseClose.call(res, counters));
    const url = req.url!;
    if (url.length > options.maxTargetBytes) {
      sendError(res, 414, `request target is ${url.length} bytes long, more than the limit of ${options.maxTargetBytes}: shorten the URL (e.g. a smaller query or data parameter)`, 'invalid');
      return;
    }
    const headers = req.headers;
    const refusedHost = hostError(headers.host);
    if (refusedHost !== undefined) {
      sendError(res, 403, refusedHost, 'rest');
      return;
    }
    const method = req.method!;
    const events = ctx.events();
    if (method === 'GET' && events !== undefined && url.startsWith(events.prefix)) {
      openStream(req, res, events.streams);
      return;
    }
    if ((method === 'GET' || method === 'HEAD') && ctx.staticPages) {
      const redirect = pageRedirectTarget(url);
      if (redirect !== undefined) {
        send(res, 301, { 'Content-Type': 'application/json', Location: redirect }, JSON.stringify({ redirect }), method === 'HEAD', 'rest');
        return;
      }
      const q = url.indexOf('?');
      if (isStaticPagePath(q < 0 ? url : url.slice(0, q))) {
        serveStatic(req, res, ctx.staticPages);
        return;
      }
    }
    if (method === 'OPTIONS') {
      const origin = headers.origin;
      const kind = classifyOrigin(origin, { address: req.socket.localAddress ?? '', port: req.socket.localPort ?? 0 }, ctx.appOrigins);
      const privateNetwork = headers['access-control-request-private-network'] === 'true';
      counters.request_preflight_count++;
      if (ctx.isClosing()) res.shouldKeepAlive = false;
      res.writeHead(204, preflightHeaders(origin, kind, options.token !== undefined, privateNetwork));
      res.end();
      return;
    }
    let cors: OutgoingHttpHeaders = READ_CORS;
    if (method === 'PUT') {
      const origin = headers.origin;
      const kind = origin === undefined ? 'none' : classifyOrigin(origin, { address: req.socket.localAddress ?? '', port: req.socket.localPort ?? 0 }, ctx.appOrigins);
      const decision = decidePut(origin, kind, headers.authorization, options.token);
      if (!decision.allowed) {
        sendError(res, 403, decision.error, 'rest', decision.headers);
        return;
      }
      cors = decision.headers;
    }
    const head = method === 'HEAD';
    const routed = head ? 'GET' : method;
    if (headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0')) {
      withBody(req, res, () => dispatch(req, res, routed, cors, head));
    } else {
      dispatch(req, res, routed, cors, head);
    }
  };

  /** A watch: the same host policy and CORS as a GET; the stream itself is counted as one handled request. */
  function openStream(req: IncomingMessage, res: ServerResponse, streams: EventStreams): void {
    const rreq: RestRequest = { method: 'GET', url: req.url!, headers: req.headers as Record<string, string | undefined> };
    let replied = false;
    try {
      streams.accept(req, rreq, res, (r) => { replied = true; sendReply(res, rreq, r, READ_CORS, false); });
    } catch (err) {
      if (res.headersSent) { res.destroy(); return; }
      failHandler(res, rreq, err);
      return;
    }
    if (!replied) counters.request_handled_ok_count++;
  }

  function serveStatic(req: IncomingMessage, res: TrackedResponse, pages: StaticPagesHandler): void {
    res.once('finish', () => {
      const length = Number(res.getHeader('content-length'));
      res[BODY_BYTES] = req.method === 'HEAD' || !Number.isFinite(length) ? 0 : length;
    });
    // Counted on close so that an aborted page download is counted too (as an error).
    res.once('close', () => {
      if (res.writableFinished && res.statusCode < 400) counters.request_handled_ok_count++;
      else counters.request_handled_error_count++;
    });
    if (ctx.isClosing()) res.shouldKeepAlive = false;
    pages(req, res);
  }
}
