// One frame at a time, through the real host with its own clock running: a request answered from
// inside a frame (here wait_for's watch sink rereading GET /explain when the membership changes)
// reads the current state and never runs a frame. Before the guard in App this recursed
// (answer → runDueFrame → tick → step → hooks → watch feed → sink → answer …) until the stack ran out.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let host: Host | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close().catch(() => {});
  await host?.stop();
  host = undefined; client = undefined;
});

test('wait_for with path while the entity changes: answered through the running loop, frames go on', async () => {
  host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '50']), mkdtempSync(join(tmpdir(), 'pages-')));
  const base = (await host.start()).rest;
  expect(host.app.isRunning).toBe(true);
  client = new Client({ name: 'reentry-test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  const waiting = client.callTool({ name: 'wait_for', arguments: { q: 'Planet', path: 'Sun.Mars', timeout_frames: 3000 } }) as Promise<CallToolResult>;
  await expect.poll(() => host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
  const put = await fetch(`${base}/disable/Sun/Mars`, { method: 'PUT' });
  expect(put.status).toBe(200);
  const r = await waiting;
  const c = r.content[0]!;
  expect(r.isError).not.toBe(true);
  expect(JSON.parse(c.type === 'text' ? c.text : '')).toMatchObject({ changed: true, before: { matches: true }, after: { matches: false } });
  // The loop still runs and the host still answers.
  const frame = host.app.frameCount;
  await expect.poll(() => host!.app.frameCount, { timeout: 30_000 }).toBeGreaterThan(frame + 2);
  expect((await fetch(`${base}/entity/Sun/Mars`)).status).toBe(200);
});

test('a watch sink tries to start a frame and answers a request while the loop runs: refused, the answer reads the current state', async () => {
  host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '50']), mkdtempSync(join(tmpdir(), 'pages-')));
  await host.start();
  const h = host;
  const seen: { frame: number; step: string; answered: number; after: number }[] = [];
  let done!: () => void;
  const enough = new Promise<void>((r) => { done = r; });
  const sub = h.watches.open({ method: 'GET', url: '/watch/query?q=Asteroid%2CPosition&values=true&limit=1', headers: {} }, {
    backedUp: false,
    bytesWritten: 0,
    write() {
      // The first event may be written by open() itself, between frames: only frames' events count here.
      if (!h.app.inFrame) return;
      const frame = h.app.frameCount;
      let step = 'ran';
      try { h.app.step(); } catch (e) { step = (e as Error).message; }
      const answered = h.answer({ method: 'GET', url: '/entity/Sun/Earth', headers: {} }).status;
      seen.push({ frame, step, answered, after: h.app.frameCount });
      if (seen.length >= 3) done();
    },
  });
  expect('closed' in sub).toBe(true);
  await enough;
  for (const s of seen) {
    expect(s.step).toMatch(/^App\.step: frame \d+ is still running; a frame cannot start inside another/);
    expect(s.answered).toBe(200);
    expect(s.after).toBe(s.frame);
  }
  if ('closed' in sub) sub.closed();
});
