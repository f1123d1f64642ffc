// `npm run bench -- rest`: the REST transport on loopback while the demo runs at 60 fps. For
// GET /entity/Sun/Earth and GET /query?q=Position,Velocity&values=true&limit=1000: requests/s and
// p50/p99 latency (10 connections, 1 s warm-up, 3 s measured) against a bare node:http server
// answering the same body (captured from our reply first) in the same run; and the host's own
// frame-interval p99 while under that load (budget 1.5 frame periods = 25 ms). Host, peer and
// load generator are three processes. Rounds alternate ours and the peer; medians over rounds
// (BENCH_RUNS, default 3). Needs a build (npx electron-vite build): it measures out/main.
// Identical GETs between two frames are answered from the router's reply cache; a second host
// started with --no-reply-cache shows the cost of serializing every reply (the *_uncached rows).
import { median, report, row, type BenchRow } from './lib/report';
import { drive, frameBudgetMs, frameP99, staleBuildWarning, startBarePeer, startHost, type DriveResult } from './rest/index';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = 10;
const WARM_S = 1;
const MEASURE_S = 3;

const CASES = [
  { name: 'rest_entity', path: '/entity/Sun/Earth' },
  { name: 'rest_query_1000', path: '/query?q=Position%2CVelocity&values=true&limit=1000' },
] as const;

async function capture(base: string, path: string): Promise<string> {
  const r = await fetch(base + path);
  const body = await r.text();
  if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}: ${body.slice(0, 300)}`);
  return body;
}

async function measure(url: string, path: string): Promise<DriveResult> {
  await drive({ url, path, connections: CONNECTIONS, seconds: WARM_S });
  const r = await drive({ url, path, connections: CONNECTIONS, seconds: MEASURE_S });
  if (r.non2xx || r.errors) throw new Error(`${url}${path}: ${r.non2xx} non-2xx replies (${JSON.stringify(r.statuses)}) and ${r.errors} errors under load`);
  return r;
}

async function main(): Promise<void> {
  const stale = staleBuildWarning();
  if (stale) console.warn(stale);
  const host = await startHost();
  const uncached = await startHost({ args: ['--no-reply-cache'] });
  let peer;
  try {
    const bodies = await Promise.all(CASES.map((c) => capture(host.url, c.path)));
    peer = await startBarePeer(CASES.map((c, i) => ({ prefix: c.path, body: bodies[i]! })));
    const rows: BenchRow[] = [];
    for (const [i, c] of CASES.entries()) {
      const ours: DriveResult[] = [], theirs: DriveResult[] = [], plain: DriveResult[] = [], frames: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        await host.markFrames();
        ours.push(await measure(host.url, c.path));
        frames.push(frameP99(await host.frameIntervals()));
        theirs.push(await measure(peer.url, c.path));
        plain.push(await measure(uncached.url, c.path));
        const o = ours.at(-1)!, t = theirs.at(-1)!, u = plain.at(-1)!;
        console.log(`${c.name} round ${run + 1}: ours ${o.reqPerSec.toFixed(0)} req/s p99 ${o.latency.p99.toFixed(2)} ms, frame p99 ${frames.at(-1)!.toFixed(1)} ms; `
          + `bare ${t.reqPerSec.toFixed(0)} req/s p99 ${t.latency.p99.toFixed(2)} ms; ours uncached ${u.reqPerSec.toFixed(0)} req/s p99 ${u.latency.p99.toFixed(2)} ms`);
      }
      const peerName = `bare node:http, same ${bodies[i]!.length}-byte body`;
      const m = (rs: DriveResult[], f: (r: DriveResult) => number) => median(rs.map(f));
      rows.push(row(`${c.name}_req_per_s`, m(ours, (r) => r.reqPerSec), peerName, m(theirs, (r) => r.reqPerSec), 'req/s'));
      rows.push(row(`${c.name}_p50`, m(ours, (r) => r.latency.p50), peerName, m(theirs, (r) => r.latency.p50), 'ms'));
      rows.push(row(`${c.name}_p99`, m(ours, (r) => r.latency.p99), peerName, m(theirs, (r) => r.latency.p99), 'ms'));
      rows.push(row(`${c.name}_uncached_req_per_s`, m(plain, (r) => r.reqPerSec), peerName, m(theirs, (r) => r.reqPerSec), 'req/s'));
      rows.push(row(`${c.name}_uncached_p99`, m(plain, (r) => r.latency.p99), peerName, m(theirs, (r) => r.latency.p99), 'ms'));
      rows.push(row(`${c.name}_frame_p99`, median(frames), '1.5 frame periods', frameBudgetMs(host.periodMs), 'ms'));
    }
    if (!host.alive() || !uncached.alive()) throw new Error('the host process died during the benchmark');
    report('rest', rows);
  } finally {
    await peer?.stop();
    await uncached.stop();
    await host.stop();
  }
}

await main();
