// The MCP part of `npm run bench -- soak`: agents beside the REST loops and watches, for the whole
// run. AGENTS sessions cycle through the read tools and wait_for (an entity that keeps matching,
// so it times out after its frames; a value the writer changes, so it wakes), each at a bounded
// rate; SUBSCRIBED sessions hold a subscription on a moving planet and read it after each notice;
// one writer sets the Scale of its own entity (SoakProbe, nothing else writes it) over MCP and
// reads it back with get_entity: a value that does not come back is a lost write. Every error
// answer of these valid calls, and every call that fails in transport, is counted and its first
// words kept, so the report can be quoted.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fetchWithRequestSignal } from './request-signal-fetch';

/** Sessions calling tools in a loop. */
export const AGENTS = 4;
/** Resources (moving planets) that one session each subscribes to. */
const SUBSCRIBED = ['ecs://entity/Sun/Earth', 'ecs://entity/Sun/Mars'] as const;
/** Calls per second per agent (a model's agent calls far less often; this keeps the host busy). */
const AGENT_RATE = 10;
/** Writes per second of the writer. */
const WRITER_RATE = 5;
/** The writer's entity: made at the start, written only by the writer. */
const PROBE = 'SoakProbe';
/** Messages kept per kind of error. */
const KEEP = 5;

/** The calls an agent cycles through: valid, so any error answer is a fault. */
const CALLS: readonly [string, Record<string, unknown>][] = [
  ['query', { q: 'Planet, Position', limit: 10 }],
  ['get_entity', { path: 'Sun.Earth', values: true }],
  ['world_summary', { counts_only: true }],
  ['stats', { category: 'world' }],
  ['explain_match', { path: 'Sun.Earth', q: 'Position, Velocity' }],
  ['wait_for', { q: 'Planet', path: 'Sun.Mars', timeout_frames: 30 }],
  ['query', { name: 'ShipsHeadingTo', vars: 'planet:Sun.Earth', values: true }],
  ['wait_for', { q: `Scale, $this == ${PROBE}`, values: true, timeout_frames: 120 }],
];

/** What the agents did and met. */
export interface McpSoakTally {
  sessions: number;
  calls: number;
  errorAnswers: number;
  transportErrors: number;
  waits: number;
  waitsWoken: number;
  waitsTimedOut: number;
  notices: number;
  reads: number;
  writes: number;
  lostWrites: number;
  /** The first messages of each kind, for the report. */
  messages: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'soak-agent', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { fetch: fetchWithRequestSignal }));
  return client;
}

/** Starts the agents against the host at `url`; `stop()` ends them and gives the tally. */
export async function startMcpAgents(url: string): Promise<{ stop(): Promise<McpSoakTally> }> {
  const t: McpSoakTally = { sessions: 0, calls: 0, errorAnswers: 0, transportErrors: 0, waits: 0, waitsWoken: 0, waitsTimedOut: 0, notices: 0, reads: 0, writes: 0, lostWrites: 0, messages: [] };
  const note = (kind: string, text: string) => { if (t.messages.filter((m) => m.startsWith(kind)).length < KEEP) t.messages.push(`${kind}: ${text.slice(0, 200)}`); };
  const made = await fetch(`${url}/entity/${PROBE}`, { method: 'PUT' });
  if (made.status !== 200 && made.status !== 409) throw new Error(`cannot make ${PROBE}: ${made.status} ${await made.text()}`);
  const clients = await Promise.all(Array.from({ length: AGENTS + SUBSCRIBED.length + 1 }, () => connect(url)));
  t.sessions = clients.length;
  let running = true;

  /** One call: counts it, its error answer or its transport failure; gives the result's JSON, or undefined. */
  const call = async (c: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown> | undefined> => {
    t.calls++;
    try {
      const r = await c.callTool({ name, arguments: args }) as CallToolResult;
      const text = r.content[0]?.type === 'text' ? r.content[0].text : '';
      if (r.isError) { t.errorAnswers++; note(`error answer of ${name}`, text); return undefined; }
      return JSON.parse(text) as Record<string, unknown>;
    } catch (e) {
      t.transportErrors++;
      note(`transport error of ${name}`, (e as Error).message);
      return undefined;
    }
  };

  const agents = clients.slice(0, AGENTS).map(async (c, k) => {
    for (let i = k; running; i++) {
      const [name, args] = CALLS[i % CALLS.length]!;
      const r = await call(c, name, args);
      if (name === 'wait_for' && r) {
        t.waits++;
        if (r.changed === true) t.waitsWoken++; else t.waitsTimedOut++;
      }
      await sleep(1000 / AGENT_RATE);
    }
  });

  const subscribers = SUBSCRIBED.map(async (uri, i) => {
    const c = clients[AGENTS + i]!;
    let reading = false;
    c.setNotificationHandler(ResourceUpdatedNotificationSchema, () => {
      t.notices++;
      if (reading || !running) return;
      reading = true;
      c.readResource({ uri }).then(() => { t.reads++; }, (e: unknown) => { t.transportErrors++; note(`transport error of resources/read`, (e as Error).message); })
        .finally(() => { reading = false; });
    });
    try {
      await c.subscribeResource({ uri });
    } catch (e) {
      t.transportErrors++;
      note('transport error of resources/subscribe', (e as Error).message);
    }
  });

  const writer = (async () => {
    const c = clients[AGENTS + SUBSCRIBED.length]!;
    for (let k = 1; running; k++) {
      const value = k % 1000; // small integers: exact in the component's 32-bit float
      const set = await call(c, 'set_components', { path: PROBE, data: { ids: [['Scale']], values: [{ value }] } });
      if (set) {
        t.writes++;
        const back = await call(c, 'get_entity', { path: PROBE, values: true });
        const ids = (back?.ids ?? []) as string[][];
        const got = (back?.values as { value: number }[] | undefined)?.[ids.findIndex((id) => id[0] === 'Scale')]?.value;
        if (got !== value) { t.lostWrites++; note('lost write', `Scale ${value} set, ${got} read back`); }
      }
      await sleep(1000 / WRITER_RATE);
    }
  })();

  await Promise.all(subscribers);
  return {
    async stop(): Promise<McpSoakTally> {
      running = false;
      await Promise.all([...agents, writer]);
      await Promise.all(clients.map(async (c) => {
        await (c.transport as StreamableHTTPClientTransport | undefined)?.terminateSession().catch(() => {});
        await c.close();
      }));
      return t;
    },
  };
}
