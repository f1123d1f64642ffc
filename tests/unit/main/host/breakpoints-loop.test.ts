/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads replies as parsed JSON of known shape */
// Breakpoints (issue 44) through the real host with its own loop running, counted in frames: a
// breakpoint on `Fuel.value < 10` pauses after the first frame in which some ship's fuel (read
// after every frame by the test's own frame hook) is under 10, not one later; `leave` on
// `Asteroid, (ChildOf, Belt)` pauses after the frame an asteroid left the belt; a breakpoint
// created while its condition holds fires on `enter` only for entities that start matching later;
// breakpoints of one shape (`Fuel.value < 10`, `Fuel.value < 9.5`) each fire at their own frame.
// Every watch stream gets a `break` event carrying the hit. Waits are on frame hooks and hit
// listeners, never on timers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { FRAME_HEADER, Host } from '../../../../src/main/host/index';
import type { BreakpointHit } from '../../../../src/shared/breakpoints';
import { framesRan } from '../../../support/host-frames';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let host: Host | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

async function start(): Promise<{ h: Host; base: string }> {
  host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '40']), mkdtempSync(join(tmpdir(), 'pages-')));
  const base = (await host.start()).rest;
  return { h: host, base };
}

/** The next hits of any breakpoint (an event of the breakpoints, not a timer). */
function nextHits(h: Host): Promise<readonly BreakpointHit[]> {
  return new Promise((resolve) => { const off = h.breakpoints.onHit((hits) => { off(); resolve(hits); }); });
}

async function call(base: string, method: string, path: string): Promise<{ status: number; json: any; headers: Headers }> {
  const r = await fetch(`${base}${path}`, { method });
  return { status: r.status, json: await r.json(), headers: r.headers };
}

const timeControl = (paused: boolean) => `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [{ paused }] }))}`;
const setFuel = (value: number) => `?data=${encodeURIComponent(JSON.stringify({ ids: [['Fuel']], values: [{ value }] }))}`;

test('Fuel.value < 10 pauses after the first frame where some ship has less than 10, and the world stays paused', async () => {
  const { h, base } = await start();
  const w = h.world, Fuel = w.lookupSymbol('Fuel');
  const ships = Array.from({ length: 12 }, (_, i) => w.lookupSymbol(`Ship${i + 1}`));
  // After every frame (hooks run in order: the host's breakpoints first), the first frame with a ship under 10.
  let firstBelow = -1;
  const fuelAt = new Map<number, number[]>();
  h.app.onFrame(() => {
    const fuels = ships.map((s) => (w.get(s, Fuel) as { value: number }).value);
    fuelAt.set(h.app.frameCount, fuels);
    if (firstBelow < 0 && fuels.some((f) => f < 10)) firstBelow = h.app.frameCount;
  });
  const created = await call(base, 'PUT', `/breakpoint/low-fuel?q=${encodeURIComponent('Fuel.value < 10')}`);
  expect(created.status).toBe(200);
  expect(created.json.breakpoint).toMatchObject({ name: 'low-fuel', q: 'Fuel.value < 10', on: 'enter', enabled: true, hits: 0 });
  // Every ship just above 10 (written while paused, so all start the same frame): those under way burn below it within a few frames.
  expect((await call(base, 'PUT', timeControl(true))).status).toBe(200);
  for (let i = 1; i <= 12; i++) expect((await call(base, 'PUT', `/set/Ship${i}${setFuel(10.3)}`)).status).toBe(200);
  const hit = nextHits(h);
  expect((await call(base, 'PUT', timeControl(false))).status).toBe(200);
  const [first] = await hit;
  expect(first!.breakpoint).toBe('low-fuel');
  expect(first!.frame).toBe(firstBelow);
  const below = fuelAt.get(firstBelow)!.flatMap((f, i) => (f < 10 ? [`Ship${i + 1}`] : []));
  expect([...first!.entities].sort()).toEqual(below.sort());
  // Paused at the end of that frame: later frames run no systems, so no fuel moves.
  await framesRan(h, 5);
  expect(fuelAt.get(h.app.frameCount)).toEqual(fuelAt.get(firstBelow));
  const listed = await call(base, 'GET', '/breakpoints');
  expect(listed.json.breakpoints[0]).toMatchObject({ name: 'low-fuel', hits: 1, last_hit: { frame: firstBelow, on: 'enter' } });
  expect(listed.json.last_hit).toEqual(listed.json.breakpoints[0].last_hit);
  expect((await call(base, 'GET', '/entity/ecs/core/World?values=true')).json.values.some((v: any) => v?.paused === true)).toBe(true);
});

