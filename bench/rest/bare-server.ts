// Child entry: the transport peer. A bare node:http server that answers every request with a
// fixed body chosen by path prefix (the first route whose prefix starts the URL wins), with the
// same headers as the REST server's replies. It does no other work, so it is the floor that
// node:http sets for the same replies on this machine.
//   args: a JSON file path holding [{ prefix, body }, …]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { serveIpc } from './ipc-child';

/** One fixed reply of the bare server. */
export interface BareRoute {
  /** URL prefix, e.g. '/entity/Sun/Earth' or '/set/'. */
  prefix: string;
  /** Reply body (sent with status 200, application/json). */
  body: string;
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error('usage: bare-server.ts <routes.json>');
  const routes = (JSON.parse(readFileSync(file, 'utf8')) as BareRoute[]).map((r) => ({ prefix: r.prefix, body: Buffer.from(r.body) }));
  const missing = Buffer.from('{"error":"no such route in the bare server"}');
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const route = routes.find((r) => url.startsWith(r.prefix));
    const body = route?.body ?? missing;
    res.writeHead(route ? 200 : 404, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*', 'Content-Length': body.length });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error(`unexpected server address ${String(address)}`);
    serveIpc(`http://127.0.0.1:${address.port}`, (m) => { throw new Error(`unknown request '${m.op}'`); }, () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }));
  });
}

main();
