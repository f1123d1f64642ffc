// A heartbeat is for an idle stream, never for one whose socket is backed up: there it would queue
// more bytes behind the ones the reader has not taken. Through the real host with its own loop and
// a reader over a real socket that takes nothing, heartbeats every 20 ms; waited on by frames.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { StreamSink } from '../../../../src/main/http';
import { openWatch, opened, type WatchClient } from '../../../support/watch-client';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let host: Host | undefined;
let reader: WatchClient | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  reader?.close();
  await host?.stop();
  host = undefined;
});

test('no heartbeat is written into a backed-up stream', async () => {
  host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '3000', '--watch-heartbeat', '20']), mkdtempSync(join(tmpdir(), 'pages-')));
  const base = (await host.start()).rest;
  const sinks = new Set<StreamSink>();
  const intoBackedUp: string[] = [];
  const raw = StreamSink.prototype.raw;
  vi.spyOn(StreamSink.prototype, 'raw').mockImplementation(function (this: StreamSink, text: string) {
    sinks.add(this);
    if (text.startsWith(': heartbeat') && this.backedUpSince !== undefined) intoBackedUp.push(text);
    raw.call(this, text);
  });
  // Every value of the page moves every frame: each frame's event is about the page's size, and a
  // reader that takes nothing backs the socket up within a few frames.
  reader = opened(await openWatch(base, '/watch/query?q=Position%2CVelocity&values=true&limit=500', { slow: true }));
  const app = host.app;
  let backedUpFrames = 0;
  await new Promise<void>((resolve) => {
    const off = app.onFrame(() => {
      // Backed up for real: the socket has not taken the stream's last event since some frames ago
      // (not just the event of this frame, which node sends on the next tick).
      for (const s of sinks) if (s.backedUpSince !== undefined) backedUpFrames++;
      // A third of a second of frames backed up (the host resets such a stream after a second): at a
      // heartbeat every 20 ms, a dozen would have been due.
      if (backedUpFrames >= 20) { off(); resolve(); }
    });
  });
  expect(intoBackedUp).toEqual([]);
});
