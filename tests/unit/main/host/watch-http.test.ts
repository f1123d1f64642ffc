// Watches over HTTP on a real host: Server-Sent Events under /watch/, the same parameters and host
// policy as the GETs, named limits with clear errors, heartbeats on idle streams and a clean end on
// stop. That nothing is left behind after many clients went away: watch-open-close-cycles.test.ts
// (slow by design, so mutation runs leave it out and run these).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { FRAME_HEADER, Host } from '../../../../src/main/host/index';
import { parseWatchEventId } from '../../../../src/shared/protocol';
import { openWatch, opened, type WatchClient } from '../../../support/watch-client';

// These tests start a host: the bound is generous for a loaded machine (it only stops a hung test).
vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let host: Host | undefined;
const clients: WatchClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await host?.stop();
  host = undefined;
});

async function startHost(...extra: string[]): Promise<string> {
  const options = parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '50', '--fps', '30', ...extra]);
  host = new Host(options, mkdtempSync(join(tmpdir(), 'pages-')));
  return (await host.start()).rest;
}

async function watch(base: string, target: string, headers?: Record<string, string>): Promise<WatchClient> {
  const c = opened(await openWatch(base, target, { headers }));
  clients.push(c);
  return c;
}

const SHIP_POSITION = '/entity/Ship1?values=true';

describe('watches over HTTP', () => {
  test('the first event is the GET reply; a PUT shows up in an event within 2 frames, with the loop running', async () => {
    const base = await startHost();
    // The host's own loop runs: Ship1 moves every frame, so its stream has an event per frame.
    const w = await watch(base, `/watch${SHIP_POSITION}`);
    const first = await w.next(undefined, 0);
    expect(first.event).toBe('full');
    // The first event is the GET reply (the same ids; the values are the frame's).
    const get = await (await fetch(base + SHIP_POSITION)).json() as { ids: string[][] };
    expect(JSON.parse(first.data)).toMatchObject({ path: 'Ship1', ids: get.ids });
    const xOf = (): number => {
      const state = w.state!.reply as { ids: string[][]; values: { x: number }[] };
      return state.values[state.ids.findIndex((id) => id[0] === 'Position')]!.x;
    };
    // Five writes, each landing wherever the loop happens to be.
    for (let i = 0; i < 5; i++) {
      const x = 1234.5 + 1000 * i;
      const data = encodeURIComponent(JSON.stringify({ ids: [['Position']], values: [{ x }] }));
      // Waited for from before the write: its event may come before the PUT's reply is read.
      const shows = w.next(() => Math.abs(xOf() - x) < 10);
      const put = await fetch(`${base}/set/Ship1?data=${data}`, { method: 'PUT' });
      expect(put.status).toBe(200);
      // The write landed after this frame (the header says which): an event of the next frames
      // shows it (the ship moves on from where it was put, so it is near x, not where it was).
      const landed = Number(put.headers.get(FRAME_HEADER));
      const seen = await shows;
      expect(parseWatchEventId(seen.id)!.frame - landed, `write ${i}`).toBeGreaterThanOrEqual(1);
      expect(parseWatchEventId(seen.id)!.frame - landed, `write ${i}`).toBeLessThanOrEqual(2);
    }
  });

  test('a disabled entity leaves a watched query', async () => {
    const base = await startHost();
    const w = await watch(base, '/watch/query?q=Engine');
    const names = (): string[] => ((w.state?.reply as { results: { entities: string[] }[] } | undefined)?.results ?? []).flatMap((r) => r.entities);
    await w.next(undefined, 0);
    expect(names()).toContain('Ship1');
    await fetch(`${base}/disable/Ship1`, { method: 'PUT' });
    await w.next(() => !names().includes('Ship1'), 0);
    expect(names()).not.toContain('Ship1');
    expect(names().length).toBeGreaterThan(0);
  });

  test('bad watches get the error the GET would get, or a 404 that lists the watches', async () => {
    const base = await startHost();
    const bad = await openWatch(base, '/watch/query?q=Position%2C(');
    expect(bad).toMatchObject({ status: 400 });
    const missing = await openWatch(base, '/watch/entity/NoSuchThing');
    expect(missing).toMatchObject({ status: 404 });
    const other = await openWatch(base, '/watch/stats/world/1s');
    expect(other).toMatchObject({ status: 404, body: { error: expect.stringMatching(/watches are \/watch\/query/) } });
  });

  test('limits per client and in total are named in their errors', async () => {
    const base = await startHost('--max-watches-per-client', '2', '--max-watches', '3');
    await watch(base, '/watch/query?q=Planet');
    await watch(base, '/watch/query?q=Planet');
    const third = await openWatch(base, '/watch/query?q=Planet');
    expect(third).toMatchObject({ status: 429, body: { error: expect.stringContaining('--max-watches-per-client') } });
    // A closed watch frees its slot.
    clients.pop()!.close();
    await expect.poll(() => host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    await watch(base, '/watch/query?q=Planet');
    expect(host!.watches.watcherCount).toBe(2);
  });

  test('the total limit answers 503 with Retry-After', async () => {
    const base = await startHost('--max-watches', '1');
    await watch(base, '/watch/query?q=Planet');
    const second = await openWatch(base, '/watch/query?q=Planet');
    expect(second).toMatchObject({ status: 503, body: { error: expect.stringContaining('--max-watches') } });
    expect((second as { headers: Record<string, string> }).headers['retry-after']).toBe('1');
  });

  test('an idle stream gets heartbeat comments while frames run', async () => {
    const base = await startHost('--watch-heartbeat', '20');
    // Which entities are planets does not change from frame to frame: the stream is idle while the loop runs.
    const w = await watch(base, '/watch/query?q=Planet');
    await w.next(undefined, 0);
    const frame = host!.app.frameCount;
    await w.comment(2);
    expect(w.comments.every((c) => c.trim() === '' || /heartbeat/.test(c)), w.comments.join('|')).toBe(true);
    expect(w.events.map((e) => e.event)).toEqual(['full']);
    expect(host!.app.frameCount).toBeGreaterThan(frame);
  });

  test('the host policy of GETs applies: a foreign Host header is refused', async () => {
    const base = await startHost();
    const refused = await openWatch(base, '/watch/entity/Sun', { headers: { Host: 'evil.example:27750' } });
    expect(refused).toMatchObject({ status: 403 });
  });

  test('stopping the host ends every stream with an end event', async () => {
    const base = await startHost();
    const ws = [await watch(base, '/watch/entity/Sun'), await watch(base, '/watch/query?q=Planet')];
    const ends = ws.map((w) => w.next((e) => e.event === 'end'));
    await host!.stop();
    host = undefined;
    for (const e of await Promise.all(ends)) expect(JSON.parse(e.data)).toEqual({ reason: 'the server is stopping' });
    await expect.poll(() => ws.every((w) => w.ended), { timeout: 30_000 }).toBe(true);
  });
});
