// Watch feeds: a client that applies a watch's events in order holds exactly the GET reply of the
// last frame, under any mix of world changes, and also when it fell behind (slow reader) for a
// while. Checked with random sequences against the router's own GET replies.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { WatchFeeds } from '../../../../src/main/host/watch-feeds';
import { createRouter } from '../../../../src/shared/rest';
import { buildReferenceWorld } from '../../../fixtures/reference-world';
import { RecordingSink } from '../../../support/recording-sink';

const WATCHED = [
  '/entity/Sun/Earth?values=true',
  '/entity/Sun/Mars',
  '/entity/Comet?values=true&type_info=true',
  '/query?q=Position%2CVelocity&values=true&limit=20',
  '/query?q=Planet%2CPosition&values=true',
  '/query?q=(ChildOf%2C%24p)%2C%20Position&values=true',
  '/query?name=EatsQuery',
];

type Change =
  | { kind: 'frame' }
  | { kind: 'setRest'; x: number }
  | { kind: 'disable' } | { kind: 'enable' }
  | { kind: 'newPlanet' }
  | { kind: 'deletePlanet' }
  | { kind: 'deleteMars' }
  | { kind: 'slow'; which: number; on: boolean }
  | { kind: 'open'; which: number };

const change: fc.Arbitrary<Change> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'frame' as const }) },
  { weight: 2, arbitrary: fc.integer({ min: -50, max: 50 }).map((x) => ({ kind: 'setRest' as const, x })) },
  fc.constant({ kind: 'disable' as const }),
  fc.constant({ kind: 'enable' as const }),
  fc.constant({ kind: 'newPlanet' as const }),
  fc.constant({ kind: 'deletePlanet' as const }),
  fc.constant({ kind: 'deleteMars' as const }),
  fc.record({ which: fc.nat({ max: WATCHED.length - 1 }), on: fc.boolean() }).map((r) => ({ kind: 'slow' as const, ...r })),
  fc.nat({ max: WATCHED.length - 1 }).map((which) => ({ kind: 'open' as const, which })),
);

function setup() {
  const ref = buildReferenceWorld();
  const router = createRouter(ref.world);
  let frame = 0;
  const feeds = new WatchFeeds(router, { frame: () => frame, changes: () => ref.world.changeCount, now: () => 1_000_000 + frame });
  feeds.afterFrame(); // frame 0: the state watches start from
  const sinks = WATCHED.map((url) => {
    const sink = new RecordingSink();
    const opened = feeds.open({ method: 'GET', url: `/watch${url}`, headers: {} }, sink);
    expect('closed' in opened).toBe(true);
    return sink;
  });
  const tick = (): void => { ref.app.step(1 / 60); frame++; feeds.afterFrame(); };
  return { ref, router, feeds, sinks, tick };
}

