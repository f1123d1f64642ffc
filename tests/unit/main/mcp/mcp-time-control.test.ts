// time_control through the SDK's client against a host whose loop runs on its own clock: a step
// returns after its ticks ran and says where the world is; paused, loop frames go on while the
// simulated frame stands still; a resume drops pending steps, so a later pause simulates nothing;
// a bad scale is refused naming the range, and changes nothing.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, expect, test, vi } from 'vitest';
import type { McpLink } from '../../../../src/main/mcp';
import { call, McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const h = new McpHarness();
afterEach(() => h.close());

interface TimeState { paused: boolean; step: number; time_scale: number; frame: number; simulated_frame: number; stepped?: number }

/** A host with its own loop running (the harness's startLive) and a client's time_control calls. */
async function start(): Promise<{ base: string; tc: (args: Record<string, unknown>) => Promise<{ isError: boolean; text: string; json: TimeState }> }> {
  const base = await h.startLive();
  const c = await h.connect(base);
  return {
    base,
    tc: async (args) => {
      const r = await call(c, 'time_control', args);
      return { isError: r.isError, text: r.text, json: r.isError ? undefined as never : r.json as TimeState };
    },
  };
}

test('paused: loop frames go on, the simulated frame stands still; a step returns after its ticks ran and leaves the world paused', async () => {
  const { tc } = await start();
  expect(h.host!.app.isRunning).toBe(true);
  const paused = await tc({ action: 'pause' });
  expect(paused.json).toMatchObject({ paused: true, step: 0 });
  await h.frames(5);
  const still = await tc({ action: 'pause' });
  expect(still.json.frame).toBeGreaterThanOrEqual(paused.json.frame + 5);
  expect(still.json.simulated_frame).toBe(paused.json.simulated_frame);

  const stepped = await tc({ action: 'step', frames: 3 });
  expect(stepped.json).toMatchObject({ paused: true, step: 0, stepped: 3, simulated_frame: paused.json.simulated_frame + 3 });
  // The reply came after the ticks ran: the world is where it says.
  expect(h.host!.app.pipeline.frame).toBe(stepped.json.simulated_frame);
  const one = await tc({ action: 'step' });
  expect(one.json).toMatchObject({ stepped: 1, simulated_frame: stepped.json.simulated_frame + 1, paused: true });
  await h.frames(5);
  expect(h.host!.app.pipeline.frame).toBe(one.json.simulated_frame);

  const resumed = await tc({ action: 'resume' });
  expect(resumed.json.paused).toBe(false);
  await h.frames(3);
  expect(h.host!.app.pipeline.frame).toBeGreaterThan(one.json.simulated_frame);
});

test('steps pending at a resume never run after a later pause', async () => {
  const { base, tc } = await start();
  await tc({ action: 'pause' });
  // Over REST: pause with 1000 steps; the MCP resume drops those not yet run.
  const data = encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [{ paused: true, step: 1000 }] }));
  expect((await fetch(`${base}/set/ecs/core/World?data=${data}`, { method: 'PUT' })).status).toBe(200);
  await h.frames(2);
  expect((await tc({ action: 'resume' })).json).toMatchObject({ paused: false, step: 0 });
  const paused = await tc({ action: 'pause' });
  await h.frames(5);
  expect(h.host!.app.pipeline.frame).toBe(paused.json.simulated_frame);
  expect((await tc({ action: 'pause' })).json).toMatchObject({ step: 0, simulated_frame: paused.json.simulated_frame });
});

test('a pause drops the steps not yet run: the simulated frame stands still from the pause on', async () => {
  const { base, tc } = await start();
  const data = encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [{ paused: true, step: 1000 }] }));
  expect((await fetch(`${base}/set/ecs/core/World?data=${data}`, { method: 'PUT' })).status).toBe(200);
  await h.frames(2);
  const paused = await tc({ action: 'pause' });
  expect(paused.json).toMatchObject({ paused: true, step: 0 });
  await h.frames(5);
  expect(h.host!.app.pipeline.frame).toBe(paused.json.simulated_frame);
});

test('the ends of the scale range are taken: 0 stands still, 16 is the fastest', async () => {
  const { tc } = await start();
  for (const scale of [0, 16]) {
    const r = await tc({ action: 'scale', scale });
    expect(r.isError, r.text).toBe(false);
    expect(r.json).toMatchObject({ paused: false, time_scale: scale });
  }
});

