// The handler step for REST: a body, when one is announced, is read and discarded within
// maxBodyBytes (the interface takes its data in the URL), then the pure router answers and its
// reply (or the promise of one) goes to the reply writer. HEAD is answered as GET without a body.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { RequestPath } from './request-path';
import type { RestReply, RestRequest } from './types';

const EMPTY = new Uint8Array(0);

/** True when the request says it carries a body (which must then be read, and may be too large). */
function hasBody(req: IncomingMessage): boolean {
  const h = req.headers;
  return h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0');
}

/** True for a PUT to one of the paths whose body the router reads (bodyPaths). */
function takesBody(p: RequestPath, req: IncomingMessage): boolean {
  if (req.method !== 'PUT' || p.options.bodyPaths.length === 0) return false;
  const url = req.url!, q = url.indexOf('?');
  return p.options.bodyPaths.includes(q < 0 ? url : url.slice(0, q));
}

/** Answers a REST request with the router; `cors` are the headers the guard's policy gave it. */
export function callRest(p: RequestPath, req: IncomingMessage, res: ServerResponse, cors: OutgoingHttpHeaders): void {
  const head = req.method === 'HEAD';
  const method = head ? 'GET' : req.method!;
  if (takesBody(p, req)) withBody(p, req, res, (body) => dispatch(p, req, res, method, cors, head, body), p.options.maxFileBytes);
  else if (hasBody(req)) withBody(p, req, res, () => dispatch(p, req, res, method, cors, head));
  else dispatch(p, req, res, method, cors, head);
}

/** Hands the request to the REST router and its reply (or promise of one) to the writer. */
function dispatch(p: RequestPath, req: IncomingMessage, res: ServerResponse, method: string, cors: OutgoingHttpHeaders, head: boolean, body?: Uint8Array): void {
  const rreq: RestRequest = { method, url: req.url!, headers: req.headers as Record<string, string | undefined>, ...(body ? { body } : {}) };
  let reply: RestReply | Promise<RestReply>;
  try {
    reply = p.handler(rreq);
  } catch (err) {
    p.writer.failHandler(res, rreq, err);
    return;
  }
  // A reply still being made between frames (RestReply.pending) is sent once it is ready.
  if (reply != null && typeof (reply as Promise<RestReply>).then !== 'function' && (reply as RestReply).pending !== undefined) reply = (reply as RestReply).pending!;
  if (reply != null && typeof (reply as Promise<RestReply>).then === 'function') {
    (reply as Promise<RestReply>).then((r) => p.writer.sendReply(res, rreq, r, cors, head), (err: unknown) => p.writer.failHandler(res, rreq, err));
  } else {
    p.writer.sendReply(res, rreq, reply, cors, head);
  }
}

/**
 * Reads a request body within maxBodyBytes and discards it, or, given `keepMax` (an endpoint that
 * reads its body), keeps it within that many bytes; then goes on. A larger body gets 413.
 */
function withBody(p: RequestPath, req: IncomingMessage, res: ServerResponse, next: (body: Uint8Array) => void, keepMax?: number): void {
  const max = keepMax ?? p.options.maxBodyBytes;
  const tooLarge = keepMax !== undefined
    ? `request body is larger than ${max} bytes, the most a file sent to ${req.url!.split('?')[0]} may hold (the server's --max-file-bytes)`
    : `request body is larger than ${max} bytes: the REST interface takes its data in the URL (e.g. /set/<path>?data=...), send no body`;
  const chunks: Buffer[] = [];
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
      chunks.length = 0;
      p.writer.sendError(res, 413, tooLarge, 'invalid');
    } else if (keepMax !== undefined && !settled) {
      chunks.push(chunk);
    }
  });
  req.on('end', () => {
    if (settled) return;
    settled = true;
    next(keepMax !== undefined ? Buffer.concat(chunks) : EMPTY);
  });
  // An upload the client abandoned is an incomplete request: count it; nobody is left to answer.
  req.on('error', () => {});
  res.once('close', () => {
    if (!settled) p.counters.request_invalid_count++;
  });
}
