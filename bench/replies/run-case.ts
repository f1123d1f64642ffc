// One measurement in this process: `run-case.ts <case>`; prints microseconds per reply built
// in-process by the router (no socket), with the reply cache off so every reply is made anew.
import { replyCase } from './cases';

const name = process.argv[2]!;
const { target, router } = replyCase(name);
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
