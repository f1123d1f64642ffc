// The breakpoint tools through a real host with its loop running: set_breakpoint, wait_for with
// breakpoint (it returns the hit once the world paused on it), list_breakpoints and
// delete_breakpoint, with the REST messages on bad input.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, expect, test, vi } from 'vitest';
import { ManualTimers } from './manual-timers';
import { McpHarness, text } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const h = new McpHarness();
afterEach(() => h.close());

/** A host with its own loop running (40 asteroids) and a client; gives the client's tool call. */
async function start(): Promise<{ base: string; call: (name: string, args: Record<string, unknown>) => Promise<CallToolResult> }> {
  const base = await h.startLive({}, '--asteroids', '40');
  const client = await h.connect(base);
  return { base, call: (name, args) => client.callTool({ name, arguments: args }) as Promise<CallToolResult> };
}

test('set_breakpoint, wait_for a hit, list and delete', async () => {
  const { base, call } = await start();
  const host = h.host!;
  const set = await call('set_breakpoint', { name: 'disabled-mars', q: 'Planet, !ecs.core.Disabled', on: 'leave' });
  expect(set.isError).not.toBe(true);
  expect(JSON.parse(text(set)).breakpoint).toMatchObject({ name: 'disabled-mars', on: 'leave', enabled: true });
  const waiting = call('wait_for', { breakpoint: 'disabled-mars', timeout_frames: 300 });
  // The wait listens on a watch: once it is open, disable Mars.
  expect(await h.until(() => host.watches.watcherCount > 0, 300)).toBe(true);
  expect((await fetch(`${base}/disable/Sun/Mars`, { method: 'PUT' })).status).toBe(200);
  const hit = JSON.parse(text(await waiting));
  expect(hit).toMatchObject({ hit: true, breakpoint: 'disabled-mars', on: 'leave', entities: ['Sun.Mars'], paused: true });
  const listed = JSON.parse(text(await call('list_breakpoints', {})));
  expect(listed.breakpoints[0]).toMatchObject({ name: 'disabled-mars', hits: 1, last_hit: { frame: hit.frame } });
  expect((await call('delete_breakpoint', { name: 'disabled-mars' })).isError).not.toBe(true);
  expect(JSON.parse(text(await call('list_breakpoints', {}))).breakpoints).toEqual([]);
  const bad = await call('set_breakpoint', { name: 'x', q: 'Fuel.valu < 1' });
  expect(bad.isError).toBe(true);
  expect(text(bad)).toContain(`'Fuel' has no member 'valu'`);
  const none = await call('wait_for', { breakpoint: 'nope', timeout_frames: 5 });
  expect(text(none)).toBe(`no breakpoint named 'nope'; set one with set_breakpoint first`);
});

test('wait_for with breakpoint gives up after timeout_seconds on the host\'s running clock', async () => {
  const { call } = await start();
  const host = h.host!;
  // Nothing disables a planet by itself: this breakpoint never fires.
  expect((await call('set_breakpoint', { name: 'never', q: 'Planet, !ecs.core.Disabled', on: 'leave' })).isError).not.toBe(true);
  const from = host.app.frameCount;
  const r = JSON.parse(text(await call('wait_for', { breakpoint: 'never', timeout_seconds: 1 })));
  expect(r).toMatchObject({ hit: false, reason: `breakpoint 'never' did not fire in 1 s` });
  // The loop ran meanwhile, and far fewer frames than the frame limit that applies without seconds.
  expect(host.app.frameCount).toBeGreaterThan(from);
  expect(r.frames).toBeLessThan(36_000);
});

test('a value written with set_components fires a breakpoint on a member no system writes', async () => {
  const { call } = await start();
  const host = h.host!, w = host.world;
  const rock = w.childrenOf(w.lookupSymbol('Belt')).find((e) => w.ownsId(e, w.lookupSymbol('Asteroid')))!;
  // Asteroids only: their tables do not change, so only the write itself can make it fire.
  expect((await call('set_breakpoint', { name: 'box', q: 'Asteroid, Shape.kind == Box' })).isError).not.toBe(true);
  const waiting = call('wait_for', { breakpoint: 'box', timeout_frames: 300 });
  expect(await h.until(() => host.watches.watcherCount > 0, 300)).toBe(true);
  const before = host.app.frameCount;
  const set = await call('set_components', { path: String(rock), data: { ids: [['Shape']], values: [{ kind: 'Box' }] } });
  expect(set.isError).not.toBe(true);
  const after = host.app.frameCount;
  const hit = JSON.parse(text(await waiting));
  expect(hit).toMatchObject({ hit: true, breakpoint: 'box', on: 'enter', entities: [w.pathOf(rock)], paused: true });
  // The frame after the one the write landed after: the write landed between `before` and `after`.
  expect(hit.frame).toBeGreaterThan(before);
  expect(hit.frame).toBeLessThanOrEqual(after + 1);
});

