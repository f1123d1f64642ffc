// The node:http request listener, in three named steps: the guard (target length, Host,
// origin policy: request-guard.ts) → the route (an event stream, a static page, a preflight or
// the pure REST router) → the reply writer (reply-writer.ts, with its cache of encoded bodies).
// REST requests take the short path (one writeHead/end); only static-page requests go through
// Express, which measured ~6x the per-request cost of bare node:http on this machine.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { HttpCounters, HttpOptions, Mount, RestHandler, RestReply, RestRequest } from './types';
import { corsFor, createHostGuard, preflightReplyHeaders, targetTooLong } from './request-guard';
import { BODY_BYTES, READ_CORS, createReplyWriter, type ReplyWriter, type TrackedResponse } from './reply-writer';
import { isStaticPagePath, pageRedirectTarget, type StaticPagesHandler } from './static-pages';
import type { EventStreams } from './event-streams';
import { isMounted, serveMounted } from './mounted';

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
  /** A path served by another protocol on this port (MCP at /mcp), once mounted. */
  mount(): Mount | undefined;
}

function onResponseClose(this: TrackedResponse, counters: HttpCounters): void {
  if (this.writableFinished) {
    counters.send_ok_count++;
    counters.bytes_sent += this[BODY_BYTES] ?? 0;
  } else {
    counters.send_error_count++;
  }
}

/** True when the request says it carries a body (which must then be read, and may be too large). */
function hasBody(req: IncomingMessage): boolean {
  const h = req.headers;
  return h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0');
}

/** The parts every step of the request path uses. */
interface RequestPath {
  ctx: RequestListenerContext;
  /** The Host check with its cache of verdicts. */
  hostError: (host: string | undefined) => string | undefined;
  writer: ReplyWriter;
  appOrigins: ReadonlySet<string>;
}

/** The guard: true when the request was refused (and answered). */
function refused(p: RequestPath, req: IncomingMessage, res: ServerResponse): boolean {
  const long = targetTooLong(req.url!, p.ctx.options.maxTargetBytes);
  if (long !== undefined) {
    p.writer.sendError(res, long.status, long.message, 'invalid');
    return true;
  }
  const badHost = p.hostError(req.headers.host);
  if (badHost !== undefined) p.writer.sendError(res, 403, badHost, 'rest');
  return badHost !== undefined;
}

/** Routes what is not for the REST router (streams, pages, preflights); true when it was. */
function routedElsewhere(p: RequestPath, req: IncomingMessage, res: ServerResponse, method: string, url: string): boolean {
  const events = p.ctx.events();
  if (method === 'GET' && events !== undefined && url.startsWith(events.prefix)) {
    openStream(p, req, res, events.streams);
    return true;
  }
  if ((method === 'GET' || method === 'HEAD') && p.ctx.staticPages) {
    const redirect = pageRedirectTarget(url);
    if (redirect !== undefined) {
      p.writer.send(res, 301, { 'Content-Type': 'application/json', Location: redirect }, JSON.stringify({ redirect }), method === 'HEAD', 'rest');
      return true;
    }
    const q = url.indexOf('?');
    if (isStaticPagePath(q < 0 ? url : url.slice(0, q))) {
      serveStatic(p, req, res, p.ctx.staticPages);
      return true;
    }
  }
  if (method !== 'OPTIONS') return false;
  p.ctx.counters.request_preflight_count++;
  if (p.ctx.isClosing()) res.shouldKeepAlive = false;
  res.writeHead(204, preflightReplyHeaders(req.headers, req.socket, p.ctx.options, p.ctx.appOrigins));
  res.end();
  return true;
}

