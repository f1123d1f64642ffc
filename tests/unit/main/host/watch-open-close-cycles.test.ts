// Many watch clients that come and go over HTTP on a real host leave no watcher, feed or stream
// behind. Slow by design (a thousand streams opened and closed), so mutation runs leave it out
// (scripts/mutate-tests.mjs); the quicker watch tests over HTTP are in watch-http.test.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { openWatch, opened } from '../../../support/watch-client';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let host: Host | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

test('1,000 open/close cycles leave no watch, feed or stream behind', async () => {
  host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '50', '--fps', '30']), mkdtempSync(join(tmpdir(), 'pages-')));
  const base = (await host.start()).rest;
  for (let round = 0; round < 40; round++) {
    const batch = await Promise.all(Array.from({ length: 25 }, (_, i) => openWatch(base, `/watch/query?q=Planet&limit=${1 + (i % 5)}`)));
    expect(host.watches.watcherCount).toBe(25);
    for (const w of batch) opened(w).close();
    await expect.poll(() => host!.watches.watcherCount, { timeout: 30_000 }).toBe(0);
  }
  expect(host.watches.feedCount).toBe(0);
  expect(host.transport!.openStreams).toBe(0);
}, 60_000);
