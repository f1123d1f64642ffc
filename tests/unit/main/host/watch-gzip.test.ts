// Compressed watch streams: a client that accepts gzip (every browser's EventSource and fetch) gets
// the stream gzip-encoded, each event flushed whole; decoded, it is the same events, ids and data,
// as a plain stream of the same target. Clients that do not ask (curl, node:http) or refuse gzip
// (q=0) get plain text.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { acceptsGzip } from '../../../../src/main/http/index';
import { applyWatchEvent, type WatchState } from '../../../../src/shared/protocol';
import { openWatch, opened, type WatchClient } from '../../../support/watch-client';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let host: Host | undefined;
const clients: WatchClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await host?.stop();
  host = undefined;
});

const TARGET = '/watch/query?q=Position%2CVelocity&values=true&limit=50';

test('a gzip stream decodes to the same events as a plain one, frame for frame', async () => {
  const options = parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '100', '--fps', '30']);
  host = new Host(options, mkdtempSync(join(tmpdir(), 'pages-')));
  const base = (await host.start()).rest;
  const zipped = opened(await openWatch(base, TARGET, { compressed: true }));
  const plain = opened(await openWatch(base, TARGET));
  clients.push(zipped, plain);
  // Twenty events of the compressed stream, each matched by the plain stream's event of that id.
  const last = await zipped.next(() => zipped.events.length >= 20);
  await plain.next((e) => e.id === last.id, 0);
  const byId = new Map(plain.events.map((e) => [e.id, e]));
  const matched = zipped.events.filter((e) => byId.has(e.id));
  expect(matched.length, 'events of both streams with the same id').toBeGreaterThanOrEqual(15);
  for (const e of matched) expect({ event: e.event, data: e.data }).toEqual({ event: byId.get(e.id)!.event, data: byId.get(e.id)!.data });
  // Replayed up to the same id (either stream may have read further since), both hold the same state.
  const replay = (c: WatchClient): unknown => {
    let state: WatchState | undefined;
    for (const e of c.events.slice(0, c.events.findIndex((x) => x.id === last.id) + 1)) state = applyWatchEvent(state, e.event ?? '', e.data, e.id);
    return state?.reply;
  };
  expect(JSON.stringify(replay(zipped))).toBe(JSON.stringify(replay(plain)));
  // Each event is flushed whole: a small event of a still target comes alone, not once the
  // compressor's buffer fills.
  const still = opened(await openWatch(base, '/watch/entity/Sun', { compressed: true }));
  clients.push(still);
  const first = await still.next(undefined, 0);
  expect(first.event).toBe('full');
  expect(first.data).toBe(await (await fetch(`${base}/entity/Sun`)).text());
});

test('the stream is gzip only for clients that accept it', async () => {
  const options = parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '10']);
  host = new Host(options, mkdtempSync(join(tmpdir(), 'pages-')));
  const base = (await host.start()).rest;
  const encoding = async (accept: string | undefined): Promise<string | null> => {
    const ctrl = new AbortController();
    // undici's fetch asks for gzip itself unless told otherwise; 'identity' stands for "not asked".
    const res = await fetch(base + TARGET, { headers: { 'accept-encoding': accept ?? 'identity' }, signal: ctrl.signal });
    const got = res.headers.get('content-encoding');
    ctrl.abort();
    return got;
  };
  expect(await encoding('gzip, deflate, br')).toBe('gzip');
  expect(await encoding(undefined)).toBeNull();
  expect(await encoding('gzip;q=0, identity')).toBeNull();
  expect(await encoding('br')).toBeNull();
  expect([acceptsGzip('*'), acceptsGzip('GZIP;q=0.5'), acceptsGzip('deflate'), acceptsGzip(undefined), acceptsGzip('gzip; q=0')])
    .toEqual([true, true, false, false, false]);
});
