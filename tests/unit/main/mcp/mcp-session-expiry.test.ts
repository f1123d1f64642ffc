// MCP session idle expiry, once on the host's own clock and timers (a 1 s expiry, waited on in
// frames), and else with the endpoint's clock and timers in the test's hands (no timer is waited
// on): the sweeper, armed every idleMs/4 and fired here by the test, closes a session with
// nothing in flight for idleMs, releases its watches and its id is refused with a message saying
// why; a client holding its notification stream is in use and stays; a new
// client at the session bound takes the slot of the session unused the longest among those with
// nothing in flight, and is refused only when every session is in use.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ManualTimers } from './manual-timers';
import { call, McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const h = new McpHarness();
afterEach(() => h.close());

const IDLE_MS = 60_000;
const HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

/** One JSON-RPC message POSTed to /mcp (a client that never opens its notification stream). */
async function post(base: string, message: object, session?: string): Promise<Response> {
  const headers = session === undefined ? HEADERS : { ...HEADERS, 'Mcp-Session-Id': session, 'Mcp-Protocol-Version': '2025-06-18' };
  return fetch(`${base}/mcp`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', ...message }) });
}

/** A session opened by hand: initialize, initialized, a subscription; then the client goes quiet. */
async function quietSession(base: string): Promise<string> {
  const init = await post(base, { id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'quiet', version: '1' } } });
  expect(init.status).toBe(200);
  const id = init.headers.get('mcp-session-id')!;
  await init.text();
  expect((await post(base, { method: 'notifications/initialized' }, id)).status).toBe(202);
  const sub = await post(base, { id: 2, method: 'resources/subscribe', params: { uri: 'ecs://query/Planets' } }, id);
  expect(await sub.text()).toContain('"result":{}');
  return id;
}

describe('MCP session idle expiry', () => {
  test('a quiet session is closed after idleMs, not before; its watch is released and its id refused; a listening client stays', async () => {
    let clock = 1_000_000;
    const timers = new ManualTimers();
    const base = await h.startWith({ idleMs: IDLE_MS, now: () => clock, timers });
    const mcp = h.host!.mcp!;
    const sweepMs = IDLE_MS / 4;
    /** Fires the sweep timer (the endpoint arms the next one), then lets the closes it started finish. */
    const sweep = async () => {
      expect(timers.fire(sweepMs), 'one sweep armed').toBe(1);
      await new Promise((r) => setImmediate(r));
    };
    const listening = await h.connect(base);
    await expect.poll(() => mcp.openRequests, { timeout: 30_000 }).toBe(1);
    const quiet = await quietSession(base);
    expect(mcp.openSessions).toBe(2);
    expect(h.host!.watches.watcherCount).toBe(1);
    clock += IDLE_MS - 1;
    await sweep();
    expect(mcp.openSessions).toBe(2);
    clock += 1;
    await sweep();
    await expect.poll(() => mcp.openSessions, { timeout: 30_000 }).toBe(1);
    expect(h.host!.watches.watcherCount).toBe(0);
    const refused = await post(base, { id: 3, method: 'tools/list' }, quiet);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain(`it ended (closed; unused for ${IDLE_MS / 60_000} minutes;`);
    clock += 10 * IDLE_MS;
    await sweep();
    expect(mcp.openSessions).toBe(1);
    expect((await call(listening, 'get_entity', { path: 'Sun' })).isError).toBe(false);
  });

  test('on the host\'s own clock and timers, the sweeper closes a quiet session; a listening client stays', async () => {
    // idleMs 1 s: the sweep runs every second (its floor); frames run on the loop meanwhile.
    const base = await h.startLive({ idleMs: 1000 });
    const mcp = h.host!.mcp!;
    const listening = await h.connect(base);
    // The SDK client opens its notification stream after connecting: from then on it is in use.
    expect(await h.until(() => mcp.openRequests === 1, 1200)).toBe(true);
    const quiet = await quietSession(base);
    expect(mcp.openSessions).toBe(2);
    expect(h.host!.watches.watcherCount).toBe(1);
    // Waited on frames: at 60 fps, 1,200 frames are 20 s, ten times what the expiry needs.
    expect(await h.until(() => mcp.openSessions === 1, 1200), 'the quiet session was closed by the sweeper').toBe(true);
    expect(h.host!.watches.watcherCount).toBe(0);
    expect((await post(base, { id: 3, method: 'tools/list' }, quiet)).status).toBe(404);
    expect((await call(listening, 'get_entity', { path: 'Sun' })).isError).toBe(false);
  });

  test('at the session bound, a new client takes the slot of the longest-unused quiet session; when all are in use it is refused', async () => {
    let clock = 0;
    const base = await h.startWith({ idleMs: IDLE_MS, now: () => clock, maxSessions: 3 });
    const mcp = h.host!.mcp!;
    const listening = await h.connect(base);
    await expect.poll(() => mcp.openRequests, { timeout: 30_000 }).toBe(1);
    const older = await quietSession(base);
    clock += 1;
    const newer = await quietSession(base);
    expect(mcp.openSessions).toBe(3);
    expect(h.host!.watches.watcherCount).toBe(2);
    // No time passes toward the idle expiry: the slot is taken at once, from the older quiet one.
    const late = await h.connect(base);
    expect((await call(late, 'world_summary')).isError).toBe(false);
    expect(mcp.openSessions).toBe(3);
    expect(h.host!.watches.watcherCount).toBe(1);
    const gone = await post(base, { id: 3, method: 'tools/list' }, older);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('its slot given to a new client at the bound of 3');
    expect((await post(base, { id: 3, method: 'tools/list' }, newer)).status).toBe(200);
    // The newer quiet session goes next; then the three left all listen, and a fourth is refused.
    await expect.poll(() => mcp.openRequests, { timeout: 30_000 }).toBe(2);
    const third = await h.connect(base);
    await expect.poll(() => mcp.openRequests, { timeout: 30_000 }).toBe(3);
    expect((await post(base, { id: 4, method: 'tools/list' }, newer)).status).toBe(404);
    await expect(h.connect(base)).rejects.toThrow(/too many MCP clients: 3 sessions are open and in use \(the limit is 3\)/);
    for (const c of [listening, late, third]) expect((await call(c, 'get_entity', { path: 'Sun' })).isError).toBe(false);
  });
});
