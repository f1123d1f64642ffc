// Watches tell the present to a slow reader. A reader over a real socket takes a small chunk every
// few frames from a stream of the big query page (every value moves every frame, so each frame's
// event is about the size of the page). Whatever it holds after a read must be at most about a
// second of frames older than the host's live frame, plus the frames its own reading took: the
// megabytes the operating system buffers for the socket are dropped, not worked through. Counted
// in frames (reads are driven by the host's frames), never timed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { WATCH_MAX_LAG_MS } from '../../../../src/shared/protocol';
import { openWatch, opened, type WatchClient } from '../../../support/watch-client';

const FPS = 60;
const PAGE = '/query?q=Position%2CVelocity&values=true&limit=500';
/** The reader takes CHUNK bytes every READ_EVERY frames, READS times. */
const CHUNK = 16 * 1024;
const READ_EVERY = 5;
const READS = 120;

let host: Host | undefined;
let reader: WatchClient | undefined;
afterEach(async () => {
  reader?.close();
  await host?.stop();
  host = undefined;
});

test('a slow reader holds a state at most a second (plus its own reading) behind the live frame', async () => {
  const options = parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '3000', '--fps', String(FPS)]);
  host = new Host(options, mkdtempSync(join(tmpdir(), 'pages-')));
  const base = (await host.start()).rest;
  const pageBytes = (await (await fetch(base + PAGE)).text()).length;
  reader = opened(await openWatch(base, `/watch${PAGE}`, { slow: true }));
  const lags: number[] = [];
  const app = host.app;
  let frames = 0;
  const done = new Promise<void>((resolve) => {
    const stop = app.onFrame(() => {
      if (++frames % READ_EVERY !== 0) return;
      reader!.readSome(CHUNK);
      if (reader!.state !== undefined) lags.push(app.frameCount - reader!.state.frame);
      if (lags.length >= READS) { stop(); resolve(); }
    });
  });
  await done;
  // A second of frames, plus the reading of two events (an event is about a page): the old one that
  // tells the reader it is behind, then the new stream's first; plus one read of slack.
  const readsPerEvent = Math.ceil(pageBytes / CHUNK) + 1;
  const bound = Math.ceil((WATCH_MAX_LAG_MS / 1000) * FPS) + READ_EVERY * (2 * readsPerEvent + 1);
  const worst = Math.max(...lags);
  expect(worst, `lag in frames after each read: ${lags.join(' ')}; page ${pageBytes} B`).toBeLessThanOrEqual(bound);
  expect(reader.reopens, 'the reader fell behind and reopened its stream').toBeGreaterThan(0);
}, 120_000);
