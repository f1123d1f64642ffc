// `npm run bench -- mcp`: a `query` tool call over MCP (the SDK's client, Streamable HTTP on
// loopback) against the REST GET of the same query (fetch, same host, same socket kind), in
// microseconds per call, one call at a time, while the demo runs at 60 fps. The host runs
// in-process from source (no build needed); rounds alternate MCP and REST and the medians over
// rounds (BENCH_RUNS, default 5) are reported. The ratio says what MCP's framing (JSON-RPC, the
// session, the tool's argument check and its result wrapping) costs over the plain GET.
// Then the frame p99 of the built host (its own process, demo at 60 fps, 3,000 asteroids) while
// 10 MCP clients call `query` back to back and 2 hold subscriptions on moving planets, reading
// after each notice: BENCH_RUNS windows of BENCH_SECONDS (default 8) against a quiet window,
// and the bar of 1.5 frame periods. That part needs a build (npx electron-vite build).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parseHostOptions } from '../src/main/cli';
import { Host } from '../src/main/host/index';
import { median, report, row, type BenchRow } from './lib/report';
import { clientsWindow, POLLERS, SUBSCRIBED, type ClientsWindow } from './mcp/index';
import { frameBudgetMs, staleBuildWarning, startHost } from './rest/index';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CALLS = 300;
const WARM = 50;
const CASES = [
  { name: 'mcp_query_planets', args: { q: 'Planet, Position', limit: 100 }, rest: '/query?q=Planet%2C%20Position&limit=100&count=true' },
  { name: 'mcp_query_100_values', args: { q: 'Position, Velocity', limit: 100, values: true }, rest: '/query?q=Position%2C%20Velocity&limit=100&values=true&count=true' },
] as const;

/** Mean µs per call of `n` sequential calls of `fn`. */
async function perCall(n: number, fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  return ((performance.now() - t) * 1000) / n;
}

/** Frame p99 of the built host, quiet and under the MCP clients, as rows. */
async function framesUnderClients(): Promise<BenchRow[]> {
  const stale = staleBuildWarning();
  if (stale) console.warn(stale);
  const host = await startHost({ asteroids: 3000 });
  try {
    const quiet = await clientsWindow(host, SECONDS, false);
    console.log(`quiet window: frame p99 ${quiet.p99.toFixed(1)} ms over ${quiet.frames} frames, ${quiet.skipped} dropped; host CPU ${(quiet.cpu / SECONDS / 1e4).toFixed(0)} %`);
    const loaded: ClientsWindow[] = [];
    for (let run = 0; run < RUNS; run++) {
      const w = await clientsWindow(host, SECONDS, true);
      loaded.push(w);
      console.log(`window ${run + 1} (${POLLERS} polling, ${SUBSCRIBED.length} subscribed): frame p99 ${w.p99.toFixed(1)} ms over ${w.frames} frames, ${w.skipped} dropped; `
        + `${(w.calls / SECONDS).toFixed(0)} query calls/s; notices ${w.notices.join(' · ')} (${w.reads} reads); host CPU ${(w.cpu / SECONDS / 1e4).toFixed(0)} %, `
        + `${((w.cpu - quiet.cpu) / w.calls).toFixed(0)} µs more per query call than quiet`);
    }
    const budget = frameBudgetMs(host.periodMs);
    const fps = median(loaded.map((w) => w.frames)) / SECONDS;
    return [
      row('frame_p99_under_mcp_clients', median(loaded.map((w) => w.p99)), 'budget: 1.5 frame periods', budget, 'ms'),
      row('frame_p99_under_mcp_clients_worst_window', Math.max(...loaded.map((w) => w.p99)), 'budget: 1.5 frame periods', budget, 'ms'),
      row('frame_p99_quiet', quiet.p99, 'budget: 1.5 frame periods', budget, 'ms'),
      row('host_cpu_per_query_call_subscriptions_included', median(loaded.map((w) => (w.cpu - quiet.cpu) / w.calls)), 'one frame period', host.periodMs * 1000, 'µs/call'),
      row('mcp_query_calls_per_second', median(loaded.map((w) => w.calls)) / SECONDS, `${POLLERS} clients, one call in flight each`, POLLERS, 'calls/s'),
      row('mcp_notices_per_subscriber_per_second', median(loaded.flatMap((w) => w.notices)) / SECONDS, 'frames/s (the ceiling: one notice per frame)', fps, 'notices/s'),
    ];
  } finally {
    await host.stop();
  }
}

async function main(): Promise<void> {
  const host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0']), mkdtempSync(join(tmpdir(), 'bench-mcp-')));
  const base = (await host.start()).rest;
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  const rows = [];
  try {
    for (const c of CASES) {
      const mcp = async () => {
        const r = await client.callTool({ name: 'query', arguments: c.args });
        if (r.isError) throw new Error(`query ${JSON.stringify(c.args)} failed: ${JSON.stringify(r.content)}`);
      };
      const rest = async () => {
        const r = await fetch(base + c.rest);
        if (r.status !== 200) throw new Error(`GET ${c.rest} answered ${r.status}`);
        await r.text();
      };
      await perCall(WARM, mcp);
      await perCall(WARM, rest);
      const ours: number[] = [], theirs: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        ours.push(await perCall(CALLS, mcp));
        theirs.push(await perCall(CALLS, rest));
        console.log(`${c.name} round ${run + 1}: MCP ${ours.at(-1)!.toFixed(0)} µs/call, REST ${theirs.at(-1)!.toFixed(0)} µs/req`);
      }
      rows.push(row(c.name, median(ours), `REST GET ${c.rest}`, median(theirs), 'µs/req'));
    }
  } finally {
    await client.close();
    await host.stop();
  }
  rows.push(...await framesUnderClients());
  report('mcp', rows);
}

await main();
