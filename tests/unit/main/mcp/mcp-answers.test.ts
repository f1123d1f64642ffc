// Answers an agent can act on: the instructions at initialize say what the world is and where to
// start; every tool's input schema follows strict JSON-schema rules (objects with properties and
// additionalProperties false, no empty object), so strict converters take it and an unknown
// argument is refused by name; stats answer a compact summary (under 4,000 characters for the
// demo); a tool whose handler throws, or whose wait fails inside a frame, answers an error result,
// and a request that fails inside the endpoint itself a JSON-RPC error; each is counted in
// faults.count and logged once, and the session, the frame and the host go on.
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { McpLink } from '../../../../src/main/mcp';
import { World } from '../../../../src/shared/ecs';
import type { RestRequest } from '../../../../src/shared/protocol';
import { defineQuery } from '../../../../src/shared/query';
import { call, McpHarness, text } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const h = new McpHarness();
afterEach(async () => {
  vi.restoreAllMocks();
  await h.close();
});

/** Where a JSON schema breaks the strict rules: an object without properties or without additionalProperties false, an empty object schema. */
function strictProblems(schema: unknown, at: string): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Record<string, unknown>;
  const out: string[] = [];
  if (s.type === 'object') {
    const props = s.properties as Record<string, unknown> | undefined;
    if (!props || Object.keys(props).length === 0) out.push(`${at}: an object schema without properties`);
    if (s.additionalProperties !== false) out.push(`${at}: additionalProperties is not false`);
    for (const [k, v] of Object.entries(props ?? {})) out.push(...strictProblems(v, `${at}.${k}`));
  }
  if (s.items !== undefined) out.push(...strictProblems(s.items, `${at}[]`));
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const [i, v] of ((s[key] as unknown[]) ?? []).entries()) out.push(...strictProblems(v, `${at}.${key}[${i}]`));
  return out;
}

