// One measurement in this process: `run-case.ts <case>`; prints microseconds per reply built
// in-process by the router (no socket), with the reply cache off so every reply is made anew.
import { App } from '../../src/shared/app';
import { World } from '../../src/shared/ecs';
import { createRouter } from '../../src/shared/rest';
import { createDemo } from '../../src/main/sim';
import { CASES } from './cases';

const name = process.argv[2]!;
const target = CASES[name];
if (target === undefined) throw new Error(`unknown case ${name}; cases: ${Object.keys(CASES).join(', ')}`);
const demo = createDemo(new World(), { asteroids: 3000 });
const app = new App(demo.world, { manual: true });
for (let i = 0; i < 10; i++) app.step(1 / 60);
const router = createRouter(demo.world, { replyCache: false });
const first = router.route('GET', target);
if (first.status !== 200) throw new Error(`GET ${target} answered ${first.status}: ${first.body.slice(0, 300)}`);
/** Reply length, after flattening the text as writing it to a socket does (concatenated parts are linked until then). */
const built = (): number => { const body = router.route('GET', target).body; return body.charCodeAt(body.length >> 1) + body.length; };
let sink = 0;
const warm = performance.now() + 400;
while (performance.now() < warm) sink += built();
let n = 0;
const start = performance.now();
while (performance.now() - start < 1000 || n < 5) { sink += built(); n++; }
const us = ((performance.now() - start) * 1000) / n;
if (sink === 0) console.error('no reply');
console.log(JSON.stringify(us));
