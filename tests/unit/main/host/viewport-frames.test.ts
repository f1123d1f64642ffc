/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads replies as parsed JSON of known shape */
// What the viewport is sent, on a real host with its own clock running: while the explorer looks
// at a past frame (PUT /history/view) the frames carry that frame's world, marked with its number,
// and go back to the live world on DELETE; while a breakpoint's hit holds the world paused its
// entities are flagged Highlighted, and the flag goes when the world runs again. Frames are taken
// as the viewport takes them (a subscriber of the host's frame hub); waits are on frames, never on timers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import type { PooledFrame } from '../../../../src/main/host/frame-pool';
import { decodeFrame, FrameFlag, LIVE_FRAME, type FrameView } from '../../../../src/shared/protocol';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let host: Host | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

async function start(args: string[]): Promise<{ h: Host; base: string }> {
  host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '40', ...args]), mkdtempSync(join(tmpdir(), 'pages-')));
  return { h: host, base: (await host.start()).rest };
}

/**
 * The first frame sent to a viewport that satisfies `ok` (decoded from a copy of its bytes), after
 * skipping `skip` frames. (A frame's number counts the frames whose systems ran: it stands still while paused.)
 */
function nextFrame(h: Host, ok: (f: FrameView) => boolean, skip = 0): Promise<FrameView> {
  return new Promise((resolve) => {
    let off = () => {};
    let done = false, seen = 0;
    off = h.frames.subscribe({
      offerFrame: (frame: PooledFrame) => {
        if (done || seen++ < skip) return true;
        const f = decodeFrame(new Uint8Array(frame.bytes));
        if (ok(f)) { done = true; queueMicrotask(() => off()); resolve(f); }
        return true;
      },
      sendMeta: () => {},
      close: () => {},
    });
  });
}

async function call(base: string, method: string, path: string): Promise<{ status: number; json: any }> {
  const r = await fetch(`${base}${path}`, { method });
  return { status: r.status, json: await r.json() };
}

const timeControl = (paused: boolean) => `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [{ paused }] }))}`;

/** Position of every entity of a /query reply with entity_ids and values (field 0 is Position), as the f32 a frame carries. */
function positions(reply: any): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const r of reply.results) {
    r.entity_ids.forEach((id: number, i: number) => { const p = r.values[0][i]; out.set(id, [p.x, p.y, p.z].map(Math.fround)); });
  }
  return out;
}

test('PUT /history/view makes the frames show that frame, marked as the past, with its positions; DELETE shows the live world again', async () => {
  const { h, base } = await start(['--history', '10']);
  await nextFrame(h, (f) => f.frameNumber >= 40);
  const at = 12;
  expect(await call(base, 'PUT', `/history/view?frame=${at}`)).toEqual({ status: 200, json: { view: at } });
  const past = await nextFrame(h, (f) => f.pastFrame !== LIVE_FRAME);
  expect(past.pastFrame).toBe(at);
  // The header's number stays the live count (acknowledgements never see it go back).
  expect(past.frameNumber).toBeGreaterThan(40);
  const then = positions((await call(base, 'GET', `/query?q=${encodeURIComponent('Position, Renderable')}&entity_ids=true&values=true&limit=1000&at=${at}`)).json);
  expect(past.count).toBe(then.size);
  for (let i = 0; i < past.count; i++) {
    expect([...past.positions.subarray(i * 3, i * 3 + 3)], `entity ${past.ids[i]}`).toEqual(then.get(past.ids[i]!));
  }
  // It stays on the past while the live world runs on.
  expect((await nextFrame(h, () => true, 3)).pastFrame).toBe(at);
  expect((await call(base, 'DELETE', '/history/view')).json).toEqual({ view: null });
  const back = await nextFrame(h, (f) => f.pastFrame === LIVE_FRAME);
  // Ship1 has moved on since frame 12.
  const ship1 = h.world.lookupSymbol('Ship1'), i = [...back.ids].indexOf(ship1);
  expect([...back.positions.subarray(i * 3, i * 3 + 3)]).not.toEqual(then.get(ship1));
});

test('bad frames are refused and change nothing; a restore shows the live world; history off answers 400', async () => {
  const { h, base } = await start(['--history', '10']);
  await nextFrame(h, (f) => f.frameNumber >= 5);
  const far = await call(base, 'PUT', '/history/view?frame=999999');
  expect(far.status).toBe(404);
  expect(far.json.error).toMatch(/frame 999999 is not in the recorded window: frames 0 to \d+ can be read/);
  expect((await call(base, 'PUT', '/history/view?frame=-3')).status).toBe(400);
  expect(h.history!.viewing).toBeUndefined();
  await call(base, 'PUT', '/history/view?frame=2');
  await nextFrame(h, (f) => f.pastFrame === 2);
  expect((await call(base, 'PUT', '/history/restore?frame=3')).status).toBe(200);
  expect(h.history!.viewing).toBeUndefined();
  await nextFrame(h, (f) => f.pastFrame === LIVE_FRAME);
  await host!.stop();
  const off = await start(['--history', '0']);
  const r = await call(off.base, 'PUT', '/history/view?frame=1');
  expect(r.status).toBe(400);
  expect(r.json.error).toMatch(/--history <seconds>/);
});

test('a breakpoint hit flags its entities Highlighted while the world stays paused, and the flag goes on continue', async () => {
  const { h, base } = await start([]);
  await nextFrame(h, (f) => f.frameNumber >= 3);
  // Ship3's fuel is set under 5: `enter` fires for it after the next frame.
  expect((await call(base, 'PUT', `/breakpoint/empty?q=${encodeURIComponent('Fuel.value < 5')}`)).status).toBe(200);
  await call(base, 'PUT', `/set/Ship3?data=${encodeURIComponent(JSON.stringify({ ids: [['Fuel']], values: [{ value: 1 }] }))}`);
  const lit = await nextFrame(h, (f) => f.flags.some((x) => (x & FrameFlag.Highlighted) !== 0));
  const hit = (await call(base, 'GET', '/breakpoints')).json;
  const flagged = [...lit.ids].filter((_, i) => (lit.flags[i]! & FrameFlag.Highlighted) !== 0);
  expect(flagged.sort()).toEqual([...hit.last_hit.ids].sort());
  expect(hit.last_hit.entities).toEqual(['Ship3']);
  // Paused by the hit: frames go on and keep the highlight.
  const later = await nextFrame(h, () => true, 3);
  expect([...later.ids].filter((_, i) => (later.flags[i]! & FrameFlag.Highlighted) !== 0).sort()).toEqual(flagged);
  await call(base, 'PUT', '/breakpoint/empty?enabled=false');
  await call(base, 'PUT', timeControl(false));
  const cleared = await nextFrame(h, (f) => !f.flags.some((x) => (x & FrameFlag.Highlighted) !== 0));
  expect(cleared.frameNumber).toBeGreaterThan(later.frameNumber);
  expect(h.publisher.highlighted).toEqual([]);
});