test('breakpoints of one shape with their own thresholds each pause at the first frame some ship goes under its threshold', async () => {
  // Queries differing only in their numbers are looked at together (one look when no value
  // crossed any of their thresholds); each must still fire at its own frame.
  const { h, base } = await start();
  const w = h.world, Fuel = w.lookupSymbol('Fuel');
  const ships = Array.from({ length: 12 }, (_, i) => w.lookupSymbol(`Ship${i + 1}`));
  const thresholds = [10, 9.75, 9.5, 9.25];
  let armed = false;
  const fuelAt = new Map<number, number[]>();
  h.app.onFrame(() => { if (armed) fuelAt.set(h.app.frameCount, ships.map((s) => (w.get(s, Fuel) as { value: number }).value)); });
  for (const t of thresholds) expect((await call(base, 'PUT', `/breakpoint/under-${t}?q=${encodeURIComponent(`Fuel.value < ${t}`)}`)).status).toBe(200);
  expect((await call(base, 'PUT', `/breakpoint/never?q=${encodeURIComponent('Fuel.value<-5')}`)).status).toBe(200);
  expect((await call(base, 'PUT', timeControl(true))).status).toBe(200);
  for (let i = 1; i <= 12; i++) expect((await call(base, 'PUT', `/set/Ship${i}${setFuel(10.3)}`)).status).toBe(200);
  armed = true;
  // Continue after every hit until each threshold has hit once.
  const firsts = new Map<string, BreakpointHit>();
  while (firsts.size < thresholds.length) {
    const next = nextHits(h);
    expect((await call(base, 'PUT', timeControl(false))).status).toBe(200);
    for (const hit of await next) if (!firsts.has(hit.breakpoint)) firsts.set(hit.breakpoint, hit);
  }
  expect(firsts.has('never')).toBe(false);
  for (const t of thresholds) {
    const [frame, fuels] = [...fuelAt].find(([, f]) => f.some((v) => v < t))!;
    const hit = firsts.get(`under-${t}`)!;
    expect(hit.frame, `Fuel.value < ${t}`).toBe(frame);
    expect([...hit.entities].sort(), `Fuel.value < ${t}`).toEqual(fuels.flatMap((v, i) => (v < t ? [`Ship${i + 1}`] : [])).sort());
  }
});

test('leave on Asteroid, (ChildOf, Belt) pauses after the frame the asteroid left, and watches get a break event', async () => {
  const { h, base } = await start();
  const events: { event: string; data: string; id?: string | number }[] = [];
  const sub = h.watches.open({ method: 'GET', url: '/watch/query?q=Planet', headers: {} }, {
    backedUp: false, bytesWritten: 0, write(event, data, id) { events.push({ event, data, id }); },
  });
  expect('closed' in sub).toBe(true);
  expect((await call(base, 'PUT', `/breakpoint/belt?q=${encodeURIComponent('Asteroid, (ChildOf, Belt)')}&on=leave`)).status).toBe(200);
  const w = h.world, belt = w.lookupSymbol('Belt');
  const rock = w.childrenOf(belt).find((e) => w.ownsId(e, w.lookupSymbol('Asteroid')))!;
  const hit = nextHits(h);
  // Moved to the Sun: the write lands between frames; the header says after which frame.
  const moved = await call(base, 'PUT', `/set/${rock}?data=${encodeURIComponent(JSON.stringify({ ids: [['ChildOf', 'Sun']] }))}`);
  expect(moved.status).toBe(200);
  const landedAfter = Number(moved.headers.get(FRAME_HEADER));
  const [first] = await hit;
  expect(first).toMatchObject({ breakpoint: 'belt', on: 'leave', frame: landedAfter + 1, ids: [rock], entities: [w.pathOf(rock)] });
  const breaks = events.filter((e) => e.event === 'break');
  expect(breaks).toHaveLength(1);
  expect(JSON.parse(breaks[0]!.data)).toEqual({ hits: [first] });
  expect(String(breaks[0]!.id).split('@')[0]).toBe(String(landedAfter + 1));
  if ('closed' in sub) sub.closed();
});

