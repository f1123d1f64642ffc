// The MCP endpoint's own part, on a host with the endpoint's clock and timers in the test's hands:
// what a refused request answers (a JSON-RPC error a client can parse), which session gives up its
// slot at the bound (the one unused the longest, whatever the order they were opened in), a
// session ended by its client (DELETE) or by the host stopping (its watches released, the idle
// sweep disarmed), and a request that fails inside the endpoint before a session exists or after
// its reply began (answered or cut, logged once).
import type { ServerResponse } from 'node:http';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { send } from '../../../support/raw-http';
import { ManualTimers } from './manual-timers';
import { call, McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const h = new McpHarness();
afterEach(async () => {
  vi.restoreAllMocks();
  await h.close();
});

const IDLE_MS = 60_000;
const HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };

/** One JSON-RPC message POSTed to /mcp. */
async function post(base: string, message: object, session?: string): Promise<Response> {
  const headers = session === undefined ? HEADERS : { ...HEADERS, 'Mcp-Session-Id': session, 'Mcp-Protocol-Version': '2025-06-18' };
  return fetch(`${base}/mcp`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', ...message }) });
}

/** A session opened by hand (initialize, initialized) whose client then goes quiet; `subscribe` adds a subscription (a watch). */
async function quietSession(base: string, subscribe = false): Promise<string> {
  const init = await post(base, INITIALIZE);
  expect(init.status).toBe(200);
  const id = init.headers.get('mcp-session-id')!;
  await init.text();
  expect((await post(base, { method: 'notifications/initialized' }, id)).status).toBe(202);
  if (subscribe) expect(await (await post(base, { id: 2, method: 'resources/subscribe', params: { uri: 'ecs://query/Planets' } }, id)).text()).toContain('"result":{}');
  return id;
}

const port = (base: string): number => Number(new URL(base).port);

describe('the MCP endpoint', () => {
  test('a refusal is a JSON-RPC error with a null id and a JSON body of its stated length; an unknown session id is quoted cut at 80 characters', async () => {
    const base = await h.startWith({ idleMs: IDLE_MS, timers: new ManualTimers() });
    const long = 'x'.repeat(200);
    const r = await send(port(base), 'POST', '/mcp', { ...HEADERS, 'Mcp-Session-Id': long }, JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
    expect(r.status).toBe(404);
    expect(r.headers['content-type']).toBe('application/json');
    expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(r.body));
    const body = JSON.parse(r.body) as { jsonrpc: string; id: null; error: { code: number; message: string } };
    expect(body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.any(String) } });
    expect(body.error.message.startsWith(`no MCP session "${'x'.repeat(80)}": it ended (closed; unused for 1 minutes;`)).toBe(true);
    // A GET is no way to start a session, even with an initialize body.
    const init = JSON.stringify(INITIALIZE);
    const get = await send(port(base), 'GET', '/mcp', { ...HEADERS, 'Content-Length': String(Buffer.byteLength(init)) }, init);
    expect(get.status).toBe(400);
    expect(JSON.parse(get.body)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'no Mcp-Session-Id header: start a session with an initialize request (POST /mcp), then send its Mcp-Session-Id with every request' } });
    expect(h.host!.mcp!.openSessions).toBe(0);
  });

  test('at the bound, the session unused the longest gives up its slot, not the one opened first; with every session in use none does', async () => {
    let clock = 0;
    const base = await h.startWith({ idleMs: IDLE_MS, now: () => clock, timers: new ManualTimers(), maxSessions: 3 });
    const mcp = h.host!.mcp!;
    const listening = await h.connect(base);
    await expect.poll(() => mcp.openRequests, { timeout: 30_000 }).toBe(1);
    const first = await quietSession(base);
    clock = 1;
    const second = await quietSession(base);
    // The first one is used again later: now the second is the one unused the longest.
    clock = 2;
    expect((await post(base, { id: 5, method: 'tools/list' }, first)).status).toBe(200);
    clock = 3;
    const late = await h.connect(base);
    expect(mcp.openSessions).toBe(3);
    expect((await post(base, { id: 6, method: 'tools/list' }, second)).status).toBe(404);
    expect((await post(base, { id: 6, method: 'tools/list' }, first)).status).toBe(200);
    // Asked directly: the first (quiet) session goes; then every session is in use, and none goes.
    await expect.poll(() => mcp.openRequests, { timeout: 30_000 }).toBe(2);
    expect(await mcp.closeLeastRecentlyUsed()).toBe(true);
    expect(mcp.openSessions).toBe(2);
    expect((await post(base, { id: 7, method: 'tools/list' }, first)).status).toBe(404);
    expect(await mcp.closeLeastRecentlyUsed()).toBe(false);
    expect(mcp.openSessions).toBe(2);
    for (const c of [listening, late]) expect((await call(c, 'get_entity', { path: 'Sun' })).isError).toBe(false);
  });

  test('a session its client ends (DELETE) is gone at once: its slot is free and its id refused', async () => {
    const base = await h.startWith({ idleMs: IDLE_MS, timers: new ManualTimers(), maxSessions: 1 });
    const mcp = h.host!.mcp!;
    const client = await h.connect(base);
    const transport = client.transport as StreamableHTTPClientTransport;
    const id = transport.sessionId!;
    await transport.terminateSession();
    expect(mcp.openSessions).toBe(0);
    expect((await post(base, { id: 8, method: 'tools/list' }, id)).status).toBe(404);
    // Its slot, the only one, is free: a new client gets it even while nothing else could give one up.
    const next = await h.connect(base);
    expect((await call(next, 'get_entity', { path: 'Sun' })).isError).toBe(false);
  });

  test('the host stopping ends every session: their watches are released and the idle sweep is disarmed', async () => {
    const timers = new ManualTimers();
    const base = await h.startWith({ idleMs: IDLE_MS, timers });
    const host = h.host!;
    const mcp = host.mcp!;
    await quietSession(base, true);
    await quietSession(base, true);
    expect(host.watches.watcherCount).toBe(2);
    expect(timers.delays).toEqual([IDLE_MS / 4]);
    await host.stop();
    expect(mcp.openSessions).toBe(0);
    expect(host.watches.watcherCount).toBe(0);
    expect(timers.delays).toEqual([]);
  });
});

