// One measurement in this process: `run-case.ts <case> [after-frame]`; prints microseconds per
// reply built in-process by the router (no socket), with the reply cache off.
// Plain: the same reply back to back on an unchanging world, so the rows' own caches
// (json/row-cache.ts) and the reply writer's same-text memo serve every reply after the first.
// `after-frame`: one frame of the demo runs before each reply, as on a live host, and each reply is
// timed alone (median): moving values are printed anew and the caches start cold.
import { replyCase } from './cases';

const name = process.argv[2]!;
const afterFrame = process.argv[3] === 'after-frame';
const { target, app, router } = replyCase(name);
const first = router.route('GET', target);
if (first.status !== 200) throw new Error(`GET ${target} answered ${first.status}: ${first.body.slice(0, 300)}`);
/** Reply length, after flattening the text as writing it to a socket does (concatenated parts are linked until then). */
const built = (): number => { const body = router.route('GET', target).body; return body.charCodeAt(body.length >> 1) + body.length; };
let sink = 0;
let us: number;
if (afterFrame) {
  const times: number[] = [];
  // Warm-up frames and replies first (not kept), then at least 200 kept, for at least a second.
  const start = performance.now();
  for (let i = 0; i < 100 || times.length < 200 || performance.now() - start < 1400; i++) {
    app.step(1 / 60);
    const t0 = performance.now();
    sink += built();
    const t1 = performance.now();
    if (i >= 100) times.push((t1 - t0) * 1000);
  }
  times.sort((a, b) => a - b);
  us = times[times.length >> 1]!;
} else {
  const warm = performance.now() + 400;
  while (performance.now() < warm) sink += built();
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < 1000 || n < 5) { sink += built(); n++; }
  us = ((performance.now() - start) * 1000) / n;
}
if (sink === 0) console.error('no reply');
console.log(JSON.stringify(us));
