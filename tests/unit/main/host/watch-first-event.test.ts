// A stream's first event carries the frame whose state it shows. A write that lands between frames
// X and X+1 reaches the streams already open in the event of frame X+1; a stream opened right after
// that write must not show it under id X. Over HTTP, 20 times, on the host's own running loop (most
// writes and opens land between the same two frames, and the test checks that some did): each new
// stream's first `full` equals the state an already-open stream of the same target holds for the
// same frame.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { FRAME_HEADER, Host } from '../../../../src/main/host/index';
import { parseWatchEventId } from '../../../../src/shared/protocol';
import { openWatch, opened, type WatchClient } from '../../../support/watch-client';

const TARGET = '/entity/Ship1?values=true';
const TRIES = 20;

let host: Host | undefined;
const clients: WatchClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await host?.stop();
  host = undefined;
});

const frameOf = (id: string | undefined): number => parseWatchEventId(id)!.frame;

test('a stream opened right after a write starts with the state the open streams hold for its id', async () => {
  // The host's own loop runs: writes and opens land wherever it is, most of them between the same
  // two frames (a PUT and an open take a few ms; a frame comes every 16.7).
  const options = parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '50']);
  host = new Host(options, mkdtempSync(join(tmpdir(), 'pages-')));
  const base = (await host.start()).rest;
  const open = opened(await openWatch(base, `/watch${TARGET}`));
  clients.push(open);
  // The state the open stream holds after each frame's event (Ship1 moves, so every frame has one).
  const held = new Map<number, string>();
  open.next((e) => { held.set(frameOf(e.id), JSON.stringify(open.state!.reply)); return false; });
  await open.next(undefined, 0);
  held.set(open.state!.frame, JSON.stringify(open.state!.reply));
  let sameFrame = 0;
  for (let i = 0; i < TRIES; i++) {
    const data = encodeURIComponent(JSON.stringify({ ids: [['Position']], values: [{ x: 1000 + i }] }));
    const put = await fetch(`${base}/set/Ship1?data=${data}`, { method: 'PUT' });
    expect(put.status).toBe(200);
    const landed = Number(put.headers.get(FRAME_HEADER));
    const fresh = opened(await openWatch(base, `/watch${TARGET}`));
    clients.push(fresh);
    const first = await fresh.next(undefined, 0);
    expect(first.event).toBe('full');
    const id = frameOf(first.id);
    // A write lands after the frame its header names: no stream shows it under that frame or before.
    expect(id, `try ${i}: the new stream's first event is of the write's frame or later`).toBeGreaterThanOrEqual(landed);
    if (id === landed) sameFrame++;
    // The open stream's event of that frame may come after the new stream's first.
    await open.next((e) => frameOf(e.id) >= id, 0);
    expect(held.has(id), `the open stream has an event for frame ${id}`).toBe(true);
    expect(JSON.stringify(JSON.parse(first.data)), `try ${i}: first full of a new stream at frame ${id} (write landed after frame ${landed})`).toBe(held.get(id));
    fresh.close();
  }
  // Most tries opened between the write and the next frame, the case this test is about.
  expect(sameFrame, 'tries whose new stream opened in the frame the write landed after').toBeGreaterThan(0);
}, 60_000);
