// A stream whose reader fell behind gets the present once it reads again, over a real socket on
// the host's own running loop (the watch-feeds tests use a recording sink whose `backedUp` the
// test flips and which never drains: the socket's own back-pressure and drain never run there).
// The reader takes nothing for 90 frames of a ~300 KB page that changes every frame, more than
// loopback buffers hold, so the host skips events for it (it gets far fewer events than frames);
// then the world is paused, so nothing changes any more, and the reader reads on: within a bounded
// number of frames its state is exactly the GET reply. The reader does not reconnect: a stream
// that is read again must catch up by itself. The host's backstop, a reset of a stream backed up for
// `--watch-reset` ms (1 s by default), would end it (20 stalled frames took that long in a CI run at
// load 15 and failed so): the backstop is set past the test's own bound, and the test is counted in
// frames, never timed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { openWatch, opened, type WatchClient } from '../../../support/watch-client';
import { framesRan } from '../../../support/host-frames';

const PAGE = '/query?q=Position%2CVelocity&values=true&limit=3000';
/** Frames the reader reads nothing: 1.5 s at 60 fps, past the default backstop, so the test also shows `--watch-reset` reaches the streams. */
const STALLED_FRAMES = 90;
/** Frames it may take, reading 16 KiB at a time every frame, to hold the present once paused. */
const CATCH_UP_FRAMES = 1200;
/** The host's backstop: far longer than the test can take (its timeout), so it never resets this stream. */
const WATCH_RESET_MS = 600_000;

let host: Host | undefined;
let reader: WatchClient | undefined;
afterEach(async () => {
  reader?.close();
  await host?.stop();
  host = undefined;
});

test('a reader that fell far behind holds exactly the GET reply once the world stands still and it reads on', async () => {
  const h = (host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '3000', '--watch-reset', String(WATCH_RESET_MS)]), mkdtempSync(join(tmpdir(), 'pages-'))));
  const base = (await h.start()).rest;
  const r = (reader = opened(await openWatch(base, `/watch${PAGE}`, { slow: true, maxLagMs: Infinity })));
  const opened0 = h.app.frameCount;
  await framesRan(h, STALLED_FRAMES);
  const data = encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [{ paused: true }] }));
  expect((await fetch(`${base}/set/ecs/core/World?data=${data}`, { method: 'PUT' })).status).toBe(200);
  const present = JSON.parse(h.router.route('GET', PAGE).body) as unknown;
  // Reads what has come, every frame, until the reader holds the present (or the bound runs out).
  const caughtUp = await new Promise<boolean>((resolve) => {
    let n = 0;
    const off = h.app.onFrame(() => {
      while (r.readSome(64 * 1024) > 0) { /* take all node has */ }
      const held = r.state?.reply;
      if (held !== undefined && JSON.stringify(held) === JSON.stringify(present)) { queueMicrotask(off); resolve(true); return; }
      if (++n >= CATCH_UP_FRAMES) { queueMicrotask(off); resolve(false); }
    });
  });
  expect(caughtUp, `the reader holds the GET reply within ${CATCH_UP_FRAMES} frames of reading on`).toBe(true);
  // The page changed every frame while it read nothing: it got far fewer events than frames ran.
  expect(r.events.length).toBeLessThan((h.app.frameCount - opened0) / 2);
  // Nothing changes while paused: the GET reply is still what it holds.
  expect(JSON.parse(h.router.route('GET', PAGE).body)).toEqual(present);
}, 180_000);
