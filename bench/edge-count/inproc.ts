// The router alone, for count.mjs: the same requests routed in-process (no socket), N requests.
// `inproc <mix|query> <N>`: query with the reply cache off, as server.ts.
import { App } from '../../src/shared/app';
import { World } from '../../src/shared/ecs';
import { createRouter } from '../../src/shared/rest';
import { createDemo } from '../../src/main/sim';
import { queryPath, readPath, setPath } from '../load/mix';
const [mode, n] = process.argv.slice(2) as [string, string];
const demo = createDemo(new World(), { asteroids: 3000 });
const app = new App(demo.world, { manual: true });
for (let i = 0; i < 10; i++) app.step(1 / 60);
const router = createRouter(demo.world, mode === 'query' ? { replyCache: false } : {});
const r0 = JSON.parse(router.route('GET', '/query?q=Position%2CVelocity&limit=40').body) as { results: { entities: (string | number)[] }[] };
const first = r0.results.flatMap((x) => x.entities).map(Number).filter((e) => Number.isInteger(e)).slice(0, 20);
let sink = 0;
for (let i = 1; i < Number(n); i++) {
  const e = first[i % first.length]!;
  let r;
  if (mode === 'query') r = router.route('GET', '/query?q=Position%2CVelocity&values=true&limit=1000');
  else switch (i % 7) {
    case 0: r = router.route('PUT', setPath(e, i)); break;
    case 1: r = router.route('GET', readPath(e)); break;
    case 2: r = router.route('GET', '/entity/Sun/Earth'); break;
    case 3: r = router.route('PUT', `/${(i / 7) % 2 ? 'enable' : 'disable'}/${e}`); break;
    case 4: r = router.route('GET', queryPath((i * 13) % 2900)); break;
    case 5: r = router.route('GET', readPath(e)); break;
    default: r = router.route('GET', '/entity/Sun/Mars?values=true');
  }
  // Flattened as writing it to a socket does.
  sink += r.body.charCodeAt(r.body.length >> 1) + r.status;
}
if (sink === 0) console.log('');
