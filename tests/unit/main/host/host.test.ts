// The host reacts to the ecs.rest.Rest singleton: setting it serves the REST interface on its
// port, removing it stops the server; writes are visible to the next read.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { framesRan } from '../../../support/host-frames';

// These tests start a host: the bound is generous for a loaded machine (it only stops a hung test).
vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let host: Host | undefined;
afterEach(async () => { await host?.stop(); host = undefined; });

function makeHost(...extra: string[]): Host {
  const options = parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '50', '--title', 'unit-host', ...extra]);
  return new Host(options, mkdtempSync(join(tmpdir(), 'pages-')));
}

async function get(base: string, path: string): Promise<{ status: number; body: unknown }> {
  const r = await fetch(base + path);
  return { status: r.status, body: await r.json() };
}

describe('the host', () => {
  test('serves the REST interface once started, with the title from the command line', async () => {
    host = makeHost();
    const urls = await host.start();
    const world = await get(urls.rest, '/entity/ecs/core/World?label=true');
    expect(world.status).toBe(200);
    expect(world.body).toMatchObject({ path: 'ecs.core.World', label: 'unit-host' });
    expect((world.body as { ids: string[][] }).ids).toContainEqual(['ecs.rest.Rest']);
  });

  test('removing the Rest singleton stops the server; setting it again serves again', async () => {
    host = makeHost();
    const urls = await host.start();
    const w = host.world;
    w.remove(w.core.World, w.core.Rest);
    await expect.poll(async () => fetch(urls.rest + '/entity/Sun').then(() => 'up', () => 'down'), { timeout: 30_000 }).toBe('down');
    w.set(w.core.World, w.core.Rest, { port: 0, address: '127.0.0.1' });
    const again = await host.serving;
    expect((await get(again!.rest, '/entity/Sun')).status).toBe(200);
  });

  test('a write is visible to the next read, before any frame runs', async () => {
    host = makeHost();
    const urls = await host.start();
    host.app.stop();
    const data = encodeURIComponent(JSON.stringify({ ids: [['Position']], values: [{ x: 123.5 }] }));
    const put = await fetch(`${urls.rest}/set/Sun?data=${data}`, { method: 'PUT' });
    expect(put.status).toBe(200);
    const sun = await get(urls.rest, '/entity/Sun?values=true');
    expect((sun.body as { values: { x: number }[] }).values[0]!.x).toBe(123.5);
  });

  test('repeated reads see the world move from frame to frame (the reply cache lasts one frame at most)', async () => {
    host = makeHost();
    const urls = await host.start();
    const path = '/query?q=Asteroid%2CPosition&values=true&limit=1';
    const first = await (await fetch(urls.rest + path)).text();
    // Two frames of the host's own loop later (counted by its frame hook, not timed).
    await framesRan(host, 2);
    expect(await (await fetch(urls.rest + path)).text()).not.toBe(first);
  });

  test('--no-reply-cache reaches the router: every read is made anew', () => {
    host = makeHost('--no-reply-cache');
    host.app.stop();
    const a = host.router.route('GET', '/entity/Sun'), b = host.router.route('GET', '/entity/Sun');
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
    const cached = makeHost();
    try {
      expect(cached.router.route('GET', '/entity/Sun')).toBe(cached.router.route('GET', '/entity/Sun'));
    } finally {
      void cached.stop();
    }
  });

  test('a frame that fell due runs before the next request is answered (requests cannot starve the loop)', async () => {
    host = makeHost();
    await host.start();
    const app = host.app;
    const read = () => host!.answer({ method: 'GET', url: '/entity/Sun/Earth?values=true', headers: {} }).body;
    // Read at the end of a frame of the running loop (a read inside a frame runs none).
    const { frame, before } = await new Promise<{ frame: number; before: string }>((resolve) => {
      const off = app.onFrame(() => { queueMicrotask(off); resolve({ frame: app.frameCount, before: read() }); });
    });
    // The process stays busy past the next frame's time without returning to the event loop, as
    // under a burst of requests: the loop's timer cannot fire, so only the request can run it.
    const due = performance.now() + 2 * (1000 / app.targetFps);
    while (performance.now() < due) { /* busy, as a burst of requests keeps the process */ }
    const after = read();
    expect(app.frameCount).toBe(frame + 1);
    expect(after, 'the reply shows the frame that fell due: Earth has moved').not.toBe(before);
  });
});

