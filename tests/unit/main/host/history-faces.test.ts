// Every outside write is an input of the history, whichever face of the host it came through: the
// root (the host's dialect: the contract, --compat flecs-3.2 or flecs-4) and a --compat host's
// contract face under /contract (its explorer and MCP). Real hosts with their clocks running: a
// write over HTTP moves a ship, and every recorded frame read back with at= is the world the live
// host showed after that frame (a replay that missed the write would leave the ship where it was).
// The frames are compared by a query of every entity with a Position, values included.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { verifyReplay } from '../../../../src/shared/history';
import { frameReached } from '../../../support/host-frames';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let host: Host | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

/** Every entity with a Position and its values: what the write changes and the systems move on from. */
const MOVING = '/query?q=Position&values=true&limit=10000';

const position = (x: number) => encodeURIComponent(JSON.stringify({ ids: [['Position']], values: [{ x }] }));

/** One face of one kind of host, and the write that moves Ship3 through it. */
interface FaceCase { name: string; compat: string[]; write: (x: number) => string }

const CASES: FaceCase[] = [
  { name: 'the root of a contract host', compat: [], write: (x) => `/set/Ship3?data=${position(x)}` },
  { name: 'the root of a --compat flecs-3.2 host', compat: ['--compat', 'flecs-3.2'], write: (x) => `/set/Ship3?data=${position(x)}` },
  { name: 'the contract face of a --compat flecs-3.2 host', compat: ['--compat', 'flecs-3.2'], write: (x) => `/contract/set/Ship3?data=${position(x)}` },
  { name: 'the root of a --compat flecs-4 host', compat: ['--compat', 'flecs-4'], write: (x) => `/component/Ship3?component=Position&value=${encodeURIComponent(JSON.stringify({ x }))}` },
  { name: 'the contract face of a --compat flecs-4 host', compat: ['--compat', 'flecs-4'], write: (x) => `/contract/set/Ship3?data=${position(x)}` },
];

describe('outside writes are recorded whichever face they came through', () => {
  test.each(CASES)('a write through $name replays exactly', async ({ compat, write }) => {
    const options = parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '20', '--fps', '30', '--history', '30', ...compat]);
    host = new Host(options, mkdtempSync(join(tmpdir(), 'pages-')));
    const h = host;
    // What the live host showed after each frame, in the contract (every host has it under /contract).
    const seen = new Map<number, string>();
    h.app.onFrame((_s, app) => seen.set(app.frameCount, h.faces.contract.router.route('GET', MOVING).body));
    // Frame 0 is the world as the host starts (no frame hook has run).
    seen.set(0, h.faces.contract.router.route('GET', MOVING).body);
    const base = (await h.start()).rest;
    await frameReached(h, 10);

    const put = await fetch(base + write(-4321.5), { method: 'PUT' });
    expect(put.status, await put.clone().text()).toBe(200);
    const landed = Number(put.headers.get('ECS-Frame'));
    await frameReached(h, landed + 40);
    // The write moved the ship: the frame after it shows the new place (so the check below can tell).
    expect(/"x":-432\d\./.test(seen.get(landed + 1)!), 'Ship3 at x -432x after the write').toBe(true);

    const history = await (await fetch(`${base}/history`)).json() as { first: number; last: number; writes: [number, number][] };
    expect(history.writes).toContainEqual([landed + 1, 1]);
    const differ: number[] = [];
    for (let f = history.first; f <= history.last; f++) {
      const past = await fetch(`${base}/contract${MOVING}&at=${f}`);
      expect(past.status).toBe(200);
      if (await past.text() !== seen.get(f)) differ.push(f);
    }
    // Every frame read back as it was live (a reply is too long to print: the frames that differ are named).
    expect(differ).toEqual([]);
    expect(verifyReplay(h.history!)).toEqual({ ok: true, frames: expect.any(Number) });
  });
});
