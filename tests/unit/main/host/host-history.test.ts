// History on a real host with its own clock running: GET /history, reads with at=, and
// PUT /history/restore over HTTP; a watch hears `restored`, then the restored world in full.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { openWatch, opened, type WatchClient } from '../../../support/watch-client';
import { frameReached } from '../../../support/host-frames';
import { KEYFRAME_INTERVAL } from '../../../../src/shared/history';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let host: Host | undefined;
const clients: WatchClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await host?.stop();
  host = undefined;
});

describe('history on a running host', () => {
  test('at= reads and restore answer the world as it was live after that frame; watches hear of the restore', async () => {
    const options = parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '50', '--fps', '30', '--history', '10']);
    host = new Host(options, mkdtempSync(join(tmpdir(), 'pages-')));
    const h = host;
    // What the live world answered after each frame, read in the frame hook (as a client would see it then).
    const seen = new Map<number, { world: string; sun: string }>();
    h.app.onFrame((_s, app) => seen.set(app.frameCount, { world: h.router.route('GET', '/world').body, sun: h.router.route('GET', '/entity/Sun/Earth?values=true').body }));
    const base = (await h.start()).rest;
    const w = opened(await openWatch(base, '/watch/entity/Sun/Earth?values=true'));
    clients.push(w);
    // Past the second keyframe: the restore below replays from it.
    const K = KEYFRAME_INTERVAL, R = K + 3;
    await frameReached(h, K + 15);

    const history = await (await fetch(`${base}/history`)).json() as { first: number; last: number; keyframes: number[]; seconds: number };
    expect(history.first).toBe(0);
    expect(history.last).toBeGreaterThanOrEqual(K + 15);
    expect(history.keyframes.slice(0, 2)).toEqual([0, K]);
    expect(history.seconds).toBe(10);

    const past = await fetch(`${base}/entity/Sun/Earth?values=true&at=20`);
    expect(past.status).toBe(200);
    expect(await past.text()).toBe(seen.get(20)!.sun);

    const from = w.events.length;
    const put = await fetch(`${base}/history/restore?frame=${R}`, { method: 'PUT' });
    expect(put.status).toBe(200);
    expect(await (await fetch(`${base}/world`)).text()).toBe(seen.get(R)!.world);
    const restored = await w.next((e) => e.event === 'restored', from);
    expect(restored.data).toBe(`{"frame":${R}}`);
    const full = await w.next((e) => e.event === 'full', w.events.indexOf(restored));
    expect(full.data).toBe(seen.get(R)!.sun);
    // Paused: frames go on, the world stands still at frame R's state.
    const frame = h.app.frameCount;
    await frameReached(h, frame + 3);
    expect(await (await fetch(`${base}/world`)).text()).toBe(seen.get(R)!.world);
  });

  test('once the window is full, each keyframe kept reads as the world was live at its frame (keyframes reuse the dropped ones\' arrays)', async () => {
    // 300 asteroids: their columns (1,200 bytes of f32) are arrays the keyframes reuse once the
    // window (1 s at 120 fps: 120 frames, one keyframe stretch) drops a keyframe, from frame 2K on.
    const options = parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '300', '--fps', '120', '--history', '1']);
    host = new Host(options, mkdtempSync(join(tmpdir(), 'pages-')));
    const h = host, K = KEYFRAME_INTERVAL, q = '/query?q=Position&values=true&entity_ids=true';
    const seen = new Map<number, string>();
    h.app.onFrame((_s, app) => { if (app.frameCount % K === 0) seen.set(app.frameCount, h.router.route('GET', q).body); });
    const base = (await h.start()).rest;
    await frameReached(h, 6 * K + 10);
    const history = await (await fetch(`${base}/history`)).json() as { keyframes: number[] };
    expect(history.keyframes[0]!, 'keyframes were dropped').toBeGreaterThanOrEqual(4 * K);
    for (const k of history.keyframes) {
      const past = await fetch(`${base}${q}&at=${k}`);
      expect(past.status).toBe(200);
      expect((await past.text()) === seen.get(k), `keyframe ${k} reads as live`).toBe(true);
    }
    expect(h.history!.keyframeCopies.reused, 'keyframes reused dropped arrays').toBeGreaterThan(0);
  });

  test('while the window fills, each keyframe reads as the world was live at its frame (keyframes copy into arrays set aside between them)', async () => {
    // 300 asteroids: columns of 1,200 bytes, arrays of the keyframes' own. A 60 s window drops
    // nothing in these frames, so every array reused was set aside by the frames between keyframes.
    const options = parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '300', '--fps', '120', '--history', '60']);
    host = new Host(options, mkdtempSync(join(tmpdir(), 'pages-')));
    const h = host, K = KEYFRAME_INTERVAL, q = '/query?q=Position&values=true&entity_ids=true';
    const seen = new Map<number, string>();
    h.app.onFrame((_s, app) => { if (app.frameCount % K === 0) seen.set(app.frameCount, h.router.route('GET', q).body); });
    const base = (await h.start()).rest;
    await frameReached(h, 4 * K + 10);
    const history = await (await fetch(`${base}/history`)).json() as { keyframes: number[] };
    expect(history.keyframes.slice(0, 5), 'nothing dropped').toEqual([0, K, 2 * K, 3 * K, 4 * K]);
    // Keyframe 0 is the world before the first frame, which no frame hook saw.
    for (const k of history.keyframes.slice(1)) {
      const past = await fetch(`${base}${q}&at=${k}`);
      expect(past.status).toBe(200);
      expect((await past.text()) === seen.get(k), `keyframe ${k} reads as live`).toBe(true);
    }
    expect(h.history!.keyframeCopies.reused, 'keyframes copied into arrays set aside').toBeGreaterThan(0);
  });

  test('--history 0: no history; at= and /history are 400 saying how to turn it on', async () => {
    const options = parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '10', '--fps', '30', '--history', '0']);
    host = new Host(options, mkdtempSync(join(tmpdir(), 'pages-')));
    const base = (await host.start()).rest;
    expect(host.history).toBeUndefined();
    for (const url of ['/history', '/entity/Sun?at=1']) {
      const r = await fetch(base + url);
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error: string }).error).toMatch(/--history <seconds>/);
    }
  });
});
