// The handler step for REST: a body, when one is announced, is read and discarded within
// maxBodyBytes (the interface takes its data in the URL), then the pure router answers and its
// reply (or the promise of one) goes to the reply writer. HEAD is answered as GET without a body.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { RequestPath } from './request-path';
import type { RestReply, RestRequest } from './types';

/** True when the request says it carries a body (which must then be read, and may be too large). */
function hasBody(req: IncomingMessage): boolean {
  const h = req.headers;
  return h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0');
}

/** Answers a REST request with the router; `cors` are the headers the guard's policy gave it. */
export function callRest(p: RequestPath, req: IncomingMessage, res: ServerResponse, cors: OutgoingHttpHeaders): void {
  const head = req.method === 'HEAD';
  const method = head ? 'GET' : req.method!;
  if (hasBody(req)) withBody(p, req, res, () => dispatch(p, req, res, method, cors, head));
  else dispatch(p, req, res, method, cors, head);
}

/** Hands the request to the REST router and its reply (or promise of one) to the writer. */
function dispatch(p: RequestPath, req: IncomingMessage, res: ServerResponse, method: string, cors: OutgoingHttpHeaders, head: boolean): void {
  const rreq: RestRequest = { method, url: req.url!, headers: req.headers as Record<string, string | undefined> };
  let reply: RestReply | Promise<RestReply>;
  try {
    reply = p.handler(rreq);
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
  const max = p.options.maxBodyBytes;
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
    if (!settled) p.counters.request_invalid_count++;
  });
}
