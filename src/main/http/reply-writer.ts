// The last step of the request path: writes a reply (status, headers, body; none for HEAD),
// counts its outcome, and turns a handler that threw or gave no valid reply into a 500. Bodies
// the router may give again (`cacheable`), and a large body sent again as the same text, are
// encoded to UTF-8 once and the bytes reused.
import { validateHeaderName, validateHeaderValue, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { HttpCounters, RestReply, RestRequest } from './types';
import { errorBody } from './json-error';
import { echoed } from '../../shared/protocol';

/** Reads may come from any origin: the CORS header of every GET reply. */
export const READ_CORS = { 'Access-Control-Allow-Origin': '*' } as const;

/** Symbol under which a response records the body bytes it sent (for the counters). */
export const BODY_BYTES = Symbol('bodyBytes');
/** A response that records the body bytes it sent. */
export type TrackedResponse = ServerResponse & { [BODY_BYTES]?: number };

/** How an outcome is counted: a REST reply, a malformed request, or a request for no endpoint. */
export type ReplyKind = 'rest' | 'invalid' | 'unknown-endpoint';

/** What the reply writer needs from the transport. */
export interface ReplyWriterContext {
  /** Counters to update. */
  counters: HttpCounters;
  /** The server's state: once `closing`, replies close their connection. */
  readonly server: { readonly closing: boolean };
  /** Reports a handler that threw or returned something that is not a reply. */
  onHandlerError(err: unknown, req: RestRequest): void;
}

/** The reply writer's operations, each one writing one whole reply. */
export interface ReplyWriter {
  /** Counts the outcome, then writes status, headers and body (no body for HEAD). */
  send(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: string | Buffer, head: boolean, kind: ReplyKind): void;
  /** Writes a JSON error reply. */
  sendError(res: ServerResponse, status: number, message: string, kind: 'rest' | 'invalid', extra?: OutgoingHttpHeaders): void;
  /** Writes what the handler gave, or a 500 when it is not a valid reply. */
  sendReply(res: ServerResponse, rreq: RestRequest, reply: unknown, cors: OutgoingHttpHeaders, head: boolean): void;
  /** Reports a handler error and answers 500. */
  failHandler(res: ServerResponse, rreq: RestRequest, err: unknown): void;
}

/** True when `reply` has a string body and a status from 200 to 599. */
export function isValidReply(reply: unknown): reply is RestReply {
  const r = reply as RestReply | null;
  return typeof r === 'object' && r !== null && typeof r.body === 'string'
    && Number.isInteger(r.status) && r.status >= 200 && r.status <= 599;
}

/** The first reply header node would refuse to write, as an error message; undefined when all are fine. */
export function badHeader(headers: Record<string, string>): string | undefined {
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

/** "METHOD target" for error messages, the target cut as every echo is (echoed). */
export function describeTarget(method: string, url: string): string {
  return `${method} ${echoed(url)}`;
}

/** Builds the reply writer, with its cache of encoded cacheable bodies. */
export function createReplyWriter(ctx: ReplyWriterContext): ReplyWriter {
  const { counters } = ctx;
  const encoded = new WeakMap<RestReply, Buffer>();

  // The last large body that was not cacheable, and its bytes once it was sent a second time.
  // Without the reply cache a GET asked again between frames is answered anew, and the query
  // iterator then returns the very string it made the last time (no piece changed): encoding
  // those 100 KB for every request cost more than making the reply. A body seen for the first
  // time is passed on as before (node encodes it into the socket write: no extra copy).
  let lastText = '';
  let lastBytes: Buffer | undefined;

  function encodedBody(reply: RestReply): string | Buffer {
    const body = reply.body;
    if (body.length < 4096) return body;
    if (reply.cacheable === true) {
      let bytes = encoded.get(reply);
      if (bytes === undefined) encoded.set(reply, (bytes = Buffer.from(body)));
      return bytes;
    }
    // The same string compares at once; another string compares its characters (a body of the
    // same text is sent as the same bytes, a changed one differs within its first rows).
    if (body !== lastText) {
      lastText = body;
      lastBytes = undefined;
      return body;
    }
    return (lastBytes ??= Buffer.from(body));
  }

  function count(status: number, kind: ReplyKind): void {
    if (kind === 'invalid') counters.request_invalid_count++;
    else if (status < 400) counters.request_handled_ok_count++;
    else if (kind === 'unknown-endpoint') counters.request_not_handled_count++;
    else counters.request_handled_error_count++;
  }

  function send(res: TrackedResponse, status: number, headers: OutgoingHttpHeaders, body: string | Buffer, head: boolean, kind: ReplyKind): void {
    count(status, kind);
    if (res.destroyed) return; // the close listener has counted the failed send
    if (ctx.server.closing || kind === 'invalid') res.shouldKeepAlive = false;
    const length = Buffer.byteLength(body);
    res[BODY_BYTES] = head ? 0 : length;
    headers['Content-Length'] = length;
    res.writeHead(status, headers);
    res.end(head ? undefined : body);
  }

  function sendError(res: ServerResponse, status: number, message: string, kind: 'rest' | 'invalid', extra: OutgoingHttpHeaders = READ_CORS): void {
    send(res, status, { 'Content-Type': 'application/json', ...extra }, errorBody(message), false, kind);
  }

  function failHandler(res: ServerResponse, rreq: RestRequest, err: unknown): void {
    ctx.onHandlerError(err, rreq);
    const why = err instanceof Error ? err.message : String(err);
    sendError(res, 500, `internal error while answering ${describeTarget(rreq.method, rreq.url)}: ${why}; the server keeps running, see its log`, 'rest');
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
    const body = reply.bytes !== undefined ? Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength) : encodedBody(reply);
    send(res, reply.status, headers, body, head, reply.notFound === 'endpoint' ? 'unknown-endpoint' : 'rest');
  }

  return { send, sendError, sendReply, failHandler };
}
