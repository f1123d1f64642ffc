// `npm run bench -- mcp`: a `query` tool call over MCP (the SDK's client, Streamable HTTP on
// loopback) against the REST GET of the same query (fetch, same host, same socket kind), in
// microseconds per call, one call at a time, while the demo runs at 60 fps. The host runs
// in-process from source (no build needed); rounds alternate MCP and REST and the medians over
// rounds (BENCH_RUNS, default 5) are reported. The ratio says what MCP's framing (JSON-RPC, the
// session, the tool's argument check and its result wrapping) costs over the plain GET.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parseHostOptions } from '../src/main/cli';
import { Host } from '../src/main/host/index';
import { median, report, row } from './lib/report';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
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
  report('mcp', rows);
}

await main();
