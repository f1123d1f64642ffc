// The history tools through the SDK's client against a host whose loop runs on its own clock:
// `history` reports the readable frames, get_entity and query with `at` answer as the world was
// after that frame, `restore` makes it live (paused); a frame outside the window is an error
// naming the window, and changes nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { frameReached } from '../../../support/host-frames';
import { MAX_RESULT_CHARS } from '../../../../src/main/mcp/tool-result';
import { call as callTool, McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let host: Host | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close().catch(() => {});
  await host?.stop();
  host = undefined; client = undefined;
});

test('history, at on get_entity and query, restore', async () => {
  host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '40', '--fps', '30', '--history', '10']), mkdtempSync(join(tmpdir(), 'pages-')));
  const h = host;
  const seen = new Map<number, { earth: string; planets: string }>();
  h.app.onFrame((_s, app) => seen.set(app.frameCount, {
    earth: h.router.route('GET', '/entity/Sun/Earth?values=true').body,
    planets: h.router.route('GET', '/query?q=Planet&values=true').body,
  }));
  const base = (await h.start()).rest;
  client = new Client({ name: 'history-test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await client!.callTool({ name, arguments: args })) as CallToolResult;
    const first = r.content[0]!;
    return { isError: r.isError === true, text: first.type === 'text' ? first.text : '' };
  };
  await frameReached(h, 40);

  const hist = await call('history', {});
  expect(hist.isError).toBe(false);
  const summary = JSON.parse(hist.text) as { first: number; last: number };
  expect(summary.first).toBe(0);
  expect(summary.last).toBeGreaterThanOrEqual(40);
  // By default the marks are there (the frames with outside writes and with new alerts); marks: false leaves out just those.
  const keys = Object.keys(JSON.parse(hist.text));
  expect(keys).toEqual(expect.arrayContaining(['writes', 'alerts']));
  expect(Object.keys(JSON.parse((await call('history', { marks: false })).text))).toEqual(keys.filter((k) => k !== 'writes' && k !== 'alerts'));

  const earth = await call('get_entity', { path: 'Sun.Earth', values: true, at: 25 });
  expect(earth.isError).toBe(false);
  expect(JSON.parse(earth.text)).toEqual(JSON.parse(seen.get(25)!.earth));
  const planets = await call('query', { q: 'Planet', values: true, at: 25 });
  expect(planets.isError).toBe(false);
  expect(JSON.parse(planets.text).results).toEqual(JSON.parse(seen.get(25)!.planets).results);

  const outside = await call('restore', { frame: 100_000 });
  expect(outside.isError).toBe(true);
  expect(outside.text).toMatch(/^frame 100000 is not in the recorded window: frames 0 to \d+ can be read/);

  const restored = await call('restore', { frame: 30 });
  expect(restored.isError).toBe(false);
  expect(JSON.parse(restored.text)).toEqual({ frame: 30 });
  expect(h.router.route('GET', '/entity/Sun/Earth?values=true').body).toBe(seen.get(30)!.earth);
});

test('with the history off, both tools answer REST\'s refusal word for word; the history tool says how to read and restore the past', async () => {
  const harness = new McpHarness();
  try {
    const c = await harness.connect(await harness.start('--history', '0'));
    const off = JSON.parse(harness.host!.router.route('GET', '/history').body).error as string;
    expect(off).toMatch(/histor/);
    expect(await callTool(c, 'history', {})).toMatchObject({ isError: true, text: off });
    expect(await callTool(c, 'restore', { frame: 0 })).toMatchObject({ isError: true, text: off });
    // An agent learns from the description what the answer holds and how to use it.
    const history = (await c.listTools()).tools.find((t) => t.name === 'history')!;
    expect(history.description).toContain('first and last readable frame');
    expect(history.description).toContain('with the at parameter of query and get_entity; restore makes it live again');
  } finally {
    await harness.close();
  }
});

test('a history answer too long for a result is refused with how to ask for less, and marks: false then fits', async () => {
  const harness = new McpHarness();
  try {
    const c = await harness.connect(await harness.start('--history', '120'));
    const h = harness.host!;
    // An outside write before each of 4,000 frames: each is a [frame, count] mark of the answer.
    for (let i = 0; i < 4000; i++) {
      const data = encodeURIComponent(JSON.stringify({ ids: [['Scale']], values: [{ value: 1 + (i % 7) }] }));
      expect(h.router.route('PUT', `/set/Sun/Mars?data=${data}`).status).toBe(200);
      h.app.step(1 / 60);
    }
    const whole = h.router.route('GET', '/history').body;
    expect(whole.length).toBeGreaterThan(MAX_RESULT_CHARS);
    const long = await callTool(c, 'history', {});
    expect(long).toMatchObject({ isError: true, text: `the result is ${whole.length} characters, more than the ${MAX_RESULT_CHARS} a tool returns: ask for marks: false (the range without the frames with writes and alerts)` });
    const short = await callTool(c, 'history', { marks: false });
    expect(short.isError).toBe(false);
    expect(short.json.last).toBeGreaterThanOrEqual(4000);
  } finally {
    await harness.close();
  }
});
