// `npm run bench -- soak`: the built host under a long mixed load with watches, for SOAK_SECONDS
// (default 60; e.g. SOAK_SECONDS=300 npm run bench -- soak). SOAK_CONNECTIONS (default 16) request
// loops run the load mix (GET entity/query, PUT set/enable/disable, bench/load/mix.ts) capped at
// SOAK_RATE req/s in all (default 1500, so a shared machine keeps some room), while watches stay
// open: fast readers on 50-entity query pages and on targets only writes change, slow readers (16 KiB every
// second, a background tab) on a 500-entity page of moving values that reopen when they read the
// past, and two slow readers that ignore the ids (an EventSource on a slow link); the slow ones ask
// for gzip, as browsers do, and take 16 KiB of compressed bytes per read; every watch
// reconnects when the host drops its stream, as an EventSource does (the host resets a stream whose
// socket stays backed up). Watches
// are closed and opened again every SOAK_ROTATE_SECONDS (default a third of the run). Beside them,
// MCP agents (bench/mcp/soak-agents.ts): sessions cycling through the tools and wait_for,
// subscribers reading moving planets after each notice, and a writer that reads its writes back.
// Reports answers and errors by kind, lost writes (REST and MCP), replayed watch states against a
// GET, the MCP agents' calls, error answers and waits, the host's RSS (start, end, trend over the
// last two thirds), the slow readers' lag in ms and frames, and one summary line to quote.
// Needs a build: it measures out/main.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { expectRow, infoRow, percentile, report, type BenchRow } from './lib/report';
import { wholeNumberSetting } from './lib/settings';
import { describeKinds, KINDS, runLoadSession } from './load/index';
import { startMcpAgents } from './mcp/index';
import { staleBuildWarning, startHost, type HostUnderTest } from './rest/index';
import { parseWatchEventId } from '../src/shared/protocol';
import { openWatch, type WatchClient } from '../tests/support/watch-client';

const SECONDS = wholeNumberSetting('SOAK_SECONDS', 60);
const CONNECTIONS = wholeNumberSetting('SOAK_CONNECTIONS', 16);
const RATE = wholeNumberSetting('SOAK_RATE', 1500);
const ROTATE_SECONDS = wholeNumberSetting('SOAK_ROTATE_SECONDS', Math.max(1, Math.floor(SECONDS / 3)));
const ASTEROIDS = 3000;
const FAST_PAGES = 10;
/** Targets only writes change (the load writes asteroids only): a replayed state must equal a GET. */
const STILL = ['/query?q=Planet', '/entity/Sun', '/query?q=Engine', '/entity/Sun/Earth?type_info=true'];
const SLOW_PAGE = '/query?q=Position%2CVelocity&values=true&limit=500';
const SLOW = 8;
const NAIVE = 2;
const SLOW_CHUNK = 16 * 1024;
const SLOW_EVERY_MS = 1000;
const RSS_EVERY_MS = 5000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fastTarget = (i: number) => `/watch/query?q=Position%2CVelocity&values=true&limit=50&offset=${i * 50}`;

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** Least-squares slope of (minute, MiB) samples. */
function slopePerMinute(samples: { t: number; mib: number }[]): number {
  const n = samples.length;
  if (n < 2) return NaN;
  const mt = samples.reduce((s, x) => s + x.t, 0) / n, mm = samples.reduce((s, x) => s + x.mib, 0) / n;
  const cov = samples.reduce((s, x) => s + (x.t - mt) * (x.mib - mm), 0), v = samples.reduce((s, x) => s + (x.t - mt) ** 2, 0);
  return cov / v;
}

interface WatchTally { opened: number; refused: Record<string, number>; endedEarly: number; reopens: number; reconnects: number; replays: number; replaysEqual: number; mismatches: string[] }

