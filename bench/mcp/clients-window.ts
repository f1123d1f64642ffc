// The frame-interval window of `npm run bench -- mcp`: the built host in its own process (so the
// clients below do not share its event loop) while POLLERS MCP clients call the `query` tool back
// to back and SUBSCRIBERS clients hold a resource subscription on a moving entity, reading the
// resource after each `notifications/resources/updated` as an agent would. Intervals are the
// host's own (time between frame starts), so a frame delayed by MCP work shows up here.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { frameP99, type HostUnderTest } from '../rest/index';
import { fetchWithRequestSignal } from './request-signal-fetch';

/** Clients calling the query tool in a loop. */
export const POLLERS = 10;
/** Clients holding a subscription each (resources that change every frame: moving planets). */
export const SUBSCRIBED = ['ecs://entity/Sun/Earth', 'ecs://entity/Sun/Earth/Moon'] as const;
/** The query tool calls the pollers alternate between (a page of names; a page with values). */
const POLL_ARGS = [{ q: 'Planet, Position', limit: 100 }, { q: 'Position, Velocity', limit: 100, values: true }] as const;

/** What one window measured. */
export interface ClientsWindow {
  /** p99 of the host's frame intervals, ms. */
  p99: number;
  /** Frames the host's loop dropped after a stall. */
  skipped: number;
  /** Frames run in the window. */
  frames: number;
  /** query tool calls answered, all pollers together. */
  calls: number;
  /** Notices received per subscriber, and resource reads that followed them. */
  notices: number[];
  reads: number;
  /** Host CPU time (user + system) over the window, µs. */
  cpu: number;
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'bench-mcp-load', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { fetch: fetchWithRequestSignal }));
  return client;
}

/** Frame intervals over `seconds`, with the MCP clients at work when `load` is set. */
export async function clientsWindow(host: HostUnderTest, seconds: number, load: boolean): Promise<ClientsWindow> {
  const pollers = load ? await Promise.all(Array.from({ length: POLLERS }, () => connect(host.url))) : [];
  const subscribers = load ? await Promise.all(SUBSCRIBED.map(() => connect(host.url))) : [];
  const notices = SUBSCRIBED.map(() => 0);
  let reads = 0;
  let calls = 0;
  let stop = false;
  // Each subscriber reads its resource after a notice, one read at a time (notices during a read are counted, not queued).
  await Promise.all(subscribers.map(async (c, i) => {
    let reading = false;
    c.setNotificationHandler(ResourceUpdatedNotificationSchema, () => {
      notices[i]!++;
      if (reading || stop) return;
      reading = true;
      void c.readResource({ uri: SUBSCRIBED[i]! }).then(() => { reads++; }, () => {}).finally(() => { reading = false; });
    });
    await c.subscribeResource({ uri: SUBSCRIBED[i]! });
  }));
  await host.markFrames();
  const cpuBefore = await host.cpuMicros();
  const end = performance.now() + seconds * 1000;
  const loops = pollers.map(async (c, k) => {
    for (let i = k; performance.now() < end; i++) {
      const r = await c.callTool({ name: 'query', arguments: { ...POLL_ARGS[i % POLL_ARGS.length]! } });
      if (r.isError) throw new Error(`the query tool failed under load: ${JSON.stringify(r.content)}`);
      calls++;
    }
  });
  if (!load) await new Promise((r) => setTimeout(r, seconds * 1000));
  await Promise.all(loops);
  const window = await host.frameWindow();
  const cpu = (await host.cpuMicros()) - cpuBefore;
  stop = true;
  await Promise.all([...pollers, ...subscribers].map(async (c) => {
    await (c.transport as StreamableHTTPClientTransport | undefined)?.terminateSession().catch(() => {});
    await c.close();
  }));
  return { p99: frameP99(window.intervals), skipped: window.skipped, frames: window.intervals.length, calls, notices, reads, cpu };
}