describe('watch feeds', () => {
  test('the first event is the GET reply, verbatim', () => {
    const { router, sinks } = setup();
    WATCHED.forEach((url, i) => {
      expect(sinks[i]!.events).toHaveLength(1);
      expect(sinks[i]!.events[0]).toMatchObject({ event: 'full', data: router.route('GET', url).body });
    });
  });

  test('applying the events rebuilds the GET reply after every frame, whatever changes and however slow the reader', () => {
    fc.assert(fc.property(fc.array(change, { minLength: 1, maxLength: 30 }), (changes) => {
      const { ref, router, feeds, sinks, tick } = setup();
      const w = ref.world, ids = ref.ids;
      // Streams opened along the way (after writes, between frames): from their first event on they hold the same.
      const watched = WATCHED.map((url, i) => ({ url, sink: sinks[i]! }));
      const check = (): void => {
        for (const { url, sink } of watched) {
          if (sink.backedUp) continue;
          const reply = router.route('GET', url);
          const state = sink.state()!;
          if (reply.status === 200) {
            expect(state.error).toBeUndefined();
            expect(state.reply).toEqual(JSON.parse(reply.body));
          } else {
            expect(state.error).toEqual({ status: reply.status, error: JSON.parse(reply.body).error });
          }
        }
      };
      for (const c of changes) {
        switch (c.kind) {
          case 'frame': tick(); check(); break;
          case 'setRest': router.route('PUT', `/set/Sun/Earth?data=${encodeURIComponent(JSON.stringify({ ids: [['Position']], values: [{ x: c.x, y: 2 }] }))}`); break;
          case 'disable': router.route('PUT', '/disable/Sun/Earth'); break;
          case 'enable': router.route('PUT', '/enable/Sun/Earth'); break;
          case 'newPlanet': { const p = w.entity({ name: `P${w.changeCount}`, parent: w.lookup('Sun') }); w.add(p, ids.Planet!); w.set(p, ids.Position!, { x: 9, y: 9 }); break; }
          case 'deletePlanet': { const venus = w.lookup('Sun.Venus'); if (venus) w.delete(venus); break; }
          case 'deleteMars': { const mars = w.lookup('Sun.Mars'); if (mars) w.delete(mars); break; }
          case 'slow': sinks[c.which]!.backedUp = c.on; break;
          case 'open': {
            const sink = new RecordingSink();
            if ('closed' in feeds.open({ method: 'GET', url: `/watch${WATCHED[c.which]}`, headers: {} }, sink)) watched.push({ url: WATCHED[c.which]!, sink });
            break;
          }
        }
      }
      for (const { sink } of watched) sink.backedUp = false;
      tick();
      check();
    }), { numRuns: 30, seed: 20261125 });
    // 30 runs of up to 30 frames each: seconds alone, half a minute on a loaded 2-core machine.
  }, 180_000);

  test('at most one event per frame per watch, none when nothing changed, each tagged with its frame', () => {
    const { ref, sinks, tick } = setup();
    const earth = sinks[0]!;
    // With no system running, frames change nothing that Earth's entity reply shows.
    for (const s of ref.app.pipeline.list()) ref.world.disable(s.entity);
    const before = earth.events.length;
    tick(); tick();
    expect(earth.events.length).toBe(before);
    ref.world.set(ref.world.lookup('Sun.Earth'), ref.ids.Position!, { x: 42, y: 0 });
    ref.world.set(ref.world.lookup('Sun.Earth'), ref.ids.Position!, { x: 43, y: 0 });
    tick();
    expect(earth.events.length).toBe(before + 1);
    expect(earth.events.at(-1)).toMatchObject({ event: 'diff', id: '3@1000003' });
    expect((earth.state()!.reply as { values: { x: number }[] }).values[0]!.x).toBe(43);
  });

  test('a deleted entity turns into a fail event; a target that is not watchable is refused', () => {
    const { ref, feeds, sinks, tick } = setup();
    ref.world.delete(ref.world.lookup('Sun.Mars'));
    tick();
    expect(sinks[1]!.events.at(-1)).toMatchObject({ event: 'fail' });
    expect(JSON.parse(sinks[1]!.events.at(-1)!.data)).toMatchObject({ status: 404 });
    const refused = feeds.open({ method: 'GET', url: '/watch/world', headers: {} }, new RecordingSink());
    expect(refused).toMatchObject({ status: 404 });
    expect(JSON.parse((refused as { body: string }).body).error).toMatch(/watches are \/watch\/query/);
    // Built like every router error: the message is also on the reply, not only in the body.
    expect((refused as { error?: string }).error).toBe(JSON.parse((refused as { body: string }).body).error);
    const missing = feeds.open({ method: 'GET', url: '/watch/entity/Nowhere', headers: {} }, new RecordingSink());
    expect(missing).toMatchObject({ status: 404 });
  });

  test('closing every watch frees its feed', () => {
    const { feeds } = setup();
    const subs = [];
    for (let i = 0; i < 100; i++) subs.push(feeds.open({ method: 'GET', url: '/watch/query?q=Planet', headers: {} }, new RecordingSink()));
    expect(feeds.watcherCount).toBe(100 + WATCHED.length);
    for (const s of subs) if ('closed' in s) s.closed();
    expect(feeds.watcherCount).toBe(WATCHED.length);
    expect(feeds.feedCount).toBe(WATCHED.length);
  });
});

describe('the first event of a stream', () => {
  test('opened after a write, it carries the last frame\'s state under that frame\'s id, or waits for the next frame', () => {
    const { ref, router, feeds, sinks, tick } = setup();
    const earth = sinks[0]!;
    const x = (s: RecordingSink, i: number) => (JSON.parse(s.events[i]!.data) as { values: { x: number }[] }).values[0]!.x;
    tick(); // frame 1 (the clock of setup: frame n runs at host time 1000000 + n)
    ref.world.set(ref.world.lookup('Sun.Earth'), ref.ids.Position!, { x: 777, y: 0 });
    // A target with a stream already: the new stream gets the state all its streams hold for frame 1.
    const second = new RecordingSink();
    feeds.open({ method: 'GET', url: `/watch${WATCHED[0]}`, headers: {} }, second);
    expect(second.events).toHaveLength(1);
    expect(second.events[0]!.id).toBe('1@1000001');
    expect(second.state()!.reply).toEqual(earth.state()!.reply);
    expect(x(second, 0)).not.toBe(777);
    // A target nobody watched: its state at frame 1 is gone, so the first event comes with frame 2.
    const fresh = new RecordingSink();
    const url = '/entity/Sun/Earth?values=true&type_info=true';
    feeds.open({ method: 'GET', url: `/watch${url}`, headers: {} }, fresh);
    expect(fresh.events).toHaveLength(0);
    tick();
    expect(fresh.events).toHaveLength(1);
    expect(fresh.events[0]).toMatchObject({ event: 'full', id: '2@1000002', data: router.route('GET', url).body });
    expect(x(fresh, 0)).toBe(777);
    expect(earth.events.at(-1)).toMatchObject({ event: 'diff', id: '2@1000002' });
    expect(second.state()!.reply).toEqual(earth.state()!.reply);
    // Nothing changed since that frame: a new stream gets its first event at once.
    const third = new RecordingSink();
    feeds.open({ method: 'GET', url: `/watch${url}`, headers: {} }, third);
    expect(third.events).toEqual(fresh.events);
  });
});
