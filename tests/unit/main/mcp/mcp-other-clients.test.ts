// One agent's scenario through MCP clients this project did not write, against a host running its
// own loop: the Vercel AI SDK's client (@ai-sdk/mcp, its own protocol code; tools run the way an
// agent loop runs them, through the tool set's execute), the OpenAI Agents SDK (@openai/agents-core
// over the v2 client package; its strict-schema conversion must take every tool), and a desktop
// agent's way in: the SDK's stdio client through the mcp-remote stdio↔HTTP bridge. Each one
// connects, reads the instructions, lists and calls every tool, lists and reads resources,
// subscribes where the client can, and waits with wait_for on an entity (path) while a REST write
// makes it stop matching. All offline, on loopback.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMCPClient } from '@ai-sdk/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceUpdatedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MCPServerStreamableHttp, getAllMcpTools } from '@openai/agents-core';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { McpHarness } from './mcp-harness';

// Each test starts a host and, for the bridge, a process; on a loaded 2-core machine that takes seconds.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const h = new McpHarness();
afterEach(() => h.close());

const TOOLS = ['delete_breakpoint', 'delete_entity', 'explain_match', 'get_entity', 'history', 'list_breakpoints', 'query', 'restore', 'set_breakpoint', 'set_components', 'set_enabled', 'stats', 'time_control', 'wait_for', 'world_summary'];

/** What the scenario needs of a client library. */
interface AgentClient {
  readonly instructions: string | undefined;
  toolNames(): Promise<string[]>;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  resourceUris(): Promise<string[]>;
  read(uri: string): Promise<string>;
  /** Subscribes and counts notices, where the client offers subscriptions. */
  subscribe?(uri: string, onNotice: () => void): Promise<void>;
  close(): Promise<void>;
}

/** A tool result's text and JSON. */
function parsed(r: CallToolResult): { isError: boolean; json: Record<string, unknown> } {
  const first = r.content[0]!;
  expect(first.type).toBe('text');
  const t = (first as { text: string }).text;
  return { isError: r.isError === true, json: r.isError ? { error: t } : JSON.parse(t) as Record<string, unknown> };
}

/** REST as a second client would use it. */
async function rest(base: string, method: string, target: string): Promise<Record<string, unknown>> {
  const r = await fetch(base + target, { method });
  expect(r.status, `${method} ${target}`).toBe(200);
  return r.json() as Promise<Record<string, unknown>>;
}

/** The scenario, the same for every client. */
async function scenario(c: AgentClient, base: string): Promise<void> {
  expect(c.instructions).toMatch(/live entity-component world .* Start with world_summary/s);
  expect((await c.toolNames()).sort()).toEqual(TOOLS);

  const ok = async (name: string, args: Record<string, unknown>) => {
    const r = parsed(await c.call(name, args));
    expect(r.isError, `${name} ${JSON.stringify(args)}: ${JSON.stringify(r.json)}`).toBe(false);
    return r.json;
  };
  expect(await ok('world_summary', {})).toMatchObject({ title: h.host!.options.title });
  expect(await ok('query', { q: 'Planet', limit: 3 })).toMatchObject({ total: 8, returned: 3, more: '5 more: use offset 3' });
  expect(await ok('get_entity', { path: 'Sun.Earth', values: true })).toMatchObject({ path: 'Sun.Earth' });
  expect(await ok('explain_match', { path: 'Sun.Earth', q: 'Position, Velocity' })).toMatchObject({ matches: false });
  expect(Object.keys(await ok('stats', { category: 'world' }))).toContain('entities.count');
  await ok('set_components', { path: 'Sun.Earth', data: { ids: [['Scale']], values: [{ value: 2 }] } });
  expect((await rest(base, 'GET', '/entity/Sun/Earth?values=true')).values).toContainEqual({ value: 2 });
  await ok('set_enabled', { path: 'Sun.Venus', enabled: false });
  expect((await rest(base, 'GET', '/query?q=Planet&count=true')).count).toBe(7);
  await ok('delete_entity', { path: 'Sun.Venus' });
  expect((await fetch(`${base}/entity/Sun/Venus`)).status).toBe(404);
  expect(await ok('time_control', { action: 'pause' })).toMatchObject({ paused: true });
  expect(await ok('time_control', { action: 'resume' })).toMatchObject({ paused: false });
  // A refusal comes back as a tool error the client shows, with the REST message.
  const refused = parsed(await c.call('get_entity', { path: 'Sun.Nowhere' }));
  expect(refused.isError).toBe(true);
  expect(refused.json.error).toMatch(/^entity 'Sun\/Nowhere' not found/);

  // wait_for on one entity, while a REST write makes it stop matching: the call returns, the host lives.
  const watchers = h.host!.watches.watcherCount;
  const waiting = c.call('wait_for', { q: 'Planet', path: 'Sun.Mars', timeout_frames: 3000 });
  await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(watchers + 1);
  await rest(base, 'PUT', '/disable/Sun/Mars');
  const woke = parsed(await waiting);
  expect(woke.isError).toBe(false);
  expect(woke.json).toMatchObject({ changed: true, before: { matches: true }, after: { matches: false } });
  await rest(base, 'PUT', '/enable/Sun/Mars');

  const uris = await c.resourceUris();
  expect(uris).toContain('ecs://entity/Sun');
  expect(uris).toContain('ecs://query/Planets');
  expect(JSON.parse(await c.read('ecs://entity/Sun/Earth'))).toMatchObject({ path: 'Sun.Earth' });
  if (c.subscribe) {
    let notices = 0;
    await c.subscribe('ecs://entity/Sun/Earth', () => { notices++; });
    // Earth moves every frame: the host's loop brings a notice.
    await expect.poll(() => notices, { timeout: 30_000 }).toBeGreaterThan(0);
  }
}

