// The node:http request listener: counts the request and its outcome, then hands it to the
// request path, whose steps each call the next once — the guard (request-guard.ts: target
// length, Host, origin policy) → the route (request-route.ts: which part of the server the target
// is for) → the handler (rest-call.ts for the pure REST router; pages, streams, MCP) → the reply
// writer (reply-writer.ts, with its cache of encoded bodies). REST requests never touch Express,
// which measured ~6x the per-request cost of bare node:http on this machine.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { guard } from './request-guard';
import { createHostGuard } from './request-policy';
import { BODY_BYTES, createReplyWriter, type TrackedResponse } from './reply-writer';
import type { RequestListenerContext, RequestPath } from './request-path';

export type { RequestListenerContext } from './request-path';

/** Builds the listener: each request enters guard → route → handle → write once. */
export function createRequestListener(ctx: RequestListenerContext): (req: IncomingMessage, res: ServerResponse) => void {
  const p: RequestPath = { ...ctx, hostError: createHostGuard(ctx.hostCheck), writer: createReplyWriter(ctx) };
  const { counters, server } = ctx;
  // One listener for every response of the transport ('close' comes once per response, with the
  // response as `this`): no closure and no once-wrapper made per request.
  function onResponseClose(this: TrackedResponse): void {
    if (this.writableFinished) {
      counters.send_ok_count++;
      counters.bytes_sent += this[BODY_BYTES] ?? 0;
    } else {
      counters.send_error_count++;
    }
  }
  return function onRequest(req: IncomingMessage, res: ServerResponse): void {
    counters.request_received_count++;
    res.on('close', onResponseClose);
    server.responses.set(req.socket, res);
    guard(p, req, res);
  };
}