/** Hands the request to the REST router and its reply (or promise of one) to the writer. */
function dispatch(p: RequestPath, req: IncomingMessage, res: ServerResponse, method: string, cors: OutgoingHttpHeaders, head: boolean): void {
  const rreq: RestRequest = { method, url: req.url!, headers: req.headers as Record<string, string | undefined> };
  let reply: RestReply | Promise<RestReply>;
  try {
    reply = p.ctx.handler(rreq);
  } catch (err) {
    p.writer.failHandler(res, rreq, err);
    return;
  }
  if (reply != null && typeof (reply as Promise<RestReply>).then === 'function') {
    (reply as Promise<RestReply>).then((r) => p.writer.sendReply(res, rreq, r, cors, head), (err: unknown) => p.writer.failHandler(res, rreq, err));
  } else {
    p.writer.sendReply(res, rreq, reply, cors, head);
  }
}

/** Reads and discards a request body within maxBodyBytes, then goes on; a larger body gets 413. */
function withBody(p: RequestPath, req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const max = p.ctx.options.maxBodyBytes;
  const tooLarge = `request body is larger than ${max} bytes: the REST interface takes its data in the URL (e.g. /set/<path>?data=...), send no body`;
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > max) {
    p.writer.sendError(res, 413, tooLarge, 'invalid');
    return;
  }
  let received = 0;
  let settled = false; // answered (413) or handed on to the router
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > max && !settled) {
      settled = true;
      p.writer.sendError(res, 413, tooLarge, 'invalid');
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
    if (!settled) p.ctx.counters.request_invalid_count++;
  });
}

/** A watch: the same host policy and CORS as a GET; the stream itself is counted as one handled request. */
function openStream(p: RequestPath, req: IncomingMessage, res: ServerResponse, streams: EventStreams): void {
  const rreq: RestRequest = { method: 'GET', url: req.url!, headers: req.headers as Record<string, string | undefined> };
  let replied = false;
  try {
    streams.accept(req, rreq, res, (r) => { replied = true; p.writer.sendReply(res, rreq, r, READ_CORS, false); });
  } catch (err) {
    if (res.headersSent) { res.destroy(); return; }
    p.writer.failHandler(res, rreq, err);
    return;
  }
  if (!replied) p.ctx.counters.request_handled_ok_count++;
}

function serveStatic(p: RequestPath, req: IncomingMessage, res: TrackedResponse, pages: StaticPagesHandler): void {
  res.once('finish', () => {
    const length = Number(res.getHeader('content-length'));
    res[BODY_BYTES] = req.method === 'HEAD' || !Number.isFinite(length) ? 0 : length;
  });
  // Counted on close so that an aborted page download is counted too (as an error).
  res.once('close', () => {
    if (res.writableFinished && res.statusCode < 400) p.ctx.counters.request_handled_ok_count++;
    else p.ctx.counters.request_handled_error_count++;
  });
  if (p.ctx.isClosing()) res.shouldKeepAlive = false;
  pages(req, res);
}

/** Builds the listener: guard → route → reply writer. */
export function createRequestListener(ctx: RequestListenerContext): (req: IncomingMessage, res: ServerResponse) => void {
  const p: RequestPath = { ctx, hostError: createHostGuard(ctx.hostCheck), writer: createReplyWriter(ctx), appOrigins: ctx.appOrigins };
  return function onRequest(req: IncomingMessage, res: ServerResponse): void {
    ctx.counters.request_received_count++;
    res.once('close', () => onResponseClose.call(res, ctx.counters));
    if (refused(p, req, res)) return;
    const method = req.method!;
    const mount = ctx.mount();
    if (isMounted(mount, req.url!)) { serveMounted(mount, req, res, ctx.options, p.appOrigins, ctx.counters); return; }
    if (routedElsewhere(p, req, res, method, req.url!)) return;
    const verdict = corsFor(method, req.headers, req.socket, ctx.options, ctx.appOrigins);
    if (verdict.refusal !== undefined) {
      p.writer.sendError(res, verdict.refusal.status, verdict.refusal.message, 'rest', verdict.refusal.headers);
      return;
    }
    const head = method === 'HEAD';
    const routed = head ? 'GET' : method;
    const cors = verdict.cors;
    if (hasBody(req)) withBody(p, req, res, () => dispatch(p, req, res, routed, cors, head));
    else dispatch(p, req, res, routed, cors, head);
  };
}