describe('what an agent meets first', () => {
  test('instructions at initialize: what the world is and where to start', async () => {
    const c = await h.connect(await h.start());
    const said = c.getInstructions() ?? '';
    expect(said).toContain(`"${h.host!.options.title}" is a live entity-component world`);
    expect(said).toContain(`${h.host!.app.targetFps} frames per second`);
    expect(said).toMatch(/Start with world_summary/);
    expect(said).toContain('Planets');
    // Every tool it names exists.
    const { tools } = await c.listTools();
    const named = [...said.matchAll(/\b([a-z]+_[a-z_]+|query|stats)\b/g)].map((m) => m[1]!).filter((w) => tools.some((t) => t.name === w) || /_/.test(w));
    for (const n of new Set(named)) expect(tools.map((t) => t.name), n).toContain(n);
  });

  test('the instructions name every named query but the systems, sorted; the hints say which tools only read and which delete', async () => {
    const c = await h.connect(await h.start());
    const said = c.getInstructions() ?? '';
    // The world's own named queries (systems are listed by world_summary, not suggested to run by name).
    const summary = (await call(c, 'world_summary')).json as { named_queries: { path: string }[]; systems: { path: string }[] };
    const runnable = summary.named_queries.map((q) => q.path).sort();
    const listed = /Named queries you can run by name: ([^.]*(?:\.[^ ][^.]*)*)\. /.exec(said)?.[1]?.split(', ');
    expect(listed).toEqual(runnable);
    expect(summary.systems.length).toBeGreaterThan(0);
    for (const s of summary.systems) expect(listed).not.toContain(s.path);
    // Clients ask before a tool that may change or delete something, not before one that reads.
    const { tools } = await c.listTools();
    const hints = Object.fromEntries(tools.map((t) => [t.name, t.annotations ?? {}]));
    for (const name of ['query', 'get_entity', 'world_summary', 'stats', 'explain_match', 'wait_for', 'history', 'list_breakpoints']) {
      expect(hints[name], name).toMatchObject({ readOnlyHint: true });
    }
    for (const name of ['delete_entity', 'restore']) expect(hints[name], name).toMatchObject({ destructiveHint: true });
    for (const name of ['set_components', 'set_enabled', 'delete_entity', 'time_control', 'set_breakpoint', 'delete_breakpoint', 'restore']) {
      expect(hints[name]?.readOnlyHint, name).not.toBe(true);
    }
  });

  test('a world without named queries: the instructions leave that sentence out without a gap; with many, the first 20 by path', async () => {
    await h.start();
    const c = await h.inMemoryClient('bare', { world: new World() });
    const said = c.getInstructions() ?? '';
    expect(said).toMatch(/^"bare" is a live entity-component world/);
    expect(said).not.toContain('Named queries');
    expect(said).not.toMatch(/\s{2}/);
    expect(said).toMatch(/get_entity for one entity\. Change the world with set_components/);
    // Named queries are listed sorted by path, whatever order they were made in.
    const world = new World();
    for (const name of ['Zeta', 'Alpha', 'Mid']) defineQuery(world, name, 'ecs.core.Query');
    const sorted = (await h.inMemoryClient('named', { world })).getInstructions() ?? '';
    expect(sorted).toContain('Named queries you can run by name: Alpha, Mid, Zeta.');
    const many = new World();
    for (let i = 24; i >= 0; i--) defineQuery(many, `Q${String(i).padStart(2, '0')}`, 'ecs.core.Query');
    const first20 = Array.from({ length: 20 }, (_, i) => `Q${String(i).padStart(2, '0')}`).join(', ');
    expect((await h.inMemoryClient('many', { world: many })).getInstructions()).toContain(`Named queries you can run by name: ${first20}.`);
  });

  test('the instructions say how paths are written, how to change the world and wait, and where the resources are; the server names itself', async () => {
    const c = await h.connect(await h.start());
    const said = c.getInstructions() ?? '';
    expect(said).toContain("a path has '.' between levels (Sun.Earth is Earth, a child of Sun)");
    expect(said).toContain('Change the world with set_components, set_enabled and delete_entity; time_control pauses, steps and scales time; wait_for returns when');
    expect(said).toContain('Resources ecs://entity/<path with / between levels> and ecs://query/<name> can be read and subscribed to');
    const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(c.getServerVersion()).toMatchObject({ name: 'ecs-live', version: pkg.version });
  });

  test('a session that ends releases the watches of its subscriptions', async () => {
    await h.start();
    const c = await h.inMemoryClient('leaving');
    await c.subscribeResource({ uri: 'ecs://entity/Sun' });
    expect(h.host!.watches.watcherCount).toBe(1);
    await c.close();
    for (let turn = 0; turn < 100 && h.host!.watches.watcherCount > 0; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(h.host!.watches.watcherCount).toBe(0);
  });

  test('every input schema follows the strict rules; an unknown argument is refused by name', async () => {
    const c = await h.connect(await h.start());
    const { tools } = await c.listTools();
    expect(tools.length).toBe(15);
    for (const t of tools) expect(strictProblems(t.inputSchema, t.name), t.name).toEqual([]);
    const r = await call(c, 'get_entity', { path: 'Sun', valuez: true });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/valuez/);
    // world_summary's argument: counts only, a cheap look at the frame.
    const counts = await call(c, 'world_summary', { counts_only: true });
    expect(counts.json.components).toBe((await call(c, 'world_summary')).json.components.length);
  });

  test('stats: a summary per measure under 4,000 characters for the demo; the series on request', async () => {
    const c = await h.connect(await h.startLive());
    await h.frames(70);
    for (const category of ['world', 'pipeline']) {
      const r = await call(c, 'stats', { category });
      expect(r.isError).toBe(false);
      expect(r.text.length, category).toBeLessThan(4000);
      const series = await call(c, 'stats', { category, series: true });
      expect(series.text.length, category).toBeGreaterThan(r.text.length);
    }
    const world = (await call(c, 'stats', { category: 'world' })).json;
    expect(Object.keys(world['entities.count']).sort()).toEqual(['last', 'max', 'mean', 'min']);
    expect(world['entities.count'].last).toBe(h.host!.world.entities.aliveCount);
  });
});

