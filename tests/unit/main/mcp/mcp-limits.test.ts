// The MCP limits an agent meets: a tool result longer than MAX_RESULT_CHARS is cut there with a
// note saying how to ask for less; a request body over --max-body-bytes is refused (413, a
// JSON-RPC error naming the limit) before any session starts; wait_for with timeout_seconds and
// nothing changing (frames stopped) gives up with a timeout result, not an error; more than
// WAIT_MAX_SECONDS is refused with the bound in the message; a session holds at most
// MAX_SUBSCRIPTIONS_PER_SESSION subscriptions, one more is refused saying so and opens no watch.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MAX_RESULT_CHARS } from '../../../../src/main/mcp';
import { MAX_SUBSCRIPTIONS_PER_SESSION } from '../../../../src/main/mcp/resources';
import { WAIT_MAX_SECONDS } from '../../../../src/main/mcp/wait-for';
import { call, McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const h = new McpHarness();
afterEach(() => h.close());

describe('MCP limits', () => {
  test(`a result over ${MAX_RESULT_CHARS} characters is cut there, with a note on asking for less`, async () => {
    const c = await h.connect(await h.start('--asteroids', '3000'));
    const page = '/query?q=Position&values=true&limit=2000';
    const rest = h.host!.router.route('GET', page).body;
    expect(rest.length).toBeGreaterThan(MAX_RESULT_CHARS);
    const r = await call(c, 'query', { q: 'Position', values: true, limit: 2000 });
    expect(r.isError).toBe(false);
    const [kept, note] = [r.text.slice(0, MAX_RESULT_CHARS), r.text.slice(MAX_RESULT_CHARS)];
    // What is kept is the start of the full reply: the paging fields, then REST's own text.
    expect(kept.startsWith('{"total":')).toBe(true);
    expect(kept).toContain(rest.slice(1, 200));
    const full = Number(/^\n… cut at (\d+) characters of (\d+): ask for less/.exec(note)?.[2]);
    expect(note).toContain(`cut at ${MAX_RESULT_CHARS} characters of`);
    expect(full).toBeGreaterThan(rest.length);
    // A small page is whole.
    const small = await call(c, 'query', { q: 'Planet', limit: 3 });
    expect(small.text).not.toContain('… cut at');
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

  test('wait_for with timeout_seconds gives up with a timeout result; beyond the bound it is refused', async () => {
    const c = await h.connect(await h.start());
    // Frames stay stopped: nothing can change, so only the seconds end the wait.
    const r = await call(c, 'wait_for', { q: 'Planet', timeout_seconds: 1 });
    expect(r.isError).toBe(false);
    expect(r.json).toMatchObject({ changed: false, frames: 0, reason: 'no change in 1 s' });
    expect(h.host!.watches.watcherCount).toBe(0);
    const tooLong = await call(c, 'wait_for', { q: 'Planet', timeout_seconds: WAIT_MAX_SECONDS + 1 });
    expect(tooLong.isError).toBe(true);
    expect(tooLong.text).toContain(String(WAIT_MAX_SECONDS));
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
