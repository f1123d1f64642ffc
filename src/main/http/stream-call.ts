// The handler step for a watch (/watch/<target>): the stream is opened by the event streams, under
// the same Host check and CORS as a GET; a stream that opens counts as one handled request, a
// refusal is written as a REST reply.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EventStreams } from './event-streams';
import { READ_CORS } from './reply-writer';
import type { RequestPath } from './request-path';
import type { RestRequest } from './types';

/** Opens a watch stream for `req`, or writes the reply that refuses it. */
export function openStream(p: RequestPath, req: IncomingMessage, res: ServerResponse, streams: EventStreams): void {
  const rreq: RestRequest = { method: 'GET', url: req.url!, headers: req.headers as Record<string, string | undefined> };
  let replied = false;
  try {
    streams.accept(req, rreq, res, (r) => { replied = true; p.writer.sendReply(res, rreq, r, READ_CORS, false); });
  } catch (err) {
    // The stream's opener threw: this request fails alone (a 500, or a cut stream), and it is reported.
    if (res.headersSent) { res.destroy(); p.onFault('stream', req.url!.slice(0, 200), err); return; }
    p.writer.failHandler(res, rreq, err);
    return;
  }
  if (!replied) p.counters.request_handled_ok_count++;
}
