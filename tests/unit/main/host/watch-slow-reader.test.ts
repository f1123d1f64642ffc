// Watches tell the present to a slow reader. A reader over a real socket takes a small chunk every
// few frames from a stream of the big query page (every value moves every frame, so each frame's
// event is about the size of the page). Counted in frames (reads are driven by the host's frames),
// never timed:
// - a reader that follows the protocol (asks for gzip as browsers do, and reopens once an event's
//   id says it is more than WATCH_MAX_LAG_MS old) holds, after every read, a state at most a second
//   of frames older than the host's live frame, plus the frames it takes to read two compressed
//   events (the one it holds, and the new stream's first while it still holds the old one);
// - a plain reader that ignores the ids and only reconnects when the host drops its stream (a
//   browser's EventSource) stays bounded too: the host resets a stream whose socket stayed backed
//   up, so the megabytes the kernel queued for it are thrown away instead of read.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, expect, test } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { STREAM_GZIP_LEVEL } from '../../../../src/main/http/stream-sink';
import { WATCH_MAX_LAG_MS, WATCH_RECONNECT_MS } from '../../../../src/shared/protocol';
import { openWatch, opened, type WatchClient, type WatchOptions } from '../../../support/watch-client';

const FPS = 60;
const PAGE = '/query?q=Position%2CVelocity&values=true&limit=500';
/** The reader takes CHUNK bytes every READ_EVERY frames, READS times. */
const CHUNK = 16 * 1024;
const READ_EVERY = 5;
const READS = 120;
/**
 * The reader that follows the ids reads as slowly, against the size of an event, as one taking
 * 16 KiB a second reads the 49 KB page: an event (20 KB compressed) takes it longer than the
 * second after which an event counts as old.
 */
const SLOW_CHUNK = 1024;
const SLOW_READS = 240;

let host: Host | undefined;
let reader: WatchClient | undefined;
afterEach(async () => {
  reader?.close();
  await host?.stop();
  host = undefined;
});

const framesOf = (ms: number) => Math.ceil((ms / 1000) * FPS);

/** Reads the big page slowly; returns the lag in frames after each read and the page's size. */
async function readSlowly(opts: WatchOptions, reads = READS, chunk = CHUNK): Promise<{ lags: number[]; pageBytes: number; gzipBytes: number; reader: WatchClient }> {
  const options = parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '3000', '--fps', String(FPS)]);
  host = new Host(options, mkdtempSync(join(tmpdir(), 'pages-')));
  const base = (await host.start()).rest;
  const page = await (await fetch(base + PAGE)).text();
  const pageBytes = page.length;
  const gzipBytes = gzipSync(page, { level: STREAM_GZIP_LEVEL }).length;
  const r = (reader = opened(await openWatch(base, `/watch${PAGE}`, { slow: true, ...opts })));
  const lags: number[] = [];
  const app = host.app;
  let frames = 0;
  await new Promise<void>((resolve) => {
    const stop = app.onFrame(() => {
      if (++frames % READ_EVERY !== 0) return;
      r.readSome(chunk);
      if (r.state !== undefined) lags.push(app.frameCount - r.state.frame);
      if (lags.length >= reads) { stop(); resolve(); }
    });
  });
  return { lags, pageBytes, gzipBytes, reader: r };
}

test('a slow reader holds a state at most a second or an event (plus reading one event) behind the live frame', async () => {
  const { lags, gzipBytes, reader: r } = await readSlowly({ compressed: true }, SLOW_READS, SLOW_CHUNK);
  // An event is kept when its id (which comes before its data) is at most a second old, or when it
  // is a new stream's first (its id is read a read after the reopening): it is held from then, plus
  // its own reading. The next event's id is read at once; when it is old the reader reopens and
  // holds the old state while it reads the new stream's first event. Reads of slack: the reopening,
  // the new stream's first id, where an event starts, and the turns of the host's compressor and the
  // reader's decoder (both run off the main thread) for each of the two events.
  const eventFrames = READ_EVERY * (Math.ceil(gzipBytes / SLOW_CHUNK) + 1);
  const bound = Math.max(framesOf(WATCH_MAX_LAG_MS), eventFrames) + eventFrames + 6 * READ_EVERY;
  const worst = Math.max(...lags);
  expect(worst, `lag in frames after each read: ${lags.join(' ')}; page ${gzipBytes} B compressed; bound ${bound}`).toBeLessThanOrEqual(bound);
  expect(r.reopens, 'the reader fell behind and reopened its stream').toBeGreaterThan(0);
}, 180_000);

/** A Linux TCP setting (min, default, max bytes), or undefined elsewhere. */
function tcpSetting(name: 'tcp_wmem' | 'tcp_rmem'): number[] | undefined {
  try {
    return readFileSync(`/proc/sys/net/ipv4/${name}`, 'utf8').trim().split(/\s+/).map(Number);
  } catch {
    return undefined;
  }
}

test('a plain reader that ignores the ids (an EventSource) stays a few seconds behind at most, not minutes', async () => {
  const { lags, pageBytes, reader: r } = await readSlowly({ maxLagMs: Infinity, reconnect: true }, 2 * READS);
  const readsPerEvent = Math.ceil(pageBytes / CHUNK) + 1;
  // What one cycle can cost, in frames: the host's send buffer fills with one page per frame (up to
  // the kernel's limit, tcp_wmem's max); the socket then stays backed up for WATCH_MAX_LAG_MS (found
  // within a quarter of it) and the stream is reset; the reader still reads what its own receive
  // queue held (tcp_rmem's default, which the kernel may double), waits WATCH_RECONNECT_MS and reads
  // the new stream's first event, after the old one it was reading.
  const sendBuffer = tcpSetting('tcp_wmem')?.[2] ?? 4 * 2 ** 20;
  const receiveQueue = 2 * (tcpSetting('tcp_rmem')?.[1] ?? 128 * 1024);
  const bound = Math.ceil(sendBuffer / pageBytes) + framesOf(WATCH_MAX_LAG_MS * 1.25 + WATCH_RECONNECT_MS)
    + READ_EVERY * (Math.ceil(receiveQueue / CHUNK) + 2 * readsPerEvent);
  const worst = Math.max(...lags);
  expect(worst, `lag in frames after each read: ${lags.join(' ')}; page ${pageBytes} B; bound ${bound}`).toBeLessThanOrEqual(bound);
  expect(r.reconnects, 'the host dropped the backed-up stream and the reader reconnected').toBeGreaterThan(0);
  expect(r.reopens, 'the reader never judged the ids itself').toBe(0);
  expect(r.ended, 'every reset was followed by a reconnect that stayed open').toBe(false);
}, 180_000);
