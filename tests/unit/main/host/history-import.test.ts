// History files through real hosts with their clocks running: GET /history/export and
// PUT /history/import over HTTP. A good file opens at its first frame, paused, the loop standing
// still over the frames after it; every bad file gets a 400 (or 413) naming what is wrong, and the
// world and the recording stay exactly as they were (GET /world and GET /history before and after).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { HISTORY_FILE_MAGIC, HISTORY_FILE_VERSION } from '../../../../src/shared/history';
import { frameReached } from '../../../support/host-frames';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const hosts: Host[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.stop();
});

async function start(...args: string[]): Promise<{ host: Host; base: string }> {
  const host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '20', '--fps', '30', '--history', '30', ...args]), mkdtempSync(join(tmpdir(), 'pages-')));
  hosts.push(host);
  return { host, base: (await host.start()).rest };
}

/** A host's file after it ran `frames` frames with a write in the middle. */
async function recorded(frames: number, ...args: string[]): Promise<{ file: Uint8Array; host: Host; base: string }> {
  const { host, base } = await start(...args);
  await frameReached(host, Math.floor(frames / 2));
  const w = await fetch(`${base}/contract/set/Ship2?data=${encodeURIComponent(JSON.stringify({ ids: [['Fuel']], values: [{ value: 7 }] }))}`, { method: 'PUT' });
  expect(w.status).toBe(200);
  await frameReached(host, frames);
  const r = await fetch(`${base}/history/export`);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/gzip');
  return { file: new Uint8Array(await r.arrayBuffer()), host, base };
}

async function put(base: string, body: Uint8Array): Promise<{ status: number; error: string }> {
  const r = await fetch(`${base}/history/import`, { method: 'PUT', body: Buffer.from(body) });
  return { status: r.status, error: r.status === 200 ? '' : ((await r.json()) as { error: string }).error };
}

/** GET /world and GET /history of a host, as text: what a refused file must leave as it was. */
async function state(base: string): Promise<string> {
  return `${await (await fetch(`${base}/world`)).text()}\n${await (await fetch(`${base}/history`)).text()}`;
}

/** The file's bytes with its format version replaced. */
function withVersion(file: Uint8Array, version: number): Uint8Array {
  const raw = gunzipSync(file);
  raw.writeUInt32LE(version, HISTORY_FILE_MAGIC.length);
  return gzipSync(raw);
}

describe('history files over HTTP', () => {
  test('a file opens in a fresh host at its first frame, paused and holding; at= reads as the original; restore goes on from there', async () => {
    const { file, host: a, base: baseA } = await recorded(70);
    const { host: b, base } = await start();
    await frameReached(b, 5);
    const r = await fetch(`${base}/history/import`, { method: 'PUT', body: Buffer.from(file) });
    expect(r.status).toBe(200);
    const opened = await r.json() as { first: number; last: number; frame: number };
    const history = await (await fetch(`${base}/history`)).json() as { first: number; last: number; frame: number; writes: [number, number][] };
    expect(history).toMatchObject({ first: opened.first, last: opened.last, frame: opened.first });
    expect(history.writes).toEqual((await (await fetch(`${baseA}/history`)).json() as { writes: unknown }).writes);
    expect(opened.last).toBeGreaterThanOrEqual(70);
    // Every frame of the file reads as the original host reads it.
    for (let f = opened.first; f <= opened.last; f += 7) {
      const q = `/query?q=Position&values=true&limit=10000&at=${f}`;
      expect(await (await fetch(base + q)).text(), `frame ${f}`).toBe(await (await fetch(baseA + q)).text());
    }
    // Holding: the loop stands still over the file's frames, the world is paused.
    expect(b.app.isRunning).toBe(false);
    expect(await (await fetch(`${base}/entity/ecs/core/World?values=true`)).text()).toContain('"paused":true');
    const frame = opened.first + 40;
    expect((await fetch(`${base}/history/restore?frame=${frame}`, { method: 'PUT' })).status).toBe(200);
    expect(await (await fetch(`${base}/query?q=Position&values=true&limit=10000`)).text()).toBe(await (await fetch(`${baseA}/query?q=Position&values=true&limit=10000&at=${frame}`)).text());
    // The loop runs again (paused): frames go on after the restored one.
    expect(b.app.isRunning).toBe(true);
    await frameReached(b, frame + 3);
    expect(a.app.isRunning).toBe(true);
  });

  test('bad files: a clear error each, and the world and the recording as they were', async () => {
    const { file } = await recorded(40);
    const { file: unmonitored } = await recorded(10, '--no-monitor');
    const { file: flecs4 } = await recorded(10, '--compat', 'flecs-4');
    const { host: b, base } = await start('--max-file-bytes', String(file.byteLength - 1));
    // A host holding a file stands still, so its /world and /history can be compared byte for byte.
    const { file: small } = await recorded(5);
    expect(small.byteLength).toBeLessThan(file.byteLength);
    expect((await put(base, small)).status).toBe(200);
    expect(b.app.isRunning).toBe(false);
    const before = await state(base);

    const cases: [string, Uint8Array, number, RegExp][] = [
      ['another format version', withVersion(file, HISTORY_FILE_VERSION + 1), 400, new RegExp(`format version ${HISTORY_FILE_VERSION + 1}; this host reads version ${HISTORY_FILE_VERSION}`)],
      ['a truncated file', file.subarray(0, Math.floor(file.byteLength / 2)), 400, /truncated/],
      ['a file cut inside its records', gzipSync(gunzipSync(small).subarray(0, 3000)), 400, /truncated/],
      ['a file that is not gzip', new TextEncoder().encode('{"not": "a history file"}'), 400, /not gzip-compressed/],
      ['gzip of something else', gzipSync(Buffer.from('hello, this is not a history file')), 400, new RegExp(`does not start with ${HISTORY_FILE_MAGIC}`)],
      ['an empty body', new Uint8Array(0), 400, /body is empty/],
      ['a body over the limit', file, 413, new RegExp(`larger than ${file.byteLength - 1} bytes`)],
      ['components this host does not know', unmonitored, 400, /components? this host does not know/],
      ['another dialect', flecs4, 400, /speaking flecs-4.*this host speaks contract/],
    ];
    for (const [name, body, status, message] of cases) {
      const r = await put(base, body);
      expect(r.status, name).toBe(status);
      expect(r.error, name).toMatch(message);
      // The replies are long: compared whole, reported by the case's name.
      expect(await state(base) === before, `${name}: /world and /history unchanged`).toBe(true);
      expect(b.app.isRunning, name).toBe(false);
    }
  });

  test('a bad file leaves a running host running, its recording growing from the same first frame', async () => {
    const { host, base } = await start();
    await frameReached(host, 10);
    const before = await (await fetch(`${base}/history`)).json() as { first: number; keyframes: number[] };
    const r = await put(base, gzipSync(Buffer.from('not a history file')));
    expect(r.status).toBe(400);
    const frame = host.app.frameCount;
    await frameReached(host, frame + 3);
    const after = await (await fetch(`${base}/history`)).json() as { first: number; keyframes: number[]; last: number };
    expect(after.first).toBe(before.first);
    expect(after.keyframes.slice(0, before.keyframes.length)).toEqual(before.keyframes);
    expect(after.last).toBeGreaterThanOrEqual(frame + 3);
  });
});