test('created while its condition holds: enter fires only for an entity that starts matching later; once disables it', async () => {
  const { h, base } = await start();
  expect((await call(base, 'PUT', `/set/Ship2${setFuel(30)}`)).status).toBe(200);
  expect((await call(base, 'PUT', `/breakpoint/half?q=${encodeURIComponent('Fuel.value < 50')}&once=true`)).status).toBe(200);
  let hits = 0;
  h.breakpoints.onHit(() => { hits++; });
  await framesRan(h, 10);
  expect(hits).toBe(0);
  const hit = nextHits(h);
  expect((await call(base, 'PUT', `/set/Ship7${setFuel(20)}`)).status).toBe(200);
  const [first] = await hit;
  expect(first!.entities).toEqual(['Ship7']);
  const listed = (await call(base, 'GET', '/breakpoints')).json.breakpoints[0];
  expect(listed).toMatchObject({ name: 'half', once: true, enabled: false, hits: 1 });
});

test('bad input and the frame budget: clear refusals, nothing created', async () => {
  const { base } = await start();
  const put = (name: string, q: string, extra = '') => call(base, 'PUT', `/breakpoint/${name}?q=${encodeURIComponent(q)}${extra}`);
  expect((await put('a', 'Fuel.valu < 3')).json.error).toContain(`'Fuel' has no member 'valu'`);
  expect((await put('a', 'Position(Sun)')).json.error).toContain('never uses $this');
  expect((await put('a', 'Planet', '&on=sometimes')).status).toBe(400);
  expect((await put('a', 'Planet', '&path=Nowhere')).status).toBe(404);
  expect((await put('bad name!', 'Planet')).status).toBe(400);
  expect((await call(base, 'PUT', '/breakpoint/ghost?enabled=false')).status).toBe(404);
  expect((await call(base, 'DELETE', '/breakpoint/ghost')).status).toBe(404);
  // Replacing says so; deleting removes it.
  expect((await put('p', 'Planet')).json.replaced).toBeUndefined();
  const replaced = (await put('p', 'Moon', '&on=leave')).json;
  expect(replaced.message).toBe(`breakpoint 'p' replaced: it was on enter of 'Planet', its 0 hits are dropped`);
  expect(replaced.replaced).toMatchObject({ q: 'Planet' });
  expect((await call(base, 'DELETE', '/breakpoint/p')).status).toBe(200);
  // Each of these costs the same (647 steps on this world; different texts, so none shares
  // another's evaluation): they fill the frame's budget, then one is refused.
  let n = 0, refusal: any;
  for (; n < 100; n++) {
    const r = await put(`all${n}`, `Position, !{ Position.y > ${100 + n} }`);
    if (r.status !== 200) { refusal = r; break; }
  }
  expect(n).toBeGreaterThan(0);
  expect(refusal.status).toBe(400);
  expect(refusal.json.error).toMatch(/^cannot be evaluated within the per-frame watch budget: it needs \d+ evaluation steps, and the enabled breakpoints already take \d+ of the 25000 a frame has/);
  expect((await call(base, 'GET', '/breakpoints')).json.breakpoints).toHaveLength(n);
});