test('a bad scale is refused naming the range, and changes nothing', async () => {
  const { tc } = await start();
  for (const scale of [17, -1, 16.5]) {
    const r = await tc({ action: 'scale', scale });
    expect(r.isError).toBe(true);
    expect(r.text).toBe(`scale must be a number from 0 to 16, got ${scale} (a factor on simulated time: 1 real time, 0.5 half speed, 0 stands still); the time control is unchanged`);
  }
  expect(await tc({ action: 'scale' })).toMatchObject({ isError: true, text: expect.stringMatching(/^action 'scale' needs 'scale', a number from 0 to 16/) });
  const w = h.host!.world;
  expect(w.get(w.core.World, h.host!.app.TimeControl)).toEqual({ paused: false, step: 0, time_scale: 1 });
  expect((await tc({ action: 'scale', scale: 0.5 })).json).toMatchObject({ paused: false, time_scale: 0.5 });
});

test('a step the client cancels leaves its steps pending and the session answering; with the loop stopped a step says they run when it starts', async () => {
  const c = await h.connect(await h.startLive());
  const ac = new AbortController();
  // 36,000 ticks at 60 fps: the call would hold ten minutes.
  const stepping = c.callTool({ name: 'time_control', arguments: { action: 'step', frames: 36_000 } }, undefined, { signal: ac.signal });
  const w = h.host!.world;
  const time = () => w.get<{ paused: boolean; step: number }>(w.core.World, h.host!.app.TimeControl)!;
  await expect.poll(() => time().step, { timeout: 30_000 }).toBeGreaterThan(0);
  ac.abort();
  await expect(stepping).rejects.toThrow();
  await h.frames(2);
  expect(time().paused).toBe(true);
  expect(time().step).toBeGreaterThan(0);
  // The loop stopped: the call answers at once, nothing stepped yet, and says why.
  h.host!.app.stop();
  const r = await call(c, 'time_control', { action: 'step', frames: 2 });
  expect(r.isError).toBe(false);
  expect(r.json).toMatchObject({ paused: true, step: 2, stepped: 0, note: 'the loop is stopped: the steps run when it starts' });
});

/** A client on an in-memory session of the started host, with parts of its link replaced. */
const session = (replace: Partial<McpLink>): Promise<Client> => h.inMemoryClient('time', replace);

test('a write the REST layer refuses is an error result with its message, for a pause and for a step', async () => {
  await h.startLive();
  const host = h.host!;
  // The host's own router, asked for a member TimeControl does not have: a real refusal of PUT /set.
  const wrong = (url: string) => url.replace('paused', 'pausd');
  const refusal = JSON.parse(host.answer({ method: 'PUT', url: wrong(`/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [{ paused: true, step: 0 }] }))}`), headers: {} }).body).error as string;
  expect(refusal).toContain('pausd');
  const c = await session({ answer: (req) => host.answer(req.method === 'PUT' ? { ...req, url: wrong(req.url) } : req) });
  expect(await call(c, 'time_control', { action: 'pause' })).toMatchObject({ isError: true, text: refusal });
  const step = await call(c, 'time_control', { action: 'step', frames: 2 });
  expect(step.isError).toBe(true);
  expect(step.text).toContain('pausd');
  const w = host.world;
  expect(w.get(w.core.World, host.app.TimeControl)).toMatchObject({ paused: false, step: 0 });
  await c.close();
});

test('an app without time control: the tool says so and writes nothing', async () => {
  await h.startLive();
  const host = h.host!;
  const answered: string[] = [];
  const c = await session({
    app: Object.create(host.app, { TimeControl: { value: 0 } }) as McpLink['app'],
    answer: (req) => { answered.push(`${req.method} ${req.url}`); return host.answer(req); },
  });
  expect(await call(c, 'time_control', { action: 'pause' })).toMatchObject({ isError: true, text: 'this world has no time control' });
  expect(answered.filter((a) => a.startsWith('PUT'))).toEqual([]);
  await c.close();
});

test('the description says what each action does and what the answer holds', async () => {
  const c = await h.connect(await h.start());
  const tool = (await c.listTools()).tools.find((t) => t.name === 'time_control')!;
  expect(tool.description).toContain('step N simulation ticks (pauses first, returns once they ran, and leaves the world paused)');
  expect(tool.description).toContain('Returns paused, step (ticks still to run), time_scale, frame');
});
