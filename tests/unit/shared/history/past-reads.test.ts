// Reads of the past: GET /entity and GET /query with at=<frame> answer exactly as they answered
// live after that frame (values, variables, paging), in the contract and the Flecs 4 dialect;
// outside the window a 404 names it, and with history off at= is a 400.
import { describe, expect, test, vi } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { createRouter } from '../../../../src/shared/rest';
import { demoPair, numbers, randomWrite } from './demo-pair';

const CONTRACT_READS = [
  '/entity/Sun/Earth?values=true&type_info=true',
  '/entity/Ship3?values=true&alerts=true',
  '/query?q=Position%2C%20Velocity&values=true&offset=5&limit=7',
  '/query?q=(ChildOf%2C%20%24p)%2C%20Position&values=true&entity_ids=true',
  '/query?name=Renderables&limit=3&count=true',
];
const FLECS4_READS = [
  '/entity/Sun/Earth',
  '/query?expr=Position%2C%20Velocity&offset=2&limit=4',
];

// Whole demo runs: the bound is generous for a loaded machine (it only stops a hung test).
vi.setConfig({ testTimeout: 300_000 });

describe('reads with at=<frame>', () => {
  for (const [dialect, reads] of [['contract', CONTRACT_READS], ['flecs-4', FLECS4_READS]] as const) {
    test(`${dialect}: every read at a past frame is the reply it gave live after that frame`, () => {
      const { live } = demoPair(80, 20, dialect === 'flecs-4' ? { compat: 'flecs-4' } : {}, 20);
      const next = numbers(5);
      const seen = new Map<number, string[]>();
      for (let i = 0; i < 90; i++) {
        if (dialect === 'contract') while (next() < 0.3) randomWrite(live, next);
        live.app.step(1 / 60);
        seen.set(live.app.frameCount, reads.map((r) => live.router.route('GET', r).body));
      }
      for (const frame of [1, 2, 19, 20, 21, 47, 90, 33, 5]) {
        const past = reads.map((r) => live.router.route('GET', `${r}${r.includes('?') ? '&' : '?'}at=${frame}`));
        expect(past.map((p) => p.status)).toEqual(reads.map(() => 200));
        expect(past.map((p) => p.body), `frame ${frame}`).toEqual(seen.get(frame));
      }
      // The live reads are unchanged by the past ones.
      expect(reads.map((r) => live.router.route('GET', r).body)).toEqual(seen.get(90));
    });
  }

  test('a frame outside the window: 404 naming the window; a bad frame: 400', () => {
    const { live, history } = demoPair(20, 1, {}, 10);
    for (let i = 0; i < 150; i++) live.app.step(1 / 60);
    const { first, last } = history.recording;
    const r = live.router.route('GET', '/entity/Sun?at=2');
    expect(r.status).toBe(404);
    expect(JSON.parse(r.body).error).toBe(`frame 2 is not in the recorded window: frames ${first} to ${last} can be read (the last 1 s are kept)`);
    expect(live.router.route('GET', `/query?q=Position&at=${last! + 1}`).status).toBe(404);
    const bad = live.router.route('GET', '/entity/Sun?at=-1');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/'at'/);
  });

  test('with history off, at= is a 400 that says how to turn it on, and /history too', () => {
    const router = createRouter(new World());
    for (const url of ['/entity/ecs?at=3', '/query?q=ecs.core.Module&at=3', '/history']) {
      const r = router.route('GET', url);
      expect(r.status).toBe(400);
      expect(JSON.parse(r.body).error).toMatch(/history is off: start the host with --history <seconds>/);
    }
    expect(router.route('PUT', '/history/restore?frame=1').status).toBe(400);
  });

  test('GET /history: range, keyframes, bytes, frames with outside writes', () => {
    const { live, history } = demoPair(20, 20, {}, 10);
    live.app.step(1 / 60);
    live.router.route('PUT', '/entity/ProbeA');
    live.router.route('PUT', '/entity/ProbeB');
    live.router.route('PUT', '/entity/ProbeA/../bad');
    for (let i = 0; i < 24; i++) live.app.step(1 / 60);
    const h = JSON.parse(live.router.route('GET', '/history').body);
    expect(h).toMatchObject({ first: 0, last: 25, frame: 25, keyframes: [0, 10, 20], seconds: 20, windowFrames: 1200, writes: [[2, 2]] });
    expect(h.bytes).toBe(history.recording.bytes);
    expect(h.bytes).toBeGreaterThan(0);
  });
});