test('at_hit says the world stands at the hit; after a restore to the frame before it, stepping on hits again', async () => {
  const { h, base } = await start();
  expect((await call(base, 'PUT', `/breakpoint/low?q=${encodeURIComponent('Fuel.value < 10')}`)).status).toBe(200);
  expect((await call(base, 'GET', '/breakpoints')).json.at_hit).toBe(false);
  expect((await call(base, 'PUT', timeControl(true))).status).toBe(200);
  for (let i = 1; i <= 12; i++) expect((await call(base, 'PUT', `/set/Ship${i}${setFuel(10.3)}`)).status).toBe(200);
  const hit = nextHits(h);
  expect((await call(base, 'PUT', timeControl(false))).status).toBe(200);
  const [first] = await hit;
  // Paused frames go on running (no systems): the world still stands at the hit.
  await framesRan(h, 3);
  expect((await call(base, 'GET', '/breakpoints')).json).toMatchObject({ at_hit: true, last_hit: { frame: first!.frame } });
  const restored = await call(base, "PUT", `/history/restore?frame=${first!.frame - 1}`);
  expect(restored.status, JSON.stringify(restored.json)).toBe(200);
  expect((await call(base, 'GET', '/breakpoints')).json.at_hit).toBe(false);
  // The restored world is the baseline: stepping on makes the ships go under 10 again. A step is one
  // tick of the target rate (1/60 s), while the frame that first hit had the loop's measured delta
  // (up to 0.25 s on a busy machine), so it may take a few steps: the hit pauses the world and drops the rest.
  const again = nextHits(h);
  const step = `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [{ step: 600 }] }))}`;
  expect((await call(base, 'PUT', step)).status).toBe(200);
  const [second] = await again;
  // Paused frames after the restore count too, so the step's frame number is later than the first hit's.
  expect(second!.breakpoint).toBe('low');
  expect(second!.frame).toBeGreaterThanOrEqual(first!.frame);
  expect(second!.entities.length).toBeGreaterThan(0);
  expect((await call(base, 'GET', '/breakpoints')).json.at_hit).toBe(true);
  // The hit paused the world and dropped the steps left.
  await framesRan(h, 2);
  const world = (await call(base, 'GET', '/entity/ecs/core/World?values=true')).json as { ids: string[][]; values: { paused?: boolean; step?: number }[] };
  expect(world.values[world.ids.findIndex((id) => id[0] === 'ecs.app.TimeControl')]).toMatchObject({ paused: true, step: 0 });
});

test('a member no system writes (Shape.kind) fires at the frame a value is written over REST, and by an observer', async () => {
  // No system's query has Shape: its column is not looked at in frames where nothing wrote it,
  // so each way of writing a value must be seen by the breakpoints.
  const { h, base } = await start();
  const w = h.world, belt = w.lookupSymbol('Belt'), Shape = w.lookupSymbol('Shape');
  const rocks = w.childrenOf(belt).filter((e) => w.ownsId(e, w.lookupSymbol('Asteroid')));
  expect((await call(base, 'PUT', `/breakpoint/box?q=${encodeURIComponent('Shape.kind == Box')}`)).status).toBe(200);
  await framesRan(h, 3);
  const toBox = `?data=${encodeURIComponent(JSON.stringify({ ids: [['Shape']], values: [{ kind: 'Box' }] }))}`;
  let hit = nextHits(h);
  const set = await call(base, 'PUT', `/set/${rocks[0]}${toBox}`);
  expect(set.status).toBe(200);
  let [first] = await hit;
  expect(first).toMatchObject({ breakpoint: 'box', on: 'enter', frame: Number(set.headers.get(FRAME_HEADER)) + 1, ids: [rocks[0]] });
  // An observer's write: a tag added over REST makes it set the rock's shape.
  const Boxed = w.tag('Boxed');
  w.observe(Boxed, 'add', (e) => { w.set(e, Shape, { kind: 'Box' }); });
  expect((await call(base, 'PUT', timeControl(false))).status).toBe(200);
  await framesRan(h, 3);
  hit = nextHits(h);
  const tagged = await call(base, 'PUT', `/set/${rocks[1]}?data=${encodeURIComponent(JSON.stringify({ ids: [['Boxed']] }))}`);
  expect(tagged.status).toBe(200);
  [first] = await hit;
  expect(first).toMatchObject({ breakpoint: 'box', frame: Number(tagged.headers.get(FRAME_HEADER)) + 1, ids: [rocks[1]] });
});
