// One evaluation budget per frame shared by all watch feeds (issue 30). Counted in frames and
// evaluation steps, never in wall-clock time: N feeds that each need k steps, with a frame budget
// of m steps, evaluate at most m steps per frame, are all served within ceil(N*k/m) frames, in
// turn (none starves), and each event is tagged with the frame whose state it shows.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { WatchFeeds } from '../../../../src/main/host/watch-feeds';
import { WatchFrameBudget } from '../../../../src/main/host/watch-frame-budget';
import { DEFAULT_MAX_QUERY_STEPS, DEFAULT_WATCH_FRAME_STEPS, parseWatchEventId } from '../../../../src/shared/protocol';
import { QueryBudget, QueryBudgetError } from '../../../../src/shared/query';
import { createRouter } from '../../../../src/shared/rest';
import { buildReferenceWorld } from '../../../fixtures/reference-world';
import { RecordingSink } from '../../../support/recording-sink';

/** Distinct targets of one query: the same work each, none answered from another's cached reply. */
// A comparison keeps the query out of the matched-tables cache: it is evaluated every time.
const QUERY = encodeURIComponent('(ChildOf, $p), Position, $p != Sun.Earth');
const target = (i: number) => `/query?q=${QUERY}&values=true&limit=${5000 + i}`;

/** Steps the query needs once compiled (a fresh budget of a request's size, read after the answer). */
function stepsOf(router: ReturnType<typeof createRouter>, url: string): number {
  router.route('GET', url); // compiles and keeps the query
  const budget = new QueryBudget(DEFAULT_MAX_QUERY_STEPS);
  router.route('PUT', '/set/Sun/Earth?data=' + encodeURIComponent(JSON.stringify({ ids: [['Position']], values: [{ x: 1, y: 1 }] })));
  expect(router.route('GET', url, undefined, budget).status).toBe(200);
  return budget.used;
}

/** n feeds of k steps each; a request may spend `request(k)` steps, a frame `perFrame` feeds' worth (perFrame * k). */
function setup(n: number, perFrame: number, request = (k: number) => k) {
  const ref = buildReferenceWorld();
  const probe = createRouter(ref.world);
  const k = stepsOf(probe, target(0));
  const router = createRouter(ref.world, { maxQuerySteps: request(k) });
  let frame = 0;
  const feeds = new WatchFeeds(router, { frame: () => frame, changes: () => ref.world.changeCount, now: () => 1_000_000 + frame }, perFrame * k);
  feeds.afterFrame();
  const sinks = Array.from({ length: n }, (_, i) => {
    const sink = new RecordingSink();
    expect('closed' in feeds.open({ method: 'GET', url: `/watch${target(i)}`, headers: {} }, sink)).toBe(true);
    return sink;
  });
  let x = 0;
  /** One frame that changes what every feed shows (a position), then the feeds' turn. */
  const tick = (): void => {
    ref.world.set(ref.world.lookup('Sun.Earth'), ref.ids.Position!, { x: ++x, y: 0 });
    frame++;
    feeds.afterFrame();
  };
  return { ref, router, feeds, sinks, tick, k, frame: () => frame };
}

