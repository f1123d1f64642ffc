// History files beside a running loop: real hosts with their clocks running write a file of a
// filled window (GET /history/export) and read one (PUT /history/import) while frames keep
// running and reads are answered — frames run between the moment the host takes the request and
// the moment its reply is ready, and GET /history and GET /world sent meanwhile are answered with
// the frame count still rising. The file made that way opens in a fresh host: the same frames, and
// exported again, the same bytes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { readHistoryFileHeader } from '../../../../src/shared/history';
import { frameReached } from '../../../support/host-frames';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });

// 3,000 asteroids (the size) and a 10 s window at 60 fps: 600 frames, 6 keyframes.
const ARGS = ['--asteroids', '3000', '--fps', '60', '--history', '10'];

const hosts: Host[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const h of hosts.splice(0)) await h.stop();
});

async function start(): Promise<{ host: Host; base: string }> {
  const host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', ...ARGS]), mkdtempSync(join(tmpdir(), 'pages-')));
  hosts.push(host);
  return { host, base: (await host.start()).rest };
}

/** What happened while the host made one file reply: frames run from taking the request to the reply ready. */
interface During { taken: number; framesRan: number; settled: boolean }

/**
 * Watches the host's history file work of kind `name`: the frame count when the request is taken
 * (the router calls the history) and the frames the loop runs until its reply is ready.
 */
function watchFileWork(host: Host, name: 'exportFileLater' | 'importFileLater'): During {
  const h = host.history!;
  const seen: During = { taken: -1, framesRan: 0, settled: false };
  const off = host.app.onFrame(() => { if (seen.taken >= 0 && !seen.settled) seen.framesRan++; });
  const original = h[name].bind(h) as (arg: never) => Promise<unknown>;
  vi.spyOn(h, name).mockImplementation(((arg: never) => {
    seen.taken = host.app.frameCount;
    const work = original(arg);
    const settle = () => { seen.settled = true; off(); };
    work.then(settle, settle);
    return work;
  }) as never);
  return seen;
}

/** Frames `during` had counted when the host finished inflating an upload (before reading and trying it). */
function inflatedAt(host: Host, during: During): { framesRan: number } {
  const file = host.history!.options.file!;
  const original = file.decompressLater.bind(file);
  const at = { framesRan: -1 };
  vi.spyOn(file, 'decompressLater').mockImplementation((bytes) => original(bytes).then((raw) => { at.framesRan = during.framesRan; return raw; }));
  return at;
}

/**
 * Sends GET /history (and GET /world until one is answered: at 3,000 asteroids it is a large
 * reply) until `work`, a request to the same host, is answered; returns its response and, of the
 * reads answered before it, the frames GET /history reported and how many GET /world were answered.
 */
async function readWhile(base: string, work: Promise<Response>): Promise<{ response: Response; frames: number[]; worlds: number }> {
  let answered = false;
  void work.then(() => { answered = true; }, () => { answered = true; });
  const frames: number[] = [];
  let worlds = 0;
  while (!answered) {
    const h = await (await fetch(`${base}/history`)).json() as { frame: number };
    if (answered) break;
    frames.push(h.frame);
    if (worlds > 0) continue;
    const w = await fetch(`${base}/world`);
    const text = await w.text();
    if (!answered && w.status === 200 && text.startsWith('{')) worlds++;
  }
  return { response: await work, frames, worlds };
}

describe('history files beside the running loop', () => {
  test('a filled window is exported and imported while frames run and reads are answered; the file round-trips', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    // The window filled: 600 frames and more.
    await frameReached(a.host, 660);
    // Frames the file will hold, as the exporting host reads them now.
    const { last } = await (await fetch(`${a.base}/history`)).json() as { last: number };
    const sample = [last - 400, last - 250, last - 31, last];
    const q = (f: number) => `/query?q=Position,Velocity&values=true&limit=10000&at=${f}`;
    const theirs = await Promise.all(sample.map(async (f) => (await fetch(a.base + q(f))).text()));

    const exporting = watchFileWork(a.host, 'exportFileLater');
    const exported = await readWhile(a.base, fetch(`${a.base}/history/export`));
    expect(exported.response.status).toBe(200);
    const file = new Uint8Array(await exported.response.arrayBuffer());
    const header = readHistoryFileHeader(gunzipSync(file));
    // The file holds the recording as it stood when the request was taken...
    expect(header.last).toBe(exporting.taken);
    expect(header.last - header.first).toBeGreaterThanOrEqual(600);
    expect(header.last).toBeGreaterThanOrEqual(last);
    // ...and the loop went on while it was written: frames ran, reads saw the count rise past it.
    expect(exporting.settled).toBe(true);
    expect(exporting.framesRan).toBeGreaterThan(0);
    expect(Math.max(...exported.frames)).toBeGreaterThan(exporting.taken);
    expect(exported.worlds).toBeGreaterThan(0);

    await frameReached(b.host, 30);
    const importing = watchFileWork(b.host, 'importFileLater');
    const inflated = inflatedAt(b.host, importing);
    const imported = await readWhile(b.base, fetch(`${b.base}/history/import`, { method: 'PUT', body: Buffer.from(file) }));
    expect(imported.response.status).toBe(200);
    expect(await imported.response.json()).toEqual({ first: header.first, last: header.last, frame: header.first });
    expect(importing.settled).toBe(true);
    // Frames ran while it was read and tried on the replica too, not only while zlib inflated it.
    expect(inflated.framesRan).toBeGreaterThanOrEqual(0);
    expect(importing.framesRan).toBeGreaterThan(inflated.framesRan);
    expect(Math.max(...imported.frames)).toBeGreaterThan(importing.taken);
    expect(imported.worlds).toBeGreaterThan(0);

    // Opened: the same frames, and exported again, the same bytes.
    for (const [i, f] of sample.entries()) expect(await (await fetch(b.base + q(f))).text(), `frame ${f}`).toBe(theirs[i]);
    const again = await fetch(`${b.base}/history/export`);
    expect(again.status).toBe(200);
    // Compared as buffers: a deep equality of 3.7 million elements takes half a minute.
    expect(Buffer.from(await again.arrayBuffer()).equals(file), 'the same bytes').toBe(true);
  });
});
