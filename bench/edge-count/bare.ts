// The floor, for count.mjs: a bare node:http server answering the mix with fixed bodies of about
// the replies' sizes; exits after N requests. `bare <mix> <N> <portfile>`.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
const [, n, portFile] = process.argv.slice(2) as [string, string, string];
const body = (k: number) => Buffer.from(JSON.stringify({ pad: 'x'.repeat(k) }));
const routes = [
  { prefix: '/query?q=Position%2CVelocity&limit=40', body: Buffer.from(JSON.stringify({ results: [{ entities: Array.from({ length: 40 }, (_, i) => 1000 + i) }] })) },
  { prefix: '/query', body: body(9000) }, { prefix: '/entity/Sun/Earth', body: body(120) }, { prefix: '/entity/Sun/Mars', body: body(600) },
  { prefix: '/entity/', body: body(600) }, { prefix: '/set/', body: body(2) }, { prefix: '/enable/', body: body(2) }, { prefix: '/disable/', body: body(2) },
];
let left = Number(n);
// Under valgrind on a loaded machine the client may pause past the 5 s default: keep its connection.
const server = createServer((req, res) => {
  const url = req.url ?? '/';
  const route = routes.find((r) => url.startsWith(r.prefix))!;
  res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*', 'Content-Length': route.body.length });
  res.end(route.body);
  if (--left === 0) setTimeout(() => process.exit(0), 50);
});
server.keepAliveTimeout = 0;
server.listen(0, '127.0.0.1', () => { writeFileSync(portFile, String((server.address() as { port: number }).port)); });
