// The router alone, for count.mjs: the same requests routed in-process (no socket), N requests.
// `inproc <mode> <N>`: `mix` (the load mix in its order, over the load's 1,000 entities), `query` (uncached 1,000-entity pages, the
// reply cache off, as server.ts), or one kind of the mix alone, repeated: `set`, `read`, `earth`,
// `toggle` (disable/enable), `page` (the 100-row page at moving offsets) or `mars`. A kind alone
// runs with the reply cache off: in the mix every connection writes twice in seven requests, so a
// read never finds its reply kept. `<mode>@<k>` runs a demo frame every k requests (the host runs
// about one per 300 requests under the mix), so pages print moved rows anew. EDGE_ASTEROIDS sets
// the demo's asteroids (default 3,000; the load bench runs 10,000, so its 100 pages are each asked
// less than once a frame and every page it asks has all its rows moved).
import { App } from '../../src/shared/app';
import { World } from '../../src/shared/ecs';
import { createRouter } from '../../src/shared/rest';
import { createDemo } from '../../src/main/sim';
import { QUERY_PAGE, queryPath, readPath, setPath } from '../load/mix';
const [modeArg, n] = process.argv.slice(2) as [string, string];
const [mode, frameArg] = modeArg.split('@') as [string, string | undefined];
const KINDS = ['set', 'read', 'earth', 'toggle', 'page', 'mars'] as const;
const alone = (KINDS as readonly string[]).indexOf(mode);
if (mode !== 'mix' && mode !== 'query' && alone < 0) throw new Error(`unknown mode '${mode}': mix, query or one of ${KINDS.join(', ')}`);
const every = frameArg === undefined ? 0 : Number(frameArg);
if (!Number.isInteger(every) || every < 0) throw new Error(`'${modeArg}': the frame interval after @ must be a whole number of requests`);
const ASTEROIDS = Number(process.env.EDGE_ASTEROIDS ?? 3000);
if (!Number.isInteger(ASTEROIDS) || ASTEROIDS < 1000) throw new Error(`EDGE_ASTEROIDS must be a whole number of at least 1,000 (the load's entities), got '${process.env.EDGE_ASTEROIDS}'`);
const demo = createDemo(new World(), { asteroids: ASTEROIDS });
const app = new App(demo.world, { manual: true });
for (let i = 0; i < 10; i++) app.step(1 / 60);
// EDGE_REPLY_CACHE=on|off overrides the default (on for the mix, off for a kind alone).
const cacheSetting = process.env.EDGE_REPLY_CACHE ?? (mode === 'mix' ? 'on' : 'off');
if (cacheSetting !== 'on' && cacheSetting !== 'off') throw new Error(`EDGE_REPLY_CACHE must be 'on' or 'off', got '${cacheSetting}'`);
const router = createRouter(demo.world, cacheSetting === 'on' ? {} : { replyCache: false });
// The load's entities: 50 connections own 20 asteroids each, so reads, toggles and sets name 1,000
// different entities, and the page steps through the world by its size, as bench/load/mix.ts does.
// (Fewer targets would let the router's memos of recent targets answer what the load makes anew.)
const r0 = JSON.parse(router.route('GET', '/query?q=Asteroid&entity_ids=true&limit=1000').body) as { results: { entity_ids: number[] }[] };
const ids = r0.results.flatMap((x) => x.entity_ids);
if (ids.length !== 1000) throw new Error(`expected 1,000 asteroids, got ${ids.length}`);
// The mix's seven requests by position in the loop; a kind alone repeats its own position.
const order = [0, 1, 2, 3, 4, 5, 6];
const kindAt = [0, 1, 2, 3, 4, 1, 5];
let sink = 0;
for (let i = 1; i < Number(n); i++) {
  // Request i of the mix is in loop `loop` of connection c (round robin, as 50 connections interleave);
  // a kind alone takes one loop per request.
  const loop = alone < 0 ? Math.floor(i / 7) : i, c = loop % 50, visit = Math.floor(loop / 50);
  const e = ids[c * 20 + (visit % 20)]!;
  if (every > 0 && i % every === 0) app.step(1 / 60);
  let r;
  if (mode === 'query') r = router.route('GET', '/query?q=Position%2CVelocity&values=true&limit=1000');
  else switch (alone < 0 ? order[i % 7] : kindAt.indexOf(alone)) {
    case 0: r = router.route('PUT', setPath(e, i)); break;
    case 1: r = router.route('GET', readPath(e)); break;
    case 2: r = router.route('GET', '/entity/Sun/Earth'); break;
    // Each entity flips at each visit (an entity is visited once in 20 of its connection's loops).
    case 3: r = router.route('PUT', `/${Math.floor(visit / 20) % 2 ? 'enable' : 'disable'}/${e}`); break;
    case 4: r = router.route('GET', queryPath((loop * QUERY_PAGE) % ASTEROIDS)); break;
    case 5: r = router.route('GET', readPath(e)); break;
    default: r = router.route('GET', '/entity/Sun/Mars?values=true');
  }
  // Flattened as writing it to a socket does.
  sink += r.body.charCodeAt(r.body.length >> 1) + r.status;
}
if (sink === 0) console.log('');