/** One generation of watches, open until `close`. */
async function openGeneration(host: HostUnderTest, tally: WatchTally, lags: { slow: number[]; naive: number[] }) {
  const open = async (target: string, opts: Parameters<typeof openWatch>[2] = {}): Promise<WatchClient | undefined> => {
    const w = await openWatch(host.url, target, { reconnect: true, ...opts });
    if ('status' in w) { tally.refused[w.status] = (tally.refused[w.status] ?? 0) + 1; return undefined; }
    tally.opened++;
    return w;
  };
  const fast = await Promise.all(Array.from({ length: FAST_PAGES }, (_, i) => open(fastTarget(i))));
  const still = await Promise.all(STILL.map((t) => open(`/watch${t}`)));
  const slow = await Promise.all(Array.from({ length: SLOW }, () => open(`/watch${SLOW_PAGE}`, { slow: true, compressed: true })));
  const naive = await Promise.all(Array.from({ length: NAIVE }, () => open(`/watch${SLOW_PAGE}`, { slow: true, compressed: true, maxLagMs: Infinity })));
  /** Lag of what a reader holds: now against the host time of the last event it applied (same machine, same clock). */
  const lagOf = (w: WatchClient) => Date.now() - (parseWatchEventId(w.events.at(-1)?.id)?.time ?? Date.now());
  const reader = setInterval(() => {
    for (const w of slow) if (w) { w.readSome(SLOW_CHUNK); if (w.events.length > 0) lags.slow.push(lagOf(w)); }
    for (const w of naive) if (w) { w.readSome(SLOW_CHUNK); if (w.events.length > 0) lags.naive.push(lagOf(w)); }
  }, SLOW_EVERY_MS);
  return {
    async close(): Promise<void> {
      clearInterval(reader);
      // Replayed states of the targets only writes change must equal a GET.
      for (const [i, w] of still.entries()) {
        if (!w) continue;
        tally.replays++;
        const get = (await (await fetch(host.url + STILL[i])).json()) as unknown;
        if (JSON.stringify(w.state?.reply) === JSON.stringify(get)) tally.replaysEqual++;
        else tally.mismatches.push(STILL[i]!);
      }
      for (const w of [...fast, ...still, ...slow, ...naive]) {
        if (!w) continue;
        if (w.ended) tally.endedEarly++;
        tally.reopens += w.reopens;
        tally.reconnects += w.reconnects;
        w.close();
      }
    },
  };
}

