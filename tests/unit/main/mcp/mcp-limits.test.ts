// The MCP limits an agent meets: a query page longer than MAX_RESULT_CHARS is cut by rows (whole
// JSON, and `more` names the first row not returned, so paging on loses nothing); a request body
// over --max-body-bytes is refused (413, a JSON-RPC error naming the limit) before any session
// starts; wait_for with timeout_seconds gives up with a timeout result when its seconds pass (on
// the host's own clock and timers, the call's answer awaited), is not cut short by the default
// frame count (there the test fires the seconds' timer, so the loop's frames are what is counted), and more than WAIT_MAX_SECONDS is refused with the bound in the message; a session holds
// at most MAX_SUBSCRIPTIONS_PER_SESSION subscriptions, one more is refused saying so and opens no watch.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MAX_RESULT_CHARS } from '../../../../src/main/mcp';
import { MAX_SUBSCRIPTIONS_PER_SESSION } from '../../../../src/main/mcp/resources';
import { WAIT_DEFAULT_FRAMES, WAIT_MAX_SECONDS } from '../../../../src/main/mcp/wait-for';
import { ManualTimers } from './manual-timers';
import { call, McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const h = new McpHarness();
afterEach(() => h.close());

describe('MCP limits', () => {
  test(`a page over ${MAX_RESULT_CHARS} characters is cut by rows: whole JSON, and more names the first row not returned`, async () => {
    // Frames stopped: nothing moves between the tool's page and the REST pages it is checked against.
    const c = await h.connect(await h.start('--asteroids', '3000'));
    const rows = (target: string) => (JSON.parse(h.host!.router.route('GET', target).body) as { results: { entities: unknown[] }[] }).results.flatMap((r) => r.entities);
    expect(h.host!.router.route('GET', '/query?q=Position&values=true&limit=2000').body.length).toBeGreaterThan(MAX_RESULT_CHARS);
    const r = await call(c, 'query', { q: 'Position', values: true, limit: 2000 });
    expect(r.isError).toBe(false);
    expect(r.text.length).toBeLessThanOrEqual(MAX_RESULT_CHARS);
    expect(r.json, 'the result parses as JSON').toBeDefined();
    const { total, returned, more, cut, ...reply } = r.json;
    expect(returned).toBeGreaterThan(0);
    expect(returned).toBeLessThan(2000);
    expect(cut).toBe(`only ${returned} rows fit in ${MAX_RESULT_CHARS} characters; ask for fewer (limit) or for less per row (values=false)`);
    expect(more).toBe(`${total - returned} more: use offset ${returned}`);
    // What is returned is REST's page of exactly those rows.
    expect(reply).toEqual(JSON.parse(h.host!.router.route('GET', `/query?q=Position&values=true&limit=${returned}&count=true`).body));
    // Going on at that offset starts at the next row: none skipped, none repeated.
    const next = await call(c, 'query', { q: 'Position', limit: 3, offset: returned });
    const all = rows(`/query?q=Position&limit=${returned + 3}`);
    expect(next.json.results.flatMap((x: { entities: unknown[] }) => x.entities)).toEqual(all.slice(returned));
    // A small page is whole, with no cut.
    const small = await call(c, 'query', { q: 'Planet', limit: 3 });
    expect(small.json.cut).toBeUndefined();
    expect(small.json.returned).toBe(3);
  });

  test('a body over --max-body-bytes: 413 with a JSON-RPC error, no session opened', async () => {
    const base = await h.start('--max-body-bytes', '2000');
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x'.repeat(3000), version: '1' } } };
    const r = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: JSON.stringify(init) });
    expect(r.status).toBe(413);
    const body = await r.json() as { jsonrpc: string; id: null; error: { code: number; message: string } };
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(body.error.message).toContain('larger than 2000 bytes');
    expect(h.host!.mcp!.openSessions).toBe(0);
    // The same initialize within the limit opens a session.
    await h.connect(base);
    expect(h.host!.mcp!.openSessions).toBe(1);
  });

  test('wait_for with timeout_seconds gives up with a timeout result when its seconds pass, on the host\'s own clock; beyond the bound it is refused', async () => {
    // The real loop and the host's timers: the call's own answer is what the test waits for.
    const c = await h.connect(await h.startLive());
    const r = await call(c, 'wait_for', { q: 'Planet', timeout_seconds: 1 });
    expect(r.isError).toBe(false);
    // Which entities are planets does not change: the second passed first, while frames ran.
    expect(r.json).toMatchObject({ changed: false, reason: 'no change in 1 s' });
    expect(r.json.frames).toBeGreaterThan(0);
    expect(r.json.frames).toBeLessThan(WAIT_DEFAULT_FRAMES);
    expect(h.host!.watches.watcherCount).toBe(0);
    const tooLong = await call(c, 'wait_for', { q: 'Planet', timeout_seconds: WAIT_MAX_SECONDS + 1 });
    expect(tooLong.isError).toBe(true);
    expect(tooLong.text).toContain(String(WAIT_MAX_SECONDS));
  });

  test(`timeout_seconds alone is not cut short at the default ${WAIT_DEFAULT_FRAMES} frames (the loop running at 1000 fps)`, async () => {
    const timers = new ManualTimers();
    const c = await h.connect(await h.startLive({ timers }, '--fps', '1000'));
    const waiting = call(c, 'wait_for', { q: 'Planet', timeout_seconds: 5 });
    await expect.poll(() => timers.delays, { timeout: 30_000 }).toContain(5000);
    await h.frames(WAIT_DEFAULT_FRAMES + 50);
    // Still waiting: its watch is open after more frames than the default.
    expect(h.host!.watches.watcherCount).toBe(1);
    timers.fire(5000);
    const r = await waiting;
    expect(r.json).toMatchObject({ changed: false, reason: 'no change in 5 s' });
    expect(r.json.frames).toBeGreaterThan(WAIT_DEFAULT_FRAMES);
  });

  test(`at most ${MAX_SUBSCRIPTIONS_PER_SESSION} subscriptions per session; one more is refused and opens no watch`, async () => {
    const c = await h.connect(await h.start());
    const max = MAX_SUBSCRIPTIONS_PER_SESSION;
    const reply = JSON.parse(h.host!.router.route('GET', `/query?q=Position&limit=${max + 1}&entity_ids=true`).body) as { results: { entity_ids: number[] }[] };
    const uris = reply.results.flatMap((r) => r.entity_ids).map((id) => `ecs://entity/${id}`);
    expect(uris).toHaveLength(max + 1);
    for (const uri of uris.slice(0, max)) await c.subscribeResource({ uri });
    expect(h.host!.watches.watcherCount).toBe(max);
    await expect(c.subscribeResource({ uri: uris[max]! })).rejects.toThrow(`too many subscriptions: this session holds ${max} (the limit is ${max}); unsubscribe from one first`);
    expect(h.host!.watches.watcherCount).toBe(max);
    await c.unsubscribeResource({ uri: uris[0]! });
    await c.subscribeResource({ uri: uris[max]! });
    expect(h.host!.watches.watcherCount).toBe(max);
  });
});