describe('watch feeds share one evaluation budget per frame', () => {
  test('N feeds of k steps, frame budget m = 4k: at most m steps a frame, all served within ceil(N*k/m) frames, in turn', () => {
    const N = 10, PER_FRAME = 4;
    const { feeds, sinks, tick, k, frame, router } = setup(N, PER_FRAME);
    expect(k).toBeGreaterThan(10);
    const m = PER_FRAME * k;
    const rounds = Math.ceil((N * k) / m); // 3 frames serve all 10
    const counts = () => sinks.map((s) => s.events.length);
    const start = counts();
    for (let r = 0; r < 4; r++) {
      const before = counts();
      for (let f = 0; f < rounds; f++) {
        tick();
        expect(feeds.frameBudget.stepsLastFrame).toBeLessThanOrEqual(m);
        expect(feeds.frameBudget.servedLastFrame).toBeLessThanOrEqual(PER_FRAME);
        // Every event of this frame shows this frame's state, with this frame's id.
        for (const [i, s] of sinks.entries()) {
          const last = s.events[s.events.length - 1]!;
          if (s.events.length > before[i]! && parseWatchEventId(last.id)!.frame === frame()) {
            expect(s.state()!.reply).toEqual(JSON.parse(router.route('GET', target(i)).body));
          }
        }
      }
      // Within every ceil(N*k/m) frames every feed got an event: none starved.
      for (const [i, c] of counts().entries()) expect(c - before[i]!, `feed ${i}, round ${r}`).toBeGreaterThanOrEqual(1);
    }
    // In turn: after 12 frames of 4 feeds each (48 evaluations of 10 feeds), every feed was evaluated 4 or 5 times.
    const got = counts().map((c, i) => c - start[i]!);
    expect(got.reduce((a, b) => a + b, 0)).toBe(4 * rounds * PER_FRAME);
    expect(Math.max(...got) - Math.min(...got), JSON.stringify(got)).toBeLessThanOrEqual(1);
  }, 60_000);

  test('each feed event carries the frame it was evaluated in, and only later frames than its previous one', () => {
    const { sinks, tick } = setup(9, 3);
    for (let f = 0; f < 9; f++) tick();
    for (const s of sinks) {
      const frames = s.events.map((e) => parseWatchEventId(e.id)!.frame);
      expect(frames).toEqual([...frames].sort((a, b) => a - b));
      expect(new Set(frames).size).toBe(frames.length);
      // 9 feeds, 3 a frame: one event every 3 frames after the first.
      expect(frames.length).toBe(1 + 3);
    }
  }, 60_000);

  test('a feed whose query alone exceeds a request budget gets the REST error, and the others are still served', () => {
    // Planet pairs: a query that grows with the square of the planets, which the other feeds don't read.
    const pairs = `/query?q=${encodeURIComponent('Planet($a), Planet($b), $a != $b')}&count=true`;
    let request = 0;
    const { ref, feeds, sinks, tick, router } = setup(4, 2, (k) => (request = 3 * k));
    expect(router.route('GET', pairs).status).toBe(200);
    const sink = new RecordingSink();
    expect('closed' in feeds.open({ method: 'GET', url: `/watch${pairs}`, headers: {} }, sink)).toBe(true);
    // More planets (no position, no parent) until the query needs more than a request may spend.
    for (let i = 0; router.route('GET', pairs).status === 200; i++) {
      expect(i).toBeLessThan(500);
      ref.world.add(ref.world.entity({ name: `Extra${i}` }), ref.ids.Planet!);
    }
    const refused = router.route('GET', pairs);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error).toMatch(new RegExp(`more than ${request} evaluation steps`));
    const before = sinks.map((s) => s.events.length);
    for (let f = 0; f < 6; f++) tick();
    const fail = sink.events.find((e) => e.event === 'fail');
    expect(fail && JSON.parse(fail.data)).toEqual({ status: 400, error: JSON.parse(refused.body).error });
    for (const [i, s] of sinks.entries()) expect(s.events.length, `feed ${i}`).toBeGreaterThan(before[i]!);
    // Still refused the same way: a new watch of it gets the REST reply itself.
    expect(feeds.open({ method: 'GET', url: `/watch${pairs}`, headers: {} }, new RecordingSink())).toMatchObject({ status: 400, body: refused.body });
  }, 60_000);

  test('the frame budget is never less than a request budget, and is the documented default', () => {
    expect(new WatchFrameBudget(10, 500).frameSteps).toBe(500);
    expect(new WatchFrameBudget(DEFAULT_WATCH_FRAME_STEPS, DEFAULT_MAX_QUERY_STEPS).frameSteps).toBe(DEFAULT_WATCH_FRAME_STEPS);
    expect(() => new WatchFrameBudget(0, 10)).toThrow(RangeError);
  });
});

describe('the frame scheduler on its own', () => {
  test('any costs: a frame spends at most its budget, and every item is served at least once every N frames', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 30 }), fc.integer({ min: 50, max: 200 }), fc.nat(5),
      (costs, m, growEvery) => {
        const sched = new WatchFrameBudget<number>(m, 50);
        const lastServed = costs.map(() => 0);
        const keys = costs.map((_, i) => i);
        for (let frame = 1; frame <= 3 * costs.length + 5; frame++) {
          let spent = 0;
          sched.runFrame(keys, (i, budget, outcome) => {
            // An item's cost may change between frames (the world changed what its query visits).
            const cost = growEvery > 0 && frame % growEvery === 0 ? Math.min(50, costs[i]! * 2) : costs[i]!;
            try { for (let s = 0; s < cost; s++) { budget.spend(1); spent++; } } catch (e) { if (!(e instanceof QueryBudgetError)) throw e; }
            if (outcome() === 'served') lastServed[i] = frame;
          });
          if (spent > Math.max(m, 50) || sched.stepsLastFrame !== spent) expect({ frame, spent, counted: sched.stepsLastFrame }).toEqual({ frame, spent: m, counted: spent });
          const starved = lastServed.findIndex((at) => frame - at > costs.length);
          if (starved >= 0) expect(`item ${starved} last served at frame ${lastServed[starved]}`).toBe(`served within ${costs.length} frames of ${frame}`);
        }
      }), { numRuns: 200, seed: 30 });
  }, 120_000);
});

