// A fault stays where it happened, through the real host with its own clock running: a system, a
// frame hook, a watch sink and an SSE stream each throw; that part alone is closed (the system
// disabled with an alert naming it and the error, the hook removed, the watcher sent `fail` and
// closed, the stream ended with a `fail` event), the fault is logged once and counted in
// /stats (faults.count), and frames go on while the host keeps answering.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { StreamSink } from '../../../../src/main/http';
import { addSystem } from '../../../../src/shared/app';
import { framesRan } from '../../../support/host-frames';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let host: Host | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await host?.stop();
  host = undefined;
});

/** A started host whose fault log goes to `logged` instead of stderr. */
async function start(): Promise<{ base: string; h: Host; logged: string[] }> {
  const h = (host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '50']), mkdtempSync(join(tmpdir(), 'pages-'))));
  const logged: string[] = [];
  h.app.pipeline.faults.log = (line) => { logged.push(line); };
  const base = (await h.start()).rest;
  expect(h.app.isRunning).toBe(true);
  return { base, h, logged };
}

async function json(url: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await fetch(url);
  expect(r.status, url).toBe(200);
  return r.json();
}

test('a system that throws is disabled with an alert naming it and the error; the other systems and frames go on', async () => {
  const { base, h, logged } = await start();
  let calls = 0;
  addSystem(h.world, 'Exploder', { run: () => { calls++; throw new Error('boom in Exploder'); } });
  const moved = h.world.lookup('Sun.Earth');
  await framesRan(h, 5);
  const x0 = JSON.stringify(h.world.get(moved, h.world.lookup('Position')));
  await framesRan(h, 70);
  expect(calls).toBe(1);
  // The planets still move: the systems after the failed one ran in that frame and every frame since.
  expect(JSON.stringify(h.world.get(moved, h.world.lookup('Position')))).not.toBe(x0);
  const entity = await json(`${base}/entity/Exploder?alerts=true&values=true`);
  expect(entity.ids).toContainEqual(['ecs.core.Disabled']);
  expect(entity.alerts).toEqual([{ alert: 'ecs.alerts.SystemFailed', severity: 'Error',
    message: 'system Exploder threw and was disabled: boom in Exploder. Fix it, then enable it again (PUT /enable/<its path>)' }]);
  expect(logged.filter((l) => l.includes("system 'Exploder'"))).toHaveLength(1);
  expect(logged[0]).toMatch(/^ecs-live: system 'Exploder' threw and was closed \(frame \d+\): boom in Exploder/);
  const stats = await json(`${base}/stats/world/1m`);
  expect(Math.max(...stats['faults.count'].max)).toBe(1);
  // Enabled again, it runs again: it throws again, and is disabled and reported again.
  expect((await fetch(`${base}/enable/Exploder`, { method: 'PUT' })).status).toBe(200);
  await framesRan(h, 3);
  expect(calls).toBe(2);
  expect(h.app.pipeline.faults.count).toBe(2);
  expect(h.world.isEnabled(h.world.lookup('Exploder'))).toBe(false);
});

test('a frame hook that throws is removed; the other hooks and frames go on', async () => {
  const { base, h, logged } = await start();
  let broken = 0, after = 0;
  h.app.onFrame(function brokenHook() { broken++; throw new Error('hook fell over'); });
  h.app.onFrame(() => { after++; });
  await framesRan(h, 10);
  expect(broken).toBe(1);
  expect(after).toBeGreaterThanOrEqual(10);
  expect(logged).toEqual([expect.stringMatching(/^ecs-live: frame_hook 'brokenHook' threw and was closed \(frame \d+\): hook fell over/)]);
  expect(h.app.pipeline.faults.byKind.frame_hook).toBe(1);
  expect((await fetch(`${base}/entity/Sun`)).status).toBe(200);
});

test('a watch sink that throws gets a fail event and is closed; the other watchers go on', async () => {
  const { base, h, logged } = await start();
  const target = '/watch/query?q=Asteroid%2CPosition&values=true&limit=1';
  const broken: string[] = [], good: string[] = [];
  const open = (events: string[], throwing: boolean) => h.watches.open({ method: 'GET', url: target, headers: {} }, {
    backedUp: false, bytesWritten: 0,
    write(event, data) {
      events.push(event === 'fail' ? `fail ${JSON.parse(data).error}` : event);
      if (throwing && event !== 'fail' && events.length >= 2) throw new Error('sink fell over');
    },
  });
  open(broken, true);
  open(good, false);
  await framesRan(h, 10);
  // Its second event (a full reply or a diff, whichever is smaller) threw.
  expect(broken).toEqual(['full', expect.stringMatching(/^(full|diff)$/), `fail this watch of ${target.slice('/watch'.length)} failed and was closed: sink fell over`]);
  expect(good.length).toBeGreaterThanOrEqual(10);
  expect(h.watches.watcherCount).toBe(1);
  expect(logged).toEqual([expect.stringMatching(/^ecs-live: watch '\/query\?q=Asteroid%2CPosition&values=true&limit=1' threw and was closed/)]);
  expect((await fetch(`${base}/entity/Sun`)).status).toBe(200);
});

test('an SSE stream whose writes throw ends with a fail event; the host and other streams go on', async () => {
  const { base, h, logged } = await start();
  const write = StreamSink.prototype.write;
  let writes = 0;
  vi.spyOn(StreamSink.prototype, 'write').mockImplementation(function (this: StreamSink, event, data, id) {
    // The stream's second event throws (its first, the full reply, goes out).
    if (event !== 'fail' && ++writes === 2) throw new Error('stream writer fell over');
    write.call(this, event, data, id);
  });
  const res = await fetch(`${base}/watch/query?q=Asteroid%2CPosition&values=true&limit=1`);
  expect(res.status).toBe(200);
  // The stream ends (the feed closed it): its whole text is readable.
  const text = await res.text();
  expect(text).toMatch(/event: full\n/);
  expect(text).toMatch(/event: fail\nid: [^\n]+\ndata: \{"status":500,"error":"this watch of \/query\?q=Asteroid%2CPosition&values=true&limit=1 failed and was closed: stream writer fell over"\}/);
  expect(logged).toHaveLength(1);
  const frame = h.app.frameCount;
  await framesRan(h, 5);
  expect(h.app.frameCount).toBeGreaterThanOrEqual(frame + 5);
  // A new stream of the same target works.
  const again = await fetch(`${base}/watch/query?q=Asteroid%2CPosition&values=true&limit=1`);
  const reader = again.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  expect(first).toMatch(/retry: |event: full/);
  await reader.cancel();
});