describe('a request that fails inside the endpoint', () => {
  /** The host's fault log, kept instead of written to stderr. */
  function faultLog(): string[] {
    const logged: string[] = [];
    h.host!.app.pipeline.faults.log = (line) => { logged.push(line); };
    return logged;
  }

  test('before a session exists (initialize): a 500 JSON-RPC error naming the fault, logged once without a session; the next initialize works', async () => {
    const base = await h.startWith({ idleMs: IDLE_MS, timers: new ManualTimers() });
    const logged = faultLog();
    const handle = StreamableHTTPServerTransport.prototype.handleRequest;
    let broken = 0;
    vi.spyOn(StreamableHTTPServerTransport.prototype, 'handleRequest').mockImplementation(function (this: StreamableHTTPServerTransport, ...args) {
      if (broken++ === 0) throw new Error('initialize fell over');
      return handle.apply(this, args);
    });
    const r = await post(base, INITIALIZE);
    expect(r.status).toBe(500);
    expect(await r.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'the MCP request failed: initialize fell over' } });
    expect(logged).toEqual([expect.stringMatching(/^ecs-live: mcp 'POST \/mcp' threw and was closed \(frame \d+\): initialize fell over/)]);
    expect(h.host!.mcp!.openSessions).toBe(0);
    const c = await h.connect(base);
    expect((await call(c, 'get_entity', { path: 'Sun' })).isError).toBe(false);
  });

  test('after its reply began: the connection is cut (no second reply), logged once with the session', async () => {
    const base = await h.startWith({ idleMs: IDLE_MS, timers: new ManualTimers() });
    const id = await quietSession(base);
    const logged = faultLog();
    const handle = StreamableHTTPServerTransport.prototype.handleRequest;
    vi.spyOn(StreamableHTTPServerTransport.prototype, 'handleRequest').mockImplementation(function (this: StreamableHTTPServerTransport, ...args) {
      if ((args[2] as { method?: string } | undefined)?.method !== 'tools/list') return handle.apply(this, args);
      const res = args[1] as ServerResponse;
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.flushHeaders();
      throw new Error('fell over mid-reply');
    });
    // Answering again after the reply began would throw outside any handler (an unhandled rejection).
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => { unhandled.push(reason); };
    process.on('unhandledRejection', onUnhandled);
    try {
      await expect(send(port(base), 'POST', '/mcp', { ...HEADERS, 'Mcp-Session-Id': id, 'Mcp-Protocol-Version': '2025-06-18' }, JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }))).rejects.toThrow();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
    expect(logged).toEqual([expect.stringMatching(new RegExp(`^ecs-live: mcp 'POST /mcp \\(session ${id}\\)' threw and was closed \\(frame \\d+\\): fell over mid-reply`))]);
    vi.restoreAllMocks();
    expect((await post(base, { id: 10, method: 'tools/list' }, id)).status).toBe(200);
  });
});
