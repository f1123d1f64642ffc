// A subscriber that does not keep up is told once, not once per frame: after a notice, a
// subscription stays quiet until the client reads the resource, and then the next change (all
// that changed meanwhile) brings one notice. Counted in frames run by hand, never timed. Earth
// moves every frame, so its resource changes every frame; the Planets query changes only when a
// planet is disabled or enabled, which the test uses as a barrier: notices travel in order on the
// client's one notification stream, so once Planets's notice is in, every Earth notice sent
// before it is in too.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const h = new McpHarness();
afterEach(() => h.close());

const EARTH = 'ecs://entity/Sun/Earth';
const PLANETS = 'ecs://query/Planets';
/** Frames the client lets go by without reading. */
const UNREAD_FRAMES = 120;

/** A client subscribed to Earth and Planets, counting notices per URI. */
async function subscriber(): Promise<{ c: Client; base: string; count: (uri: string) => number }> {
  const base = await h.start();
  const c = await h.connect(base);
  const seen: string[] = [];
  c.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => { seen.push(n.params.uri); });
  await expect.poll(() => h.host!.mcp!.openRequests, { timeout: 30_000 }).toBe(1);
  await c.subscribeResource({ uri: EARTH });
  await c.subscribeResource({ uri: PLANETS });
  return { c, base, count: (uri) => seen.filter((u) => u === uri).length };
}

/** Runs `n` frames, yielding between them so notices go out as they would live. */
async function frames(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    h.host!.app.step(1 / 60);
    await new Promise((r) => setImmediate(r));
  }
}

describe('MCP subscriptions and a client that does not read', () => {
  test(`${UNREAD_FRAMES} frames of changes unread: one notice; read, and the next change brings one more`, async () => {
    const { c, base, count } = await subscriber();
    const barrier = async (path: string, expected: number) => {
      expect((await fetch(`${base}/${path}`, { method: 'PUT' })).status).toBe(200);
      await frames(1);
      await expect.poll(() => count(PLANETS), { timeout: 30_000 }).toBe(expected);
    };
    await frames(UNREAD_FRAMES);
    await barrier('disable/Sun/Venus', 1);
    expect(count(EARTH)).toBe(1);

    // The client reads Planets (so its next change is told) and Earth: what it reads is the latest frame's.
    await c.readResource({ uri: PLANETS });
    const earth = JSON.parse(((await c.readResource({ uri: EARTH })).contents[0] as { text: string }).text) as { values: unknown[] };
    expect(JSON.stringify(earth.values[0])).toBe(JSON.stringify(JSON.parse(h.host!.router.route('GET', '/entity/Sun/Earth?values=true').body).values[0]));
    await frames(UNREAD_FRAMES);
    await barrier('enable/Sun/Venus', 2);
    expect(count(EARTH)).toBe(2);
  });

  test('a client that reads after each notice gets one per frame, no more', async () => {
    const { c, count } = await subscriber();
    for (let i = 1; i <= 10; i++) {
      await frames(1);
      await expect.poll(() => count(EARTH), { timeout: 30_000 }).toBe(i);
      await c.readResource({ uri: EARTH });
    }
    expect(count(PLANETS)).toBe(0);
  });
});
