// A breakpoint's pause in the history, through the real host with its own loop running: the hit
// frame is the last frame whose systems ran (every frame recorded after it stood still), at= of the
// hit frame reads the values that fired it, and after a restore to an earlier frame and a resume
// every new frame reads back with at= exactly as the live host showed it, the frames up to the
// restored one as they were. Waits are on frame hooks and hit listeners, never on timers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import type { BreakpointHit } from '../../../../src/shared/breakpoints';
import { KEYFRAME_INTERVAL, verifyReplay } from '../../../../src/shared/history';
import { frameReached } from '../../../support/host-frames';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let host: Host | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

/** The next hits of any breakpoint (an event of the breakpoints, not a timer). */
function nextHits(h: Host): Promise<readonly BreakpointHit[]> {
  return new Promise((resolve) => { const off = h.breakpoints.onHit((hits) => { off(); resolve(hits); }); });
}

async function text(base: string, path: string, method = 'GET'): Promise<string> {
  const r = await fetch(base + path, { method });
  expect(r.status, `${method} ${path}: ${r.status === 200 ? "" : await r.clone().text()}`).toBe(200);
  return r.text();
}

const timeControl = (paused: boolean) => `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [{ paused }] }))}`;
const setFuel = (value: number) => `?data=${encodeURIComponent(JSON.stringify({ ids: [['Fuel']], values: [{ value }] }))}`;
/** Every ship's fuel and place: what the breakpoint looks at and what moves while the systems run. */
const SHIPS = '/query?q=Fuel%2C%20Position&values=true&limit=1000';
const LOW = `/query?q=${encodeURIComponent('Fuel.value < 10')}&limit=1000`;

test('a breakpoint pause: the hit frame is the last that ran, at= reads what fired it, a restore and resume run on exactly', async () => {
  host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '20', '--history', '30']), mkdtempSync(join(tmpdir(), 'pages-')));
  const h = host;
  // What the live host showed after each frame.
  const seen = new Map<number, string>();
  h.app.onFrame((_s, app) => seen.set(app.frameCount, h.router.route('GET', SHIPS).body));
  const base = (await h.start()).rest;

  await text(base, `/breakpoint/low-fuel?q=${encodeURIComponent('Fuel.value < 10')}`, 'PUT');
  await text(base, timeControl(true), 'PUT');
  for (let i = 1; i <= 12; i++) await text(base, `/set/Ship${i}${setFuel(10.3)}`, 'PUT');
  const hits = nextHits(h);
  await text(base, timeControl(false), 'PUT');
  const [hit] = await hits;
  const H = hit!.frame;
  await frameReached(h, H + 5);

  // The hit frame is the last that ran: every frame recorded after it stood still.
  const history = JSON.parse(await text(base, '/history')) as { first: number; last: number };
  expect(history.last).toBeGreaterThanOrEqual(H + 5);
  const after = [];
  for (let f = H + 1; f <= history.last; f++) after.push(h.history!.recording.frameRecord(f)!.simulated);
  expect(after.every((ran) => !ran)).toBe(true);
  expect(h.history!.recording.frameRecord(H)!.simulated).toBe(true);
  expect(await text(base, `${SHIPS}&at=${history.last}`)).toBe(seen.get(H));
  expect(await text(base, `${SHIPS}&at=${H - 1}`)).not.toBe(seen.get(H));
  // at= of the hit frame reads the values that fired it.
  expect(await text(base, `${SHIPS}&at=${H}`)).toBe(seen.get(H));
  const low = JSON.parse(await text(base, `${LOW}&at=${H}`)) as { results: { entities: string[] }[] };
  expect(low.results.flatMap((r) => r.entities).sort()).toEqual([...hit!.entities].sort());
  expect(JSON.parse(await text(base, `${LOW}&at=${H - 1}`))).toEqual({ results: [] });

  // Back to an earlier frame, then on: every new frame reads back as the live host showed it.
  const E = Math.max(history.first, H - 12);
  const before = new Map(seen);
  await text(base, `/history/restore?frame=${E}`, 'PUT');
  expect(await text(base, SHIPS)).toBe(before.get(E));
  const again = nextHits(h);
  await text(base, timeControl(false), 'PUT');
  const [second] = await again;
  await frameReached(h, second!.frame + 2);
  const last = (JSON.parse(await text(base, '/history')) as { last: number }).last;
  const differ: number[] = [];
  for (let f = history.first; f <= last; f++) {
    const expected = f <= E ? before.get(f) : seen.get(f);
    if (expected !== undefined && await text(base, `${SHIPS}&at=${f}`) !== expected) differ.push(f);
  }
  expect(differ).toEqual([]);
  // The new run is its own: it hit again, after the restored frame.
  expect(second!.frame).toBeGreaterThan(E);
  expect(last - history.first).toBeGreaterThan(E - history.first + 2);
});

