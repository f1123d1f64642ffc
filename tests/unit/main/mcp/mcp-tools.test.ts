// MCP at /mcp on a running host (its own loop running: frames come between and during calls, as
// for a real agent), through the SDK's own client: every tool, its error path (an isError result
// with the REST message, and nothing changed), the Host/Origin guard, the token, the session bound and --no-mcp.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MAX_MCP_SESSIONS } from '../../../../src/main/mcp';
import { send } from '../../../support/raw-http';
import { call, McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

// Hosts with their own loop running (the harness's startLive), SDK clients on their /mcp.
const h = new McpHarness();
afterEach(() => h.close());

describe('MCP tools', () => {
  test('the tool list, with input schemas taken from the REST parameter tables', async () => {
    const c = await h.connect(await h.startLive());
    const { tools } = await c.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['delete_breakpoint', 'delete_entity', 'explain_match', 'get_entity', 'history', 'list_breakpoints', 'query', 'restore', 'set_breakpoint', 'set_components', 'set_enabled', 'stats',
      'time_control', 'wait_for', 'world_summary']);
    const query = tools.find((t) => t.name === 'query')!;
    const props = query.inputSchema.properties as Record<string, { type: string; description: string }>;
    expect(props.limit!.type).toBe('integer');
    expect(props.values!.type).toBe('boolean');
    // What an agent types: plain query text, with examples; nothing about URLs.
    expect(props.q!.description).toContain('plain text');
    expect(props.q!.description).not.toMatch(/URL/);
    for (const t of tools) expect(JSON.stringify(t), t.name).not.toMatch(/URL-encoded/);
  });

  test('query: total, returned and where to go on; get_entity; explain_match names the missing term', async () => {
    const c = await h.connect(await h.startLive());
    const q = await call(c, 'query', { q: 'Planet', limit: 3 });
    expect(q.isError).toBe(false);
    expect(q.json.returned).toBe(3);
    expect(q.json.total).toBe(Number(/"count":(\d+)/.exec(h.host!.router.route('GET', '/query?q=Planet&count=true').body)![1]));
    expect(q.json.more).toBe(`${q.json.total - 3} more: use offset 3`);
    const named = await call(c, 'query', { name: 'ShipsHeadingTo', vars: 'planet:Sun.Earth' });
    expect(named.isError).toBe(false);
    const e = await call(c, 'get_entity', { path: 'Sun.Earth', values: true });
    expect(e.json.path).toBe('Sun.Earth');
    expect(e.json.values.length).toBe(e.json.ids.length);
    const x = await call(c, 'explain_match', { path: 'Sun.Earth', q: 'Position, Velocity' });
    expect(x.json.matches).toBe(false);
    expect(x.json.steps[1].why).toEqual({ code: 'missing', message: 'Sun.Earth has no Velocity' });
  });

  test('errors are isError results with the REST message', async () => {
    const c = await h.connect(await h.startLive());
    const bad = await call(c, 'query', { q: 'Position, Nope' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toBe(JSON.parse(h.host!.router.route('GET', '/query?q=Position%2C%20Nope').body).error);
    expect((await call(c, 'get_entity', { path: 'Sun.Nowhere' })).text).toMatch(/^entity 'Sun\/Nowhere' not found/);
    expect((await call(c, 'explain_match', { path: 'Sun.Earth' })).text).toMatch(/^missing parameter 'q' or 'name'/);
    expect((await call(c, 'stats', { category: 'world', period: '7s' })).text).toMatch(/period/);
    expect((await call(c, 'time_control', { action: 'scale' })).text).toMatch(/needs 'scale'/);
    // A schema violation is refused before anything runs.
    expect((await call(c, 'set_enabled', { path: 'Sun' })).isError).toBe(true);
  });

  test('writes: set_components (atomic), set_enabled, delete_entity; refused writes change nothing', async () => {
    const c = await h.connect(await h.startLive());
    const w = h.host!.world;
    const earth = w.lookup('Sun.Earth');
    // The systems move Earth every frame: what a refused write must leave alone is its type and Scale.
    const before = h.host!.router.route('GET', '/entity/Sun/Earth').body;
    const scale = w.get(earth, w.lookup('Scale'));
    const refused = await call(c, 'set_components', { path: 'Sun.Earth', data: { ids: [['Scale'], ['Nope']], values: [{ value: 2 }, 0] } });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/Nope/);
    expect(h.host!.router.route('GET', '/entity/Sun/Earth').body).toBe(before);
    expect(w.get(earth, w.lookup('Scale'))).toEqual(scale);
    expect((await call(c, 'set_components', { path: 'Sun.Earth', data: { ids: [['Scale']], values: [{ value: 2 }] } })).json).toEqual({ ok: true });
    expect(w.get(earth, w.lookup('Scale'))).toEqual({ value: 2 });
    expect((await call(c, 'set_enabled', { path: 'Sun.Earth', enabled: false })).json).toEqual({ ok: true, enabled: false });
    expect(w.isEnabled(earth)).toBe(false);
    expect((await call(c, 'explain_match', { path: 'Sun.Earth', q: 'Planet' })).json.blockers[0].code).toBe('disabled');
    expect((await call(c, 'set_enabled', { path: 'Sun.Earth', enabled: true })).json).toEqual({ ok: true, enabled: true });
    expect(w.isEnabled(earth)).toBe(true);
    expect((await call(c, 'delete_entity', { path: 'ecs.core.World' })).text).toMatch(/built in/);
    expect((await call(c, 'delete_entity', { path: 'Sun.Earth' })).json).toEqual({ ok: true });
    expect(w.isAlive(earth)).toBe(false);
  });

  test('world_summary, stats and time_control', async () => {
    const c = await h.connect(await h.startLive());
    const s = await call(c, 'world_summary');
    expect(s.json.title).toBe(h.host!.options.title);
    expect(s.json.named_queries.map((q: { path: string }) => q.path)).toEqual(expect.arrayContaining(['Planets', 'ShipsHeadingTo']));
    expect(s.json.systems.length).toBe(h.host!.app.pipeline.list().length);
    expect(s.json.components).toContain('Position');
    expect(s.json).toMatchObject({ target_fps: h.host!.app.targetFps, simulated: expect.any(Boolean) });
    expect(s.json.frame).toBeGreaterThan(0);
    // The user's own: no built-in component or module, each list sorted.
    for (const list of ['components', 'modules'] as const) {
      expect(s.json[list].filter((p: string) => p === 'ecs' || p.startsWith('ecs.')), list).toEqual([]);
      expect(s.json[list], list).toEqual([...s.json[list]].sort());
    }
    // counts_only: the same fields with each list as its length.
    const counts = await call(c, 'world_summary', { counts_only: true });
    const w = h.host!.world;
    expect(counts.json).toMatchObject({
      title: s.json.title, target_fps: s.json.target_fps, modules: s.json.modules.length, components: s.json.components.length,
      named_queries: s.json.named_queries.length, systems: s.json.systems.length, entities: w.entities.aliveCount, tables: w.tables.size,
    });
    expect((await call(c, 'stats', { category: 'world' })).isError).toBe(false);
    // Paused, then stepped: exactly the asked ticks run (the pipeline counts simulation ticks), as the loop's frames go on.
    expect((await call(c, 'time_control', { action: 'pause' })).json.paused).toBe(true);
    await h.frames(2);
    const ticks = h.host!.app.pipeline.frame;
    await h.frames(3);
    expect(h.host!.app.pipeline.frame, 'no tick while paused').toBe(ticks);
    expect((await call(c, 'time_control', { action: 'step', frames: 3 })).isError).toBe(false);
    await h.frames(6);
    expect(h.host!.app.pipeline.frame, 'step 3: three ticks').toBe(ticks + 3);
    expect((await call(c, 'time_control', { action: 'step' })).isError).toBe(false);
    await h.frames(4);
    expect(h.host!.app.pipeline.frame, 'step without frames: one tick').toBe(ticks + 4);
    expect((await call(c, 'time_control', { action: 'scale', scale: 0.5 })).json.time_scale).toBe(0.5);
    const refused = await call(c, 'time_control', { action: 'scale', scale: 17 });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/from 0 to 16, got 17/);
    expect((await call(c, 'time_control', { action: 'resume' })).json.paused).toBe(false);
  });
});