describe('a tool that throws', () => {
  /** A client on an in-memory session whose host link answers through `answer`. */
  const session = (answer: (req: RestRequest) => ReturnType<McpLink['answer']>): Promise<Client> => h.inMemoryClient('faulty', { answer });

  test('answers an error result naming the tool and the fault, counted and logged once; the same session answers the next call', async () => {
    await h.start();
    const logged: string[] = [];
    h.host!.app.pipeline.faults.log = (line) => { logged.push(line); };
    let failing = true;
    const c = await session((req) => {
      if (failing) throw new Error('the router broke');
      return h.host!.answer(req);
    });
    const args: Record<string, Record<string, unknown>> = {
      query: { q: 'Planet' }, get_entity: { path: 'Sun' }, set_components: { path: 'Sun', data: { ids: [['Scale']], values: [{ value: 2 }] } },
      set_enabled: { path: 'Sun', enabled: true }, delete_entity: { path: 'Sun.Nowhere' }, stats: { category: 'world' },
      time_control: { action: 'pause' }, explain_match: { path: 'Sun', q: 'Planet' }, wait_for: { q: 'Planet' },
    };
    for (const [name, a] of Object.entries(args)) {
      const r = (await c.callTool({ name, arguments: a })) as CallToolResult;
      expect(r.isError, name).toBe(true);
      expect(text(r), name).toBe(`the ${name} tool failed: the router broke (the session goes on; read the state again before retrying a write)`);
    }
    // Each failed call is one fault of the kind mcp, logged once with the tool's name.
    expect(h.host!.app.pipeline.faults.byKind.mcp).toBe(Object.keys(args).length);
    expect(logged.map((l) => /^ecs-live: mcp 'tool (\w+)' threw and was closed \(frame \d+\): the router broke/.exec(l)?.[1])).toEqual(Object.keys(args));
    failing = false;
    const ok = (await c.callTool({ name: 'query', arguments: { q: 'Planet', limit: 1 } })) as CallToolResult;
    expect(ok.isError).toBeUndefined();
    expect(JSON.parse(text(ok)).total).toBe(8);
    await c.close();
  });

  test('a fault while wait_for reads a change inside a frame ends that call with an error, counted once; the frame completes', async () => {
    await h.start();
    const logged: string[] = [];
    h.host!.app.pipeline.faults.log = (line) => { logged.push(line); };
    let calls = 0;
    // The first two reads (the state at the start) answer; the read a change triggers, inside the frame, throws.
    const c = await session((req) => {
      if (++calls > 2) throw new Error('explain broke');
      return h.host!.answer(req);
    });
    const waiting = c.callTool({ name: 'wait_for', arguments: { q: 'Planet', path: 'Sun.Mars', timeout_frames: 50 } }) as Promise<CallToolResult>;
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    h.host!.router.route('PUT', '/disable/Sun/Mars');
    const frame = h.host!.app.frameCount;
    expect(() => h.host!.app.step(1 / 60)).not.toThrow();
    expect(h.host!.app.frameCount).toBe(frame + 1);
    const r = await waiting;
    expect(r.isError).toBe(true);
    expect(text(r)).toBe('wait_for failed while reading a change: explain broke');
    expect(h.host!.watches.watcherCount).toBe(0);
    expect(h.host!.app.pipeline.faults.byKind.mcp).toBe(1);
    expect(logged).toEqual([expect.stringMatching(/^ecs-live: mcp 'tool wait_for \(reading a change\)' threw and was closed \(frame \d+\): explain broke/)]);
    await c.close();
  });
});

describe('a request that fails inside the MCP endpoint', () => {
  test('fails alone with a JSON-RPC error, counted and logged once; frames go on and the same session answers the next call', async () => {
    const c = await h.connect(await h.startLive());
    const logged: string[] = [];
    const faults = h.host!.app.pipeline.faults;
    faults.log = (line) => { logged.push(line); };
    const handle = StreamableHTTPServerTransport.prototype.handleRequest;
    let broken = 0;
    // The session's transport throws on the next tool call only, below every tool's own guard
    // (the client's notification stream, a GET, goes through).
    vi.spyOn(StreamableHTTPServerTransport.prototype, 'handleRequest').mockImplementation(function (this: StreamableHTTPServerTransport, ...args) {
      if ((args[2] as { method?: string } | undefined)?.method === 'tools/call' && broken++ === 0) throw new Error('transport fell over');
      return handle.apply(this, args);
    });
    await expect(c.callTool({ name: 'query', arguments: { q: 'Planet', limit: 1 } })).rejects.toThrow(/"error":\{"code":-32000,"message":"the MCP request failed: transport fell over"\}/);
    expect(faults.byKind.mcp).toBe(1);
    expect(faults.count).toBe(1);
    expect(logged).toEqual([expect.stringMatching(/^ecs-live: mcp 'POST \/mcp \(session [0-9a-f-]{36}\)' threw and was closed \(frame \d+\): transport fell over/)]);
    const frame = h.host!.app.frameCount;
    await h.frames(5);
    expect(h.host!.app.frameCount).toBeGreaterThanOrEqual(frame + 5);
    const again = await call(c, 'query', { q: 'Planet', limit: 1 });
    expect(again.isError).toBe(false);
    expect(again.json.total).toBe(8);
    // The fault shows in the world's statistics as the other parts' faults do (faults.count is
    // faults per sample; the 1m window's samples each fold a second of frames).
    await h.frames(70);
    const stats = await call(c, 'stats', { category: 'world', period: '1m' });
    expect(stats.json['faults.count'].max).toBe(1);
  });
});
