// `npm run bench -- hostile`: the built host (demo at 60 fps, 3,000 asteroids) while 4 clients send
// the hostile reads of tests/support/hostile-reads.ts back to back (the freeze query, the
// 2-variable cross product, 1,500 repeated terms, deep nesting, huge vars=), against the same host
// quiet. Reported: the frame-interval p99 (the host's own loop) against the budget of 1.5 periods,
// the latency of a plain GET /entity/Sun/Earth sent once per frame period (median and p99) against
// the quiet host's, the hostile answers by status (all must be 4xx), and the heap after a full
// collection before and after. Needs a build: it measures out/main.
import { performance } from 'node:perf_hooks';
import { median, percentileOfSorted, report, row } from './lib/report';
import { frameBudgetMs, frameP99, staleBuildWarning, startHost, type HostUnderTest } from './rest/index';
import { HOSTILE_READS } from '../tests/support/hostile-reads';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ATTACKERS = 4;

/** Latencies (ms) of a plain GET sent every `periodMs` for `seconds`. */
async function probe(url: string, periodMs: number, seconds: number): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    const r = await fetch(url);
    await r.text();
    if (r.status !== 200) throw new Error(`GET ${url} answered ${r.status}`);
    out.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, periodMs - (performance.now() - t))));
  }
  return out.sort((a, b) => a - b);
}

/** Frame p99 and plain-GET latencies over one window, with `attack` running meanwhile. */
async function window(host: HostUnderTest, attack: boolean): Promise<{ p99: number; get: number[]; statuses: Map<number, number> }> {
  const statuses = new Map<number, number>();
  let stop = false;
  const attackers = attack ? Array.from({ length: ATTACKERS }, async (_, k) => {
    const urls = Object.values(HOSTILE_READS);
    for (let i = k; !stop; i++) {
      const r = await fetch(host.url + urls[i % urls.length]!);
      await r.text();
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
  }) : [];
  await host.markFrames();
  const get = await probe(`${host.url}/entity/Sun/Earth`, host.periodMs, SECONDS);
  const frames = await host.frameIntervals();
  stop = true;
  await Promise.all(attackers);
  return { p99: frameP99(frames), get, statuses };
}

async function main(): Promise<void> {
  const stale = staleBuildWarning();
  if (stale) console.warn(stale);
  const host = await startHost({ asteroids: 3000 });
  try {
    const heapBefore = (await host.heap()).heapUsed;
    const quiet = await window(host, false);
    const hostile = await window(host, true);
    const heapAfter = (await host.heap()).heapUsed;
    const answered = [...hostile.statuses.values()].reduce((a, b) => a + b, 0);
    const refused = [...hostile.statuses].filter(([s]) => s >= 400 && s < 500).reduce((a, [, n]) => a + n, 0);
    console.log(`hostile answers by status: ${JSON.stringify(Object.fromEntries(hostile.statuses))} (${refused} of ${answered} refused with a 4xx)`);
    console.log(`heap after a full collection: ${(heapBefore / 2 ** 20).toFixed(1)} MiB before, ${(heapAfter / 2 ** 20).toFixed(1)} MiB after`);
    if (refused !== answered) throw new Error(`${answered - refused} hostile reads were not refused with a 4xx`);
    report('hostile', [
      row('frame_p99_under_hostile_reads', hostile.p99, 'budget: 1.5 frame periods', frameBudgetMs(host.periodMs), 'ms'),
      row('frame_p99_quiet', quiet.p99, 'budget: 1.5 frame periods', frameBudgetMs(host.periodMs), 'ms'),
      row('plain_get_median_under_hostile_reads', median(hostile.get), 'the same GET, quiet host', median(quiet.get), 'ms'),
      row('plain_get_p99_under_hostile_reads', percentileOfSorted(hostile.get, 99), 'the same GET, quiet host', percentileOfSorted(quiet.get, 99), 'ms'),
      row('hostile_reads_per_second', answered / SECONDS, 'all refused with a 4xx', refused / SECONDS, 'req/s'),
    ]);
  } finally {
    await host.stop();
  }
}

await main();