async function main(): Promise<void> {
  const stale = staleBuildWarning();
  if (stale) console.warn(stale);
  console.log(`soak: ${SECONDS} s, ${CONNECTIONS} connections at ${RATE} req/s in all, watches rotated every ${ROTATE_SECONDS} s; load average before: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  const host = await startHost({ asteroids: ASTEROIDS, args: ['--max-watches-per-client', '64'] });
  const tally: WatchTally = { opened: 0, refused: {}, endedEarly: 0, reopens: 0, reconnects: 0, replays: 0, replaysEqual: 0, mismatches: [] };
  const lags = { slow: [] as number[], naive: [] as number[] };
  const rss: { t: number; mib: number }[] = [];
  // The load generator's own RSS (this process): a client that grows would starve the host's clients.
  const clientRss: number[] = [];
  const t0 = Date.now();
  const sampler = setInterval(() => {
    rss.push({ t: (Date.now() - t0) / 60_000, mib: rssMiB(host.pid) });
    clientRss.push(rssMiB(process.pid));
  }, RSS_EVERY_MS);
  rss.push({ t: 0, mib: rssMiB(host.pid) });
  const heapBefore = await host.heap();
  const agents = await startMcpAgents(host.url);
  let running = true;
  const watches = (async () => {
    while (running) {
      const gen = await openGeneration(host, tally, lags);
      const until = Date.now() + ROTATE_SECONDS * 1000;
      while (running && Date.now() < until) await sleep(250);
      await gen.close();
    }
  })();
  try {
    const load = await runLoadSession(host, { connections: CONNECTIONS, seconds: SECONDS, overallRate: RATE });
    running = false;
    const mcp = await agents.stop();
    await watches;
    clearInterval(sampler);
    rss.push({ t: (Date.now() - t0) / 60_000, mib: rssMiB(host.pid) });
    await sleep(500);
    const heapAfter = await host.heap();
    console.log(`answers ${load.drive.responses} in ${load.drive.seconds} s; ${describeKinds(load.kinds)}`);
    console.log(`writes ${JSON.stringify(load.writes)}; stale reads ${load.reads.stale.length} of ${load.reads.checked}; lost ${load.lost.length}; unexpected ${load.unexpected.length}`);
    console.log(`watches: ${JSON.stringify(tally)}; heap ${(heapBefore.heapUsed / 2 ** 20).toFixed(1)} -> ${(heapAfter.heapUsed / 2 ** 20).toFixed(1)} MiB, watchers left ${heapAfter.watchers}, streams left ${heapAfter.streams}`);
    console.log(`mcp: ${JSON.stringify({ ...mcp, messages: undefined })}`);
    for (const m of mcp.messages) console.log(`  mcp ${m}`);
    console.log(`RSS MiB: ${rss.map((s) => s.mib.toFixed(0)).join(' ')}`);
    console.log(`load generator RSS MiB: ${clientRss.map((m) => m.toFixed(0)).join(' ')}`);
    const late = rss.filter((s) => s.t >= rss.at(-1)!.t / 3);
    const frames = (ms: number) => ms / host.periodMs;
    const q = (xs: number[], p: number) => (xs.length ? percentile(xs, p) : NaN);
    const rows: BenchRow[] = [
      infoRow('soak_seconds', load.drive.seconds, 's'),
      infoRow('soak_requests', load.drive.responses, 'responses'),
      infoRow('soak_req_per_s', load.drive.reqPerSec, 'req/s', 'cap', RATE),
      ...KINDS.map((k) => expectRow(`soak_non2xx_${k}`, load.kinds[k].non2xx, 0, 'responses')),
      expectRow('soak_transport_errors', load.drive.errors, 0, 'errors'),
      expectRow('soak_lost_writes', load.lost.length, 0, 'writes'),
      expectRow('soak_stale_reads', load.reads.stale.length, 0, 'reads'),
      expectRow('soak_unexpected_changes', load.unexpected.length, 0, 'entities'),
      infoRow('soak_watches_opened', tally.opened, 'watches'),
      expectRow('soak_watches_refused', Object.values(tally.refused).reduce((a, b) => a + b, 0), 0, 'watches'),
      expectRow('soak_watches_ended_early', tally.endedEarly, 0, 'watches'),
      expectRow('soak_replayed_states_unequal', tally.replays - tally.replaysEqual, 0, `of ${tally.replays}`),
      expectRow('soak_watchers_left', heapAfter.watchers, 0, 'watchers'),
      infoRow('soak_rss_start_end', rss.at(-1)!.mib, 'MiB', 'start', rss[0]!.mib),
      infoRow('soak_rss_max', Math.max(...rss.map((s) => s.mib)), 'MiB'),
      infoRow('soak_rss_trend_last_two_thirds', slopePerMinute(late), 'MiB/min'),
      infoRow('soak_load_generator_rss_max', clientRss.length ? Math.max(...clientRss) : NaN, 'MiB'),
      infoRow('soak_slow_reader_lag_p50', q(lags.slow, 50), 'ms', 'frames at the target rate', frames(q(lags.slow, 50))),
      infoRow('soak_slow_reader_lag_p99', q(lags.slow, 99), 'ms', 'frames at the target rate', frames(q(lags.slow, 99))),
      infoRow('soak_slow_reader_lag_max', Math.max(...lags.slow), 'ms', 'frames at the target rate', frames(Math.max(...lags.slow))),
      infoRow('soak_slow_reader_reopens', tally.reopens, 'reopens', 'reads', lags.slow.length),
      infoRow('soak_watch_reconnects', tally.reconnects, 'reconnects after the host reset a backed-up stream'),
      infoRow('soak_naive_reader_lag_p50', q(lags.naive, 50), 'ms', 'frames at the target rate', frames(q(lags.naive, 50))),
      infoRow('soak_naive_reader_lag_max', Math.max(...lags.naive), 'ms', 'frames at the target rate', frames(Math.max(...lags.naive))),
      infoRow('soak_frame_p99', load.frames.p99, 'ms'),
      infoRow('soak_mcp_sessions', mcp.sessions, 'sessions'),
      infoRow('soak_mcp_calls', mcp.calls, 'tool calls'),
      expectRow('soak_mcp_error_answers', mcp.errorAnswers, 0, 'answers'),
      expectRow('soak_mcp_transport_errors', mcp.transportErrors, 0, 'errors'),
      expectRow('soak_mcp_lost_writes', mcp.lostWrites, 0, `of ${mcp.writes}`),
      infoRow('soak_mcp_waits', mcp.waits, 'wait_for', 'woken by a change', mcp.waitsWoken),
      infoRow('soak_mcp_notices', mcp.notices, 'notices', 'reads after them', mcp.reads),
    ];
    const errors = KINDS.reduce((n, k) => n + load.kinds[k].non2xx, 0) + load.drive.errors + mcp.errorAnswers + mcp.transportErrors;
    const f = (n: number) => n.toLocaleString('en-US');
    console.log(`soak summary: ${load.drive.seconds} s, ${f(load.drive.responses)} REST answers (${f(Math.round(load.drive.reqPerSec))} req/s) and ${f(mcp.calls)} MCP tool calls `
      + `(${f(mcp.waits)} wait_for, ${f(mcp.waitsWoken)} woken; ${f(mcp.notices)} notices), ${f(errors)} errors of any kind; lost writes: REST ${f(load.lost.length)} of ${f(load.writes.acked)}, MCP ${f(mcp.lostWrites)} of ${f(mcp.writes)}; `
      + `stale reads ${f(load.reads.stale.length)} of ${f(load.reads.checked)}; RSS ${rss[0]!.mib.toFixed(0)} -> ${rss.at(-1)!.mib.toFixed(0)} MiB (max ${Math.max(...rss.map((x) => x.mib)).toFixed(0)}), ${slopePerMinute(late) >= 0 ? '+' : ''}${slopePerMinute(late).toFixed(2)} MiB/min over the last two thirds`);
    report('soak', rows);
    if (rows.some((r) => r.peer === 'expected' && r.ratio !== 1)) process.exitCode = 1;
  } finally {
    running = false;
    clearInterval(sampler);
    await agents.stop().catch(() => {});
    await host.stop();
  }
}

await main();
