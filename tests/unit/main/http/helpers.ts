// Test helpers: a transport on 127.0.0.1:0 and plain node:http / node:net clients.
import { createHttpTransport, type HttpOptions, type HttpTransport, type RestHandler, type RestRequest } from '../../../../src/main/http';

/** A started transport, the requests its handler saw, and its port. */
export interface Started {
  transport: HttpTransport;
  port: number;
  seen: RestRequest[];
}

/** A handler that records requests and answers 200 `{"ok":true,"url":...}`. */
export function recordingHandler(seen: RestRequest[]): RestHandler {
  return (req) => {
    seen.push(req);
    return { status: 200, body: JSON.stringify({ ok: true, method: req.method, url: req.url }) };
  };
}

const running: HttpTransport[] = [];

/** Starts a transport on 127.0.0.1, port 0; closeAll() stops every one started. */
export async function start(options: Partial<HttpOptions> = {}, handler?: RestHandler): Promise<Started> {
  const seen: RestRequest[] = [];
  const transport = createHttpTransport({ address: '127.0.0.1', port: 0, ...options }, handler ?? recordingHandler(seen));
  running.push(transport);
  const { port } = await transport.listen();
  return { transport, port, seen };
}

/** Closes every transport start() made. */
export async function closeAll(): Promise<void> {
  await Promise.all(running.splice(0).map((t) => t.close()));
}

export { closeEvent, closesWithin, eventually, openSocket, parseRaw, rawExchange, send, type Reply } from '../../../support/raw-http';

/** The number of open connections of a transport's server. */
export function connectionCount(t: HttpTransport): Promise<number> {
  return new Promise((resolve, reject) => t.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
}
