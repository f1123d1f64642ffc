// --replay <file> through the built plain-Node host (out/main/ecs-live.js; `npx electron-vite
// build` first): the host builds the world the file names (its seed, asteroids, fps, dialect and
// title), opens the file at its first frame, paused, and reads every frame of it as the recording
// host did; a restore goes on from a frame. A file it cannot open stops it with the reason, and
// --help lists the option.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { runHost, spawnHost, stopAllHosts } from '../../../support/spawn-host';
import { frameReached } from '../../../support/host-frames';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });

let recorder: Host | undefined;
afterEach(async () => {
  await stopAllHosts();
  await recorder?.stop();
  recorder = undefined;
});

const SHIPS = '/query?q=Fuel%2C%20Position&values=true&limit=1000';

describe('--replay <file>', () => {
  test('opens a recording in a fresh host process: the file\'s world and dialect, its first frame paused, every frame as recorded, restore', async () => {
    recorder = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '30', '--seed', '5', '--fps', '30', '--title', 'recorded-world', '--compat', 'flecs-3.2']), mkdtempSync(join(tmpdir(), 'pages-')));
    const a = (await recorder.start()).rest;
    await frameReached(recorder, 20);
    const w = await fetch(`${a}/set/Ship4?data=${encodeURIComponent(JSON.stringify({ ids: [['Fuel']], values: [{ value: 3 }] }))}`, { method: 'PUT' });
    expect(w.status).toBe(200);
    await frameReached(recorder, 60);
    const recorded = await (await fetch(`${a}/history`)).json() as { first: number; last: number };
    const file = join(mkdtempSync(join(tmpdir(), 'history-')), 'recording.gz');
    writeFileSync(file, new Uint8Array(await (await fetch(`${a}/history/export`)).arrayBuffer()));

    const b = await spawnHost(['--replay', file]);
    expect(b.output()).toMatch(/ecs-live "recorded-world" running at 30 fps/);
    const opened = await (await fetch(`${b.url}/history`)).json() as { first: number; last: number; frame: number };
    expect(opened).toMatchObject({ first: recorded.first, frame: recorded.first });
    expect(opened.last).toBeGreaterThanOrEqual(recorded.last);
    expect(await (await fetch(`${b.url}/entity/flecs/core/World?values=true`)).text()).toContain('"paused":true');
    // In the file's dialect: the banner's contract line (printed after the REST line the start waits for) says what the root speaks.
    await expect.poll(() => b.output(), { timeout: 30_000 }).toMatch(/the root speaks flecs-3\.2/);
    // Every frame reads as the recording host reads it, in its dialect (the root) and in the contract.
    for (let f = recorded.first; f <= recorded.last; f += 5) {
      for (const face of ['', '/contract']) {
        expect(await (await fetch(`${b.url}${face}${SHIPS}&at=${f}`)).text(), `${face} frame ${f}`).toBe(await (await fetch(`${a}${face}${SHIPS}&at=${f}`)).text());
      }
    }
    const frame = recorded.first + 40;
    expect((await fetch(`${b.url}/history/restore?frame=${frame}`, { method: 'PUT' })).status).toBe(200);
    expect(await (await fetch(`${b.url}${SHIPS}`)).text()).toBe(await (await fetch(`${a}${SHIPS}&at=${frame}`)).text());
  });

  test('a file it cannot open stops the host with the reason; --help lists the option', async () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'history-')), 'notes.txt');
    writeFileSync(bad, 'not a recording');
    const r = await runHost(['--replay', bad]);
    expect(r.code).not.toBe(0);
    expect(r.output).toMatch(/option '--replay <file>': cannot open .*notes\.txt: not a history file: it is not gzip-compressed/);
    const help = await runHost(['--help']);
    expect(help.output).toMatch(/--replay <file>\s+open a history file/);
    expect(help.output).toMatch(/--max-file-bytes <n>/);
  });
});