/** Whether the World's ecs.app.TimeControl says paused, in an entity reply with values. */
function pausedIn(body: string): boolean {
  const e = JSON.parse(body) as { ids: string[][]; values: { paused?: boolean }[] };
  return e.values[e.ids.findIndex((id) => id[0] === 'ecs.app.TimeControl')]!.paused === true;
}

test('a breakpoint that hits on a keyframe\'s frame: the recording replays exactly, and at= of that frame reads the world paused, as the live host showed it', async () => {
  host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '20', '--history', '30']), mkdtempSync(join(tmpdir(), 'pages-')));
  const h = host;
  const WORLD = '/entity/ecs/core/World?values=true';
  // The World as the live host showed it after each frame (its hooks have all run by the next one).
  const seen = new Map<number, string>();
  h.app.onFrame((_s, app) => { const f = app.frameCount; queueMicrotask(() => seen.set(f, h.router.route('GET', WORLD).body)); });
  const base = (await h.start()).rest;
  await text(base, `/breakpoint/low-fuel?q=${encodeURIComponent('Fuel.value < 10')}&path=Ship1`, 'PUT');
  await frameReached(h, 2);

  // The write lands right after frame K - 1 (between frames, as a request does), so the hit is at K,
  // the frame the next keyframe is taken after (a hit there did not replay: the pause was recorded
  // as an input of the next frame, and the keyframe was taken paused).
  const segments = h.history!.recording.segments;
  const K = segments[segments.length - 1]!.frame + KEYFRAME_INTERVAL;
  await frameReached(h, K - 1);
  expect(h.app.frameCount).toBe(K - 1);
  const hits = nextHits(h);
  // Through the router itself, as a request is answered, but without running a frame that fell due first.
  expect(h.router.route('PUT', `/set/Ship1${setFuel(5)}`).status).toBe(200);
  const [hit] = await hits;
  expect(hit!.frame).toBe(K);
  await frameReached(h, K + 3);
  expect(h.history!.recording.segments.map((s) => s.frame)).toContain(K);

  // Every stretch replays to its next keyframe, the one taken after the hit included.
  expect(verifyReplay(h.history!)).toMatchObject({ ok: true });
  // The hit frame read back: paused, as it showed live once the frame had run; the frame before, running.
  expect(pausedIn(seen.get(K)!)).toBe(true);
  expect(pausedIn(await text(base, `${WORLD}&at=${K}`))).toBe(true);
  expect(pausedIn(await text(base, `${WORLD}&at=${K - 1}`))).toBe(false);
  // And the file of this recording opens (it is tried on the replica frame by frame).
  const file = await fetch(`${base}/history/export`);
  expect(file.status).toBe(200);
  const opened = await fetch(`${base}/history/import`, { method: 'PUT', body: new Uint8Array(await file.arrayBuffer()) });
  expect(opened.status, await opened.clone().text()).toBe(200);
});