describe('one frame of the scheduler, step by step', () => {
  /** A scheduler of frames of 100 steps for items of up to 50; `costs` says what each item needs now; `ran` lists the items run, frame by frame. */
  function scripted(costs: Record<string, number>) {
    const sched = new WatchFrameBudget<string>(100, 50);
    const ran: string[][] = [];
    const frame = (keys: string[], spent = 0): { served: string[]; deferred: string[] } => {
      const served: string[] = [], deferred: string[] = [], order: string[] = [];
      sched.runFrame(keys, (key, budget, outcome) => {
        order.push(key);
        try { budget.spend(costs[key]!); } catch (e) { if (!(e instanceof QueryBudgetError)) throw e; }
        (outcome() === 'served' ? served : deferred).push(key);
      }, spent);
      ran.push(order);
      return { served, deferred };
    };
    return { sched, ran, frame };
  }

  test('never-served items go in the order they were first seen, then the least recently served first', () => {
    const { ran, frame } = scripted({ a: 40, b: 40, c: 40 });
    // 100 steps: two of 40 fit; the third, of unknown cost, runs with the 20 left, runs out and waits.
    expect(frame(['a', 'b', 'c'])).toEqual({ served: ['a', 'b'], deferred: ['c'] });
    expect(ran[0]).toEqual(['a', 'b', 'c']);
    // Offered in another order: c (never served) first, then a (served before b); b (40 > 20 left) is not run.
    expect(frame(['b', 'c', 'a'])).toEqual({ served: ['c', 'a'], deferred: [] });
    expect(ran[1]).toEqual(['c', 'a']);
    expect(frame(['a', 'b', 'c'])).toEqual({ served: ['b', 'c'], deferred: [] });
  });

  test('first seen order holds among several never served, whatever order they are offered in later', () => {
    const { frame } = scripted({ a: 50, b: 50, c: 50, d: 50, e: 50 });
    expect(frame(['a', 'b', 'c', 'd', 'e']).served).toEqual(['a', 'b']);
    expect(frame(['e', 'd', 'c', 'b', 'a']).served).toEqual(['c', 'd']);
    expect(frame(['e', 'd', 'c', 'b', 'a']).served).toEqual(['e', 'a']);
  });

  test('steps the breakpoints spent come off the frame; the first item is tried even with one step left, and deferred when it needs more', () => {
    const { sched, ran, frame } = scripted({ a: 30, b: 30 });
    // 40 left: a takes 30; b, of unknown cost, runs with the 10 left and waits.
    expect(frame(['a', 'b'], 60)).toEqual({ served: ['a'], deferred: ['b'] });
    expect(sched.stepsLastFrame).toBe(40);
    expect(sched.servedLastFrame).toBe(1);
    expect(sched.deferredLastFrame).toBe(1);
    // One step left: b (first now) is run with that step, runs out and waits; nothing else runs.
    expect(frame(['a', 'b'], 99)).toEqual({ served: [], deferred: ['b'] });
    expect(ran[1]).toEqual(['b']);
    expect(sched.stepsLastFrame).toBe(1);
    expect(sched.servedLastFrame).toBe(0);
    expect(sched.deferredLastFrame).toBe(2);
    // Nothing left: nothing runs.
    expect(frame(['a', 'b'], 100)).toEqual({ served: [], deferred: [] });
    expect(ran[2]).toEqual([]);
    expect(sched.deferredLastFrame).toBe(2);
  });

  test('an item that uses exactly the steps it was allotted is served; a skipped item is not run while its last cost exceeds what is left', () => {
    const { sched, ran, frame } = scripted({ a: 70, b: 30, c: 45 });
    // a: a request's 50 allotted, needs 70: over a whole request's budget, so served (its reply is the
    // over-budget refusal); b: 30 of the 50 left, served; c: run with the 20 left, deferred.
    expect(frame(['a', 'b', 'c'])).toEqual({ served: ['a', 'b'], deferred: ['c'] });
    // Next frame: c first (never served), 45 steps; a (cost 50) fits the 55 left; b (cost 30) does not fit the 5 left and is not run.
    expect(frame(['a', 'b', 'c'])).toEqual({ served: ['c', 'a'], deferred: [] });
    expect(ran[1]).toEqual(['c', 'a']);
    expect(sched.deferredLastFrame).toBe(1);
    expect(sched.stepsLastFrame).toBe(95);
    // b's turn: with 30 left after the breakpoints' 70, exactly its 30 steps: served.
    expect(frame(['a', 'b', 'c'], 70)).toEqual({ served: ['b'], deferred: [] });
    expect(sched.stepsLastFrame).toBe(30);
  });

  test('only the first item of a frame is tried whatever its cost: after one served and one skipped, a third that does not fit is skipped too', () => {
    const { ran, frame } = scripted({ p: 50, q: 30, r: 30 });
    // Frame 1 learns the costs: p 50, q 30, r (run with the 20 left) 30.
    expect(frame(['p', 'q', 'r'])).toEqual({ served: ['p', 'q'], deferred: ['r'] });
    // 55 left: r (30) served, 25 left; p (50) and q (30) do not fit and are not run.
    expect(frame(['p', 'q', 'r'], 45)).toEqual({ served: ['r'], deferred: [] });
    expect(ran[1]).toEqual(['r']);
  });
});