test('wait_for a breakpoint gives up after exactly its frames or when the client cancels, releasing its watch; list_breakpoints with a name', async () => {
  // Frames run by hand and counted.
  const c = await h.connect(await h.start());
  const call = (name: string, args: Record<string, unknown>) => c.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  expect((await call('set_breakpoint', { name: 'never', q: 'Planet, !ecs.core.Disabled', on: 'leave' })).isError).not.toBe(true);
  const waiting = call('wait_for', { breakpoint: 'never', timeout_frames: 4 });
  await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
  expect(await h.stepUntil(waiting)).toBe(4);
  expect(JSON.parse(text(await waiting))).toEqual({ hit: false, frames: 4, reason: `breakpoint 'never' did not fire in 4 frames` });
  expect(h.host!.watches.watcherCount).toBe(0);
  // Cancelled: nothing else would end it for 36,000 frames.
  const ac = new AbortController();
  const cancelled = c.callTool({ name: 'wait_for', arguments: { breakpoint: 'never' } }, undefined, { signal: ac.signal });
  await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
  ac.abort();
  await expect(cancelled).rejects.toThrow();
  await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(0);
  // One breakpoint by name, as the list has it; a name nobody set is an error saying so.
  const all = JSON.parse(text(await call('list_breakpoints', {}))).breakpoints as { name: string }[];
  expect(JSON.parse(text(await call('list_breakpoints', { name: 'never' })))).toEqual(all.find((b) => b.name === 'never'));
  const nope = await call('list_breakpoints', { name: 'nope' });
  expect(nope.isError).toBe(true);
  expect(text(nope)).toBe(`no breakpoint named 'nope'`);
  const gone = await call('delete_breakpoint', { name: 'nope' });
  expect(gone.isError).toBe(true);
  expect(text(gone)).toBe(JSON.parse(h.host!.router.route('DELETE', '/breakpoint/nope').body).error);
});

test('wait_for a breakpoint with timeout_seconds: the host\'s timer of those seconds ends it; a hit first releases the timer', async () => {
  // Frames run by hand, timers fired by hand: no wall-clock wait.
  const timers = new ManualTimers();
  // The wait's own timers (the endpoint arms its idle-session sweep on the same timers).
  const waits = () => timers.delays.filter((ms) => ms === 5000);
  const c = await h.connect(await h.startWith({ timers }));
  const call = (name: string, args: Record<string, unknown>) => c.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  expect((await call('set_breakpoint', { name: 'leave', q: 'Planet, !ecs.core.Disabled', on: 'leave' })).isError).not.toBe(true);
  const waiting = call('wait_for', { breakpoint: 'leave', timeout_seconds: 5 });
  await expect.poll(waits, { timeout: 30_000 }).toEqual([5000]);
  for (let i = 0; i < 3; i++) h.host!.app.step(1 / 60);
  expect(timers.fire(5000)).toBe(1);
  expect(JSON.parse(text(await waiting))).toEqual({ hit: false, frames: 3, reason: `breakpoint 'leave' did not fire in 5 s` });
  expect(h.host!.watches.watcherCount).toBe(0);
  // A hit before the seconds pass: the answer is the hit, and no timer is left armed.
  const hitting = call('wait_for', { breakpoint: 'leave', timeout_seconds: 5 });
  await expect.poll(waits, { timeout: 30_000 }).toEqual([5000]);
  expect(h.host!.router.route('PUT', '/disable/Sun/Mars').status).toBe(200);
  await h.stepUntil(hitting);
  expect(JSON.parse(text(await hitting))).toMatchObject({ hit: true, breakpoint: 'leave', entities: ['Sun.Mars'], paused: true });
  expect(waits()).toEqual([]);
  expect(h.host!.watches.watcherCount).toBe(0);
});

test('a wait for one breakpoint: another\'s hit does not end it, an unknown name is an error even when others exist; the descriptions say how to use them', async () => {
  // Frames run by hand and counted.
  const c = await h.connect(await h.start());
  const call = (name: string, args: Record<string, unknown>) => c.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  expect((await call('set_breakpoint', { name: 'mars-off', q: 'Planet, !ecs.core.Disabled', on: 'leave' })).isError).not.toBe(true);
  expect((await call('set_breakpoint', { name: 'never', q: 'Planet, ecs.core.Disabled', on: 'leave' })).isError).not.toBe(true);
  const unknown = await call('wait_for', { breakpoint: 'nope', timeout_frames: 5 });
  expect(unknown.isError).toBe(true);
  expect(text(unknown)).toBe(`no breakpoint named 'nope'; set one with set_breakpoint first`);
  const waiting = call('wait_for', { breakpoint: 'never', timeout_frames: 6 });
  await expect.poll(() => h.host!.watches.watcherCount, { timeout: 30_000 }).toBe(1);
  h.host!.app.step(1 / 60);
  // mars-off hits (the world pauses): the wait for 'never' goes on to its frames.
  expect(h.host!.router.route('PUT', '/disable/Sun/Mars').status).toBe(200);
  expect(await h.stepUntil(waiting)).toBe(5);
  expect(JSON.parse(h.host!.router.route('GET', '/breakpoints').body).last_hit).toMatchObject({ breakpoint: 'mars-off' });
  expect(JSON.parse(text(await waiting))).toEqual({ hit: false, frames: 6, reason: `breakpoint 'never' did not fire in 6 frames` });
  const set = (await c.listTools()).tools.find((t) => t.name === 'set_breakpoint')!;
  expect(set.description).toContain('when an entity starts matching (on: enter, the default), stops (leave)');
  expect(set.description).toContain('Then wait_for with breakpoint waits for the hit; time_control resume continues.');
});