describe('the scenario through MCP clients this project did not write', () => {
  test('Vercel AI SDK (@ai-sdk/mcp): tools run through the tool set, resources listed and read', async () => {
    const base = await h.startLive();
    const client = await createMCPClient({ transport: { type: 'http', url: `${base}/mcp` } });
    const tools = await client.tools();
    const c: AgentClient = {
      instructions: client.instructions,
      toolNames: async () => Object.keys(tools),
      call: async (name, args) => await tools[name]!.execute(args, { toolCallId: `call-${name}`, messages: [] }) as CallToolResult,
      resourceUris: async () => (await client.listResources()).resources.map((r) => r.uri),
      read: async (uri) => ((await client.readResource({ uri })).contents[0] as { text: string }).text,
      close: () => client.close(),
    };
    try { await scenario(c, base); } finally { await c.close(); }
  });

  test('OpenAI Agents SDK (@openai/agents-core): every tool converts to a strict schema; tools and resources', async () => {
    const base = await h.startLive();
    const server = new MCPServerStreamableHttp({ url: `${base}/mcp`, name: 'ecs-live', clientSessionTimeoutSeconds: 60 });
    await server.connect();
    // The conversion an agent run does with strict schemas on: a tool it cannot convert falls back to non-strict.
    const converted = await getAllMcpTools({ mcpServers: [server], convertSchemasToStrict: true });
    expect(Object.fromEntries(converted.map((t) => [t.name, (t as { strict?: boolean }).strict]))).toEqual(Object.fromEntries(TOOLS.map((n) => [n, true])));
    const c: AgentClient = {
      // This client keeps the instructions to itself; another client of the same host reads them.
      instructions: (await h.connect(base)).getInstructions(),
      toolNames: async () => (await server.listTools()).map((t) => t.name),
      call: async (name, args) => await server.callToolResult(name, args) as CallToolResult,
      resourceUris: async () => (await server.listResources()).resources.map((r) => r.uri),
      read: async (uri) => ((await server.readResource(uri)).contents[0] as { text: string }).text,
      close: () => server.close(),
    };
    try { await scenario(c, base); } finally { await c.close(); }
  });

  test('a desktop agent through the mcp-remote stdio bridge: everything, subscriptions included', async () => {
    const base = await h.startLive();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(import.meta.dirname, '../../../../node_modules/mcp-remote/dist/proxy.js'), `${base}/mcp`, '--transport', 'http-only'],
      // Its own folder for what it keeps (it would keep OAuth state in the home folder).
      env: { ...process.env, MCP_REMOTE_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'mcp-remote-')) } as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'desktop-agent', version: '1' });
    await client.connect(transport);
    const c: AgentClient = {
      instructions: client.getInstructions(),
      toolNames: async () => (await client.listTools()).tools.map((t) => t.name),
      call: async (name, args) => await client.callTool({ name, arguments: args }) as CallToolResult,
      resourceUris: async () => (await client.listResources()).resources.map((r) => r.uri),
      read: async (uri) => ((await client.readResource({ uri })).contents[0] as { text: string }).text,
      subscribe: async (uri, onNotice) => {
        client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => { if (n.params.uri === uri) onNotice(); });
        await client.subscribeResource({ uri });
      },
      close: () => client.close(),
    };
    try { await scenario(c, base); } finally { await c.close(); }
  });
});