describe('MCP guard', () => {
  test('a foreign Origin is refused without the token, accepted with it; a foreign Host is refused', async () => {
    const base = await h.startLive({}, '--token', 'sesame');
    const port = new URL(base).port;
    const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    const foreign = await send(Number(port), 'POST', '/mcp', { ...headers, Origin: 'http://evil.example' }, init);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatch(/origin 'http:\/\/evil.example' is not allowed/);
    const rebound = await send(Number(port), 'POST', '/mcp', { ...headers, host: `evil.example:${port}` }, init);
    expect(rebound.status).toBe(403);
    expect(rebound.body).toMatch(/Host 'evil.example/);
    await expect(h.connect(base, { Origin: 'http://evil.example' })).rejects.toThrow();
    const c = await h.connect(base, { Origin: 'http://evil.example', Authorization: 'Bearer sesame' });
    expect((await call(c, 'get_entity', { path: 'Sun' })).isError).toBe(false);
    // A request of no session that is not an initialize: refused, saying how to start one.
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    for (const [method, body] of [['POST', list], ['GET', undefined]] as const) {
      const r = await send(Number(port), method, '/mcp', headers, body);
      expect(r.status, method).toBe(400);
      expect(JSON.parse(r.body).error.message, method).toBe('no Mcp-Session-Id header: start a session with an initialize request (POST /mcp), then send its Mcp-Session-Id with every request');
    }
  });

  test(`at most ${MAX_MCP_SESSIONS} sessions; --no-mcp serves none`, async () => {
    const base = await h.startLive();
    for (let i = 0; i < MAX_MCP_SESSIONS; i++) await h.connect(base);
    // Each SDK client holds its notification stream open, so every session is in use.
    await expect.poll(() => h.host!.mcp!.openRequests, { timeout: 30_000 }).toBe(MAX_MCP_SESSIONS);
    await expect(h.connect(base)).rejects.toThrow(/too many MCP clients: 16 sessions are open and in use/);
    await h.host!.stop();
    const off = await h.startLive({}, '--no-mcp');
    const r = await fetch(`${off}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(r.status).toBe(404);
  });
});
