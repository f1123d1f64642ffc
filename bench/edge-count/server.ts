// Ours, for count.mjs: the HTTP transport in front of the router over the demo world (3,000
// asteroids, no frame loop), as the host wires it; exits after N requests.
// `server <mix|query> <N> <portfile>`: query answers with the reply cache off (every reply built anew).
import { writeFileSync } from 'node:fs';
import { App } from '../../src/shared/app';
import { World } from '../../src/shared/ecs';
import { createRouter } from '../../src/shared/rest';
import { createDemo } from '../../src/main/sim';
import { createHttpTransport } from '../../src/main/http';
const [mode, n, portFile] = process.argv.slice(2) as [string, string, string];
const demo = createDemo(new World(), { asteroids: 3000 });
const app = new App(demo.world, { manual: true });
for (let i = 0; i < 10; i++) app.step(1 / 60);
const router = createRouter(demo.world, mode === 'query' ? { replyCache: false } : {});
let left = Number(n);
const transport = createHttpTransport({
  port: 0, address: '127.0.0.1',
  // Under valgrind on a busy machine the client may pause longer than the 5 s keep-alive default.
  keepAliveTimeoutMs: 600_000, idleTimeoutMs: 600_000, requestTimeoutMs: 600_000,
  restMethods: { all: router.methods, writes: router.writeMethods } }, (req) => {
  const reply = router(req);
  if (--left === 0) setTimeout(() => process.exit(0), 50);
  return reply;
});
const { port } = await transport.listen();
writeFileSync(portFile, String(port));