describe('host options for the reference explorer', () => {
  test('--compat flecs-3.2 answers queries in the reference shape; without it, in the contract shape', async () => {
    host = makeHost('--compat', 'flecs-3.2');
    const urls = await host.start();
    const compat = await get(urls.rest, '/query?q=Position&type_info=true&duration=true');
    expect(compat.body).toMatchObject({ type_info: { Position: { x: ['float'], y: ['float'] } } });
    expect(compat.body).toHaveProperty('eval_duration');
    await host.stop();
    host = makeHost();
    const contract = await get((await host.start()).rest, '/query?q=Position&type_info=true&duration=true');
    expect(contract.body).toMatchObject({ type_info: [{ x: ['float'], y: ['float'] }] });
    expect(contract.body).toHaveProperty('duration');
  });

  test('an unknown --compat value or a malformed --allow-origin is refused with the reason', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => { throw new Error('exit'); }) as never);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(() => parseHostOptions(['node', 'ecs-live', '--compat', 'flecs-5'])).toThrow('exit');
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toMatch(/flecs-5.*flecs-3\.2/s);
      stderr.mockClear();
      expect(() => parseHostOptions(['node', 'ecs-live', '--allow-origin', 'explorer.example.org'])).toThrow('exit');
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toMatch(/'explorer.example.org' is not an origin/);
    } finally {
      exit.mockRestore();
      stderr.mockRestore();
    }
  });

  test('--allow-origin (repeatable) lets those origins PUT without a token; other origins still need it', async () => {
    host = makeHost('--allow-origin', 'https://explorer.example.org', '--allow-origin', 'https://other.example.org:8443');
    const urls = await host.start();
    const put = (origin: string) => fetch(`${urls.rest}/disable/Sun/Mercury`, { method: 'PUT', headers: { Origin: origin } });
    const trusted = await put('https://explorer.example.org');
    expect(trusted.status).toBe(200);
    expect(trusted.headers.get('access-control-allow-origin')).toBe('https://explorer.example.org');
    expect((await put('https://other.example.org:8443')).status).toBe(200);
    const refused = await put('https://evil.example.org');
    expect(refused.status).toBe(403);
    expect(host.world.isEnabled(host.world.lookup('Sun.Mercury'))).toBe(false);
    // Private Network Access: an https page asks before reaching the loopback host.
    const pre = await fetch(`${urls.rest}/enable/Sun/Mercury`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://explorer.example.org', 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Private-Network': 'true' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-private-network')).toBe('true');
    expect(pre.headers.get('access-control-allow-methods')).toContain('PUT');
    const foreign = await fetch(`${urls.rest}/enable/Sun/Mercury`, {
      method: 'OPTIONS', headers: { Origin: 'https://evil.example.org', 'Access-Control-Request-Method': 'PUT' },
    });
    expect(foreign.headers.get('access-control-allow-methods')).not.toContain('PUT');
  });

  test("--paused starts with time paused: frames run on the host's own clock, no system moves anything until resumed", async () => {
    host = makeHost('--paused');
    const urls = await host.start();
    const earth = async () => ((await get(urls.rest, '/entity/Sun/Earth?values=true')).body as { values: unknown[] }).values[0];
    const framesAfter = (n: number) => new Promise<void>((resolve) => { const until = host!.app.frameCount + n; const off = host!.app.onFrame(() => { if (host!.app.frameCount >= until) { off(); resolve(); } }); });
    const first = await earth();
    await framesAfter(30);
    expect(await earth(), 'Earth after 30 paused frames').toEqual(first);
    const world = await get(urls.rest, '/entity/ecs/core/World?values=true');
    expect(JSON.stringify(world.body)).toContain('"paused":true');
    const resume = encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [{ paused: false }] }));
    expect((await fetch(`${urls.rest}/set/ecs/core/World?data=${resume}`, { method: 'PUT' })).status).toBe(200);
    await framesAfter(30);
    expect(await earth(), 'Earth after 30 running frames').not.toEqual(first);
  });
});
