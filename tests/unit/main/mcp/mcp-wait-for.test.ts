// wait_for through the SDK's own client, frames run by hand and counted: it returns on a change
// made by a REST write (the frame after the write, with before, after and the delta), an entity
// starting to match, a clear timeout after exactly N frames when nothing changes, the REST
// message on bad input. It holds one watch while it waits (the watch feeds, not a poll) and
// releases it when done.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { FRAME_HEADER } from '../../../../src/main/host/index';
import { MAX_RESULT_CHARS, WAIT_DEFAULT_FRAMES, WAIT_MAX_FRAMES } from '../../../../src/main/mcp';
import { call, McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const h = new McpHarness();
afterEach(() => h.close());

/** PUT a REST write; gives the frame count the host reports it landed in. */
async function put(base: string, target: string): Promise<number> {
  const r = await fetch(`${base}${target}`, { method: 'PUT' });
  expect(r.status).toBe(200);
  return Number(r.headers.get(FRAME_HEADER));
}

describe('wait_for', () => {
  test('a query result changed by a REST write: returned at the next frame with before, after and the delta', async () => {
    const base = await h.start();
    const c = await h.connect(base);
    // Some frames before the call; the loop is stopped, so none runs between this count and the call.
    for (let i = 0; i < 2; i++) h.host!.app.step(1 / 60);
    const called = h.host!.app.frameCount;
    expect(called).toBeGreaterThan(0);
    const waiting = call(c, 'wait_for', { q: 'Planet', timeout_frames: 50 });
    // The call has taken its "before" once its watch is open.
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    for (let i = 0; i < 3; i++) h.host!.app.step(1 / 60);
    const landed = await put(base, '/disable/Sun/Earth');
    await h.stepUntil(waiting);
    const r = await waiting;
    expect(r.isError).toBe(false);
    expect(r.json).toMatchObject({ changed: true, frame: landed + 1, frames: landed + 1 - called });
    // Every row fits: nothing says it was cut.
    expect(r.json.before).not.toHaveProperty('results_shown');
    expect(r.json.after).not.toHaveProperty('results_shown');
    expect(r.json.before.count).toBe(8);
    expect(r.json.after.count).toBe(7);
    expect(JSON.stringify(r.json.before)).toContain('Earth');
    expect(JSON.stringify(r.json.after)).not.toContain('Earth');
    expect(r.json.delta).toBeDefined();
    expect(h.host!.watches.watcherCount).toBe(0);
  });

  test('an entity starting to match (path): before false, after true', async () => {
    const base = await h.start();
    const c = await h.connect(base);
    // Sun.Mars has no Velocity: it starts matching once one is set.
    const waiting = call(c, 'wait_for', { q: 'Position, Velocity', path: 'Sun.Mars', timeout_frames: 50 });
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    const data = encodeURIComponent(JSON.stringify({ ids: [['Velocity']], values: [{ x: 0, y: 0, z: 0 }] }));
    const landed = await put(base, `/set/Sun/Mars?data=${data}`);
    await h.stepUntil(waiting);
    expect((await waiting).json).toEqual({ changed: true, frame: landed + 1, frames: expect.any(Number), before: { matches: false }, after: { matches: true } });
    expect(h.host!.watches.watcherCount).toBe(0);
  });

  test('nothing changes: a timeout result after exactly N frames', async () => {
    const c = await h.connect(await h.start());
    const waiting = call(c, 'wait_for', { q: 'Planet', timeout_frames: 7 });
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    const ran = await h.stepUntil(waiting);
    expect(ran).toBe(7);
    const r = await waiting;
    expect(r.json).toMatchObject({ changed: false, frames: 7, reason: 'no change in 7 frames' });
    // The result as it stands, whole.
    expect(r.json.now).toEqual(JSON.parse(h.host!.router.route('GET', '/query?q=Planet&count=true').body));
    // The same for one entity that keeps not matching while the planets move.
    const one = call(c, 'wait_for', { q: 'Position, Velocity', path: 'Sun.Earth', timeout_frames: 4 });
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    expect(await h.stepUntil(one)).toBe(4);
    expect((await one).json).toEqual({ changed: false, frames: 4, reason: 'no change in 4 frames', now: { matches: false } });
  });

  test(`no timeout given: it gives up after the default ${WAIT_DEFAULT_FRAMES} frames`, async () => {
    const c = await h.connect(await h.start());
    const waiting = call(c, 'wait_for', { q: 'Planet' });
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    expect(await h.stepUntil(waiting, WAIT_DEFAULT_FRAMES + 10)).toBe(WAIT_DEFAULT_FRAMES);
    expect((await waiting).json).toMatchObject({ changed: false, frames: WAIT_DEFAULT_FRAMES });
  });

  test('path: a change of the query that leaves the entity matching as it was does not end the wait', async () => {
    const base = await h.start();
    const c = await h.connect(base);
    const waiting = call(c, 'wait_for', { q: 'Planet', path: 'Sun.Mars', timeout_frames: 5 });
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    h.host!.app.step(1 / 60);
    // Earth leaves Planet; Mars still matches.
    await put(base, '/disable/Sun/Earth');
    expect(await h.stepUntil(waiting)).toBe(4);
    expect((await waiting).json).toEqual({ changed: false, frames: 5, reason: 'no change in 5 frames', now: { matches: true } });
  });

  test('a change too long for one result: the same rows of before and after, as many as fit, in whole JSON', async () => {
    const base = await h.start('--asteroids', '300');
    const c = await h.connect(base);
    // One row per entity ($x), with values: every asteroid moves each frame, so the next frame changes them all.
    const waiting = call(c, 'wait_for', { q: 'Position, Velocity, $this == $x', values: true, timeout_frames: 50 });
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    await h.stepUntil(waiting);
    const r = await waiting;
    expect(r.isError).toBe(false);
    expect(r.text.length).toBeLessThanOrEqual(MAX_RESULT_CHARS);
    expect(r.json.changed).toBe(true);
    const rows = r.json.before.results.length as number;
    expect(rows).toBeGreaterThan(0);
    // The reply holds the query's first 100 rows (its default limit); fewer fit.
    expect(rows).toBeLessThan(100);
    expect(r.json.after.results).toHaveLength(rows);
    expect(r.json.before.results_shown).toBe(`${rows} of 100`);
    expect(r.json.after.results_shown).toBe(`${rows} of 100`);
    expect(r.json.before.count).toBe(r.json.after.count);
  });

  test('a small change between long results: the delta is left out, saying so, and the rows cut to fit', async () => {
    const base = await h.start('--asteroids', '300');
    const c = await h.connect(base);
    expect((await call(c, 'time_control', { action: 'pause' })).isError).toBe(false);
    const q = 'Position, Velocity, $this == $x';
    const first = (await call(c, 'query', { q, limit: 1 })).json.results[0].variables[0] as string;
    const waiting = call(c, 'wait_for', { q, values: true, timeout_frames: 50 });
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    // The watch's first event (the whole state, as at the call's start) is no change.
    h.host!.app.step(1 / 60);
    // Paused, nothing moves: disabling one entity is the only change, sent as a delta.
    await put(base, `/disable/${first.replaceAll('.', '/')}`);
    await h.stepUntil(waiting);
    const r = await waiting;
    expect(r.text.length).toBeLessThanOrEqual(MAX_RESULT_CHARS);
    expect(r.json.delta).toBeUndefined();
    expect(r.json.omitted).toBe(`delta: too long for one result (${MAX_RESULT_CHARS} characters); read the query again instead`);
    expect(r.json.before.results[0].variables).toEqual([first]);
    expect(r.json.after.results[0].variables).not.toEqual([first]);
    expect(r.json.before.count - r.json.after.count).toBe(1);
  });

  test('a query or entity that stops being valid while it waits (its component or the entity deleted): an error with the REST message, the watch released', async () => {
    const base = await h.start();
    const c = await h.connect(base);
    const waiting = call(c, 'wait_for', { q: 'Planet', timeout_frames: 20 });
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    h.host!.app.step(1 / 60);
    await put(base, '/delete/Planet');
    await h.stepUntil(waiting);
    const r = await waiting;
    expect(r.isError).toBe(true);
    expect(r.text).toBe(JSON.parse(h.host!.router.route('GET', '/query?q=Planet').body).error);
    expect(h.host!.watches.watcherCount).toBe(0);
    // With path, the entity deleted while waiting: the explain's REST message.
    const one = call(c, 'wait_for', { q: 'Position', path: 'Sun.Mars', timeout_frames: 20 });
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    h.host!.app.step(1 / 60);
    await put(base, '/delete/Sun/Mars');
    await h.stepUntil(one);
    const gone = await one;
    expect(gone.isError).toBe(true);
    expect(gone.text).toBe(JSON.parse(h.host!.router.route('GET', '/explain/Sun/Mars?q=Position').body).error);
    expect(h.host!.watches.watcherCount).toBe(0);
  });

  test('the description tells an agent what wakes it and when it gives up: each way to ask, the default frames, timeout_seconds', async () => {
    const c = await h.connect(await h.start());
    const tool = (await c.listTools()).tools.find((t) => t.name === 'wait_for')!;
    for (const said of ['Wait until a query\'s result changes', 'q as plain text', 'values: true', 'with path', `timeout_frames (default ${WAIT_DEFAULT_FRAMES})`, 'timeout_seconds', 'Returns changed']) {
      expect(tool.description, said).toContain(said);
    }
  });

  test('bad input: the REST message, and no watch left open', async () => {
    const c = await h.connect(await h.start());
    const bad = await call(c, 'wait_for', { q: 'Position, Nope' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toBe(JSON.parse(h.host!.router.route('GET', '/query?q=Position%2C%20Nope').body).error);
    const gone = await call(c, 'wait_for', { q: 'Planet', path: 'Sun.Nowhere' });
    expect(gone.isError).toBe(true);
    expect(gone.text).toMatch(/^entity 'Sun\/Nowhere' not found/);
    // Arguments out of their schema are refused by name before anything runs.
    for (const [arg, value] of [['timeout_frames', 0], ['timeout_frames', 1.5], ['timeout_frames', WAIT_MAX_FRAMES + 1], ['timeout_seconds', 0], ['path', ''], ['breakpoint', '']] as const) {
      const r = await call(c, 'wait_for', { q: 'Planet', [arg]: value });
      expect(r.isError, `${arg} ${value}`).toBe(true);
      expect(r.text, `${arg} ${value}`).toMatch(new RegExp(`^MCP error -32602: Input validation error: Invalid arguments for tool wait_for: .* at ${arg}$`));
    }
    expect(h.host!.watches.watcherCount).toBe(0);
  });
});

describe('wait_for with the host running its own loop', () => {
  test('path: the entity stops matching while frames run; the call returns and the host goes on', async () => {
    const base = await h.startLive();
    const c = await h.connect(base);
    const waiting = call(c, 'wait_for', { q: 'Planet', path: 'Sun.Mars', timeout_frames: 600 });
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    const landed = await put(base, '/disable/Sun/Mars');
    const r = await waiting;
    expect(r.isError).toBe(false);
    expect(r.json).toMatchObject({ changed: true, frame: landed + 1, before: { matches: true }, after: { matches: false } });
    expect(r.json.after.blockers[0].code).toBe('disabled');
    expect(h.host!.watches.watcherCount).toBe(0);
    await h.frames(3);
    expect((await call(c, 'get_entity', { path: 'Sun.Mars' })).isError).toBe(false);
  });

  test("values: true wakes on a value written into a matched entity (Earth's Scale); without it the same write does not", async () => {
    const base = await h.startLive();
    const c = await h.connect(base);
    const scale = (v: number) => `/set/Sun/Earth?data=${encodeURIComponent(JSON.stringify({ ids: [['Scale']], values: [{ value: v }] }))}`;
    // Membership only: a value change is no change.
    const members = call(c, 'wait_for', { q: 'Scale, $this == Sun.Earth', timeout_frames: 20 });
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    await put(base, scale(1.5));
    expect((await members).json).toMatchObject({ changed: false, frames: 20, reason: 'no change in 20 frames' });
    // With values: the write ends the wait in the frame after it landed, with the values before and after.
    const waiting = call(c, 'wait_for', { q: 'Scale, $this == Sun.Earth', values: true, timeout_frames: 600 });
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    const landed = await put(base, scale(2.5));
    const r = await waiting;
    expect(r.isError).toBe(false);
    expect(r.json).toMatchObject({ changed: true, frame: landed + 1 });
    expect(r.json.before.results[0].values).toEqual([[{ value: 1.5 }]]);
    expect(r.json.after.results[0].values).toEqual([[{ value: 2.5 }]]);
    // values applies to the query form: with path it is refused, saying what to write instead.
    const both = await call(c, 'wait_for', { q: 'Planet', path: 'Sun.Earth', values: true });
    expect(both.isError).toBe(true);
    expect(both.text).toContain('q "<components>, $this == Sun.Earth", values true');
  });

  test('a wait_for the client cancels ends at once on the host: its watch is released, the session answers on', async () => {
    const c = await h.connect(await h.startLive());
    const ac = new AbortController();
    const waiting = c.callTool({ name: 'wait_for', arguments: { q: 'Planet', timeout_frames: WAIT_MAX_FRAMES } }, undefined, { signal: ac.signal });
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
    ac.abort();
    await expect(waiting).rejects.toThrow();
    // Nothing else could end it for 36,000 frames: only the client's cancel, heard by the host.
    await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(0);
    await h.frames(2);
    expect((await call(c, 'world_summary', { counts_only: true })).json.entities).toBeGreaterThan(0);
  });
});
