// The watch feeds' events besides a frame's changes, on the feeds alone (frames run by hand: what
// the host's loop adds is asserted in fault-isolation.test.ts and host-history.test.ts): a restore
// tells every stream `restored`, then the restored world whole; a breakpoint's `break` reaches every
// stream without changing what it holds; a sink or a feed that throws is closed alone with a `fail`
// naming the error, reported once to the host's fault record, and the others go on.
import { describe, expect, test } from 'vitest';
import { WatchFeeds } from '../../../../src/main/host/watch-feeds';
import { WatchFrameBudget } from '../../../../src/main/host/watch-frame-budget';
import type { EventSink } from '../../../../src/main/http';
import { createRouter, type Router } from '../../../../src/shared/rest';
import { buildReferenceWorld } from '../../../fixtures/reference-world';
import { RecordingSink } from '../../../support/recording-sink';

const EARTH = '/entity/Sun/Earth?values=true';
const PLANETS = '/query?q=Planet';

/** A sink that records as RecordingSink does and throws on the writes `fails` picks. */
class ThrowingSink extends RecordingSink {
  constructor(private readonly fails: (event: string) => boolean) { super(); }
  override write(event: string, data: string, id?: string | number): void {
    if (this.fails(event)) throw new Error(`sink refused ${event}`);
    super.write(event, data, id);
  }
  closedByFeed = 0;
  close(): void { this.closedByFeed++; }
}

function setup(route?: (router: Router) => Router) {
  const ref = buildReferenceWorld();
  const router = route ? route(createRouter(ref.world)) : createRouter(ref.world);
  let frame = 0;
  const faults: { target: string; message: string }[] = [];
  const feeds = new WatchFeeds(router, {
    frame: () => frame, changes: () => ref.world.changeCount, now: () => 5_000_000 + 10 * frame,
    fault: (target, err) => { faults.push({ target, message: (err as Error).message }); },
  });
  feeds.afterFrame();
  const open = (url: string, sink: EventSink) => {
    const opened = feeds.open({ method: 'GET', url: `/watch${url}`, headers: {} }, sink);
    expect('closed' in opened, url).toBe(true);
    return opened as { closed(): void };
  };
  const tick = (): void => { ref.app.step(1 / 60); frame++; feeds.afterFrame(); };
  const earth = ref.world.lookup('Sun.Earth');
  const moveEarth = (x: number): void => { ref.world.set(earth, ref.ids.Position!, { x, y: 0 }); };
  return { ref, router, feeds, faults, open, tick, moveEarth, frameNow: () => frame };
}

describe('restored', () => {
  test('every stream, backed up or not, gets `restored` with the frame, then the restored world whole with the next frame', () => {
    const { feeds, open, tick, moveEarth, router } = setup();
    const a = new RecordingSink(), b = new RecordingSink(), c = new RecordingSink();
    open(EARTH, a); open(EARTH, b); open(PLANETS, c);
    tick();
    b.backedUp = true;
    feeds.restored(0);
    // The id: the frame restored to, at the host's clock now (frame 1's time: 5,000,010).
    for (const s of [a, b, c]) expect(s.events.at(-1)).toEqual({ event: 'restored', data: '{"frame":0}', id: '0@5000010' });
    b.backedUp = false;
    // Nothing changed in the world, and still every stream gets the whole reply: its reader
    // must not apply a change to the world it held before the restore.
    const before = [a, b, c].map((s) => s.events.length);
    tick();
    for (const [i, s] of [a, b, c].entries()) {
      expect(s.events).toHaveLength(before[i]! + 1);
      expect(s.events.at(-1)).toMatchObject({ event: 'full', id: '2@5000020' });
    }
    expect(a.events.at(-1)!.data).toBe(router.route('GET', EARTH).body);
    expect(c.events.at(-1)!.data).toBe(router.route('GET', PLANETS).body);
    // From then on, changes as before: a diff for a change, nothing when nothing changed.
    moveEarth(123);
    tick();
    expect(a.events.at(-1)).toMatchObject({ event: 'diff', id: '3@5000030' });
    const n = c.events.length;
    tick();
    expect(c.events).toHaveLength(n);
  });

  test('a stream opened after a restore, before the next frame, gets its first event with that frame', () => {
    const { feeds, open, tick, router, moveEarth } = setup();
    open(EARTH, new RecordingSink());
    tick();
    // The restore changed the world (as a real one does) before it told the feeds.
    moveEarth(999);
    feeds.restored(0);
    const late = new RecordingSink();
    open(EARTH, late);
    // The feed's state of frame 1 is no longer the world's: the new stream waits for frame 2.
    expect(late.events).toEqual([]);
    tick();
    expect(late.events).toEqual([{ event: 'full', data: router.route('GET', EARTH).body, id: '2@5000020' }]);
  });

  test('a sink that throws on `restored` is closed and dropped; the others get it', () => {
    const { feeds, open, tick } = setup();
    const good = new RecordingSink();
    const bad = new ThrowingSink((e) => e === 'restored');
    open(EARTH, good); open(EARTH, bad);
    tick();
    feeds.restored(0);
    expect(good.events.at(-1)).toMatchObject({ event: 'restored' });
    expect(bad.events.at(-1)).toEqual({ event: 'fail', data: JSON.stringify({ status: 500, error: 'this watch of /entity/Sun/Earth?values=true failed and was closed: sink refused restored' }), id: '0@5000010' });
    expect(bad.closedByFeed).toBe(1);
    expect(feeds.watcherCount).toBe(1);
    const n = bad.events.length;
    tick();
    expect(bad.events).toHaveLength(n);
    expect(good.events.at(-1)).toMatchObject({ event: 'full' });
  });
});

describe('broadcast', () => {
  test('every stream of every feed gets the event with the current frame\'s id, and its state is unchanged', () => {
    const { feeds, open, tick, ref, moveEarth } = setup();
    // Frames change nothing of Earth unless the test writes.
    for (const s of ref.app.pipeline.list()) ref.world.disable(s.entity);
    const a = new RecordingSink(), b = new RecordingSink(), c = new RecordingSink();
    open(EARTH, a); open(EARTH, b); open(PLANETS, c);
    tick(); tick();
    // Backed up or not: break events go to every stream.
    b.backedUp = true;
    feeds.broadcast('break', '{"hits":[]}');
    for (const s of [a, b, c]) expect(s.events.at(-1)).toEqual({ event: 'break', data: '{"hits":[]}', id: '2@5000020' });
    b.backedUp = false;
    const counts = [a, b, c].map((s) => s.events.length);
    tick();
    expect([a, b, c].map((s) => s.events.length), 'nothing changed: no event').toEqual(counts);
    moveEarth(77);
    tick();
    expect(a.events.at(-1)).toMatchObject({ event: 'diff', id: '4@5000040' });
    expect((a.state()!.reply as { values: { x: number }[] }).values[0]!.x).toBe(77);
  });

  test('a sink that throws on the broadcast is closed with a fail of the same id; the streams after it get the event', () => {
    const { feeds, open, tick } = setup();
    const bad = new ThrowingSink((e) => e === 'break');
    const good = new RecordingSink(), other = new RecordingSink();
    open(EARTH, bad); open(EARTH, good); open(PLANETS, other);
    tick();
    feeds.broadcast('break', '{}');
    expect(bad.events.at(-1)).toMatchObject({ event: 'fail', id: '1@5000010' });
    expect(JSON.parse(bad.events.at(-1)!.data)).toEqual({ status: 500, error: 'this watch of /entity/Sun/Earth?values=true failed and was closed: sink refused break' });
    expect(bad.closedByFeed).toBe(1);
    for (const s of [good, other]) expect(s.events.at(-1)).toEqual({ event: 'break', data: '{}', id: '1@5000010' });
    expect(feeds.watcherCount).toBe(2);
  });
});

describe('faults', () => {
  test('a sink that throws on its first event: open throws, and nothing of it stays', () => {
    const { feeds, open } = setup();
    open(PLANETS, new RecordingSink());
    const bad = new ThrowingSink(() => true);
    expect(() => feeds.open({ method: 'GET', url: `/watch${EARTH}`, headers: {} }, bad)).toThrow('sink refused full');
    expect(feeds.watcherCount).toBe(1);
    expect(feeds.feedCount).toBe(1);
    // A second on a target watched by others: the others keep the feed.
    expect(() => feeds.open({ method: 'GET', url: `/watch${PLANETS}`, headers: {} }, bad)).toThrow('sink refused full');
    expect(feeds.watcherCount).toBe(1);
    expect(feeds.feedCount).toBe(1);
  });

  test('a sink that throws on a change is closed with a fail naming the error, reported once; the others of its feed go on', () => {
    const { open, tick, moveEarth, faults } = setup();
    const bad = new ThrowingSink((e) => e === 'diff');
    const good = new RecordingSink();
    open(EARTH, good);
    open(EARTH, bad);
    moveEarth(5);
    tick();
    expect(bad.events.map((e) => e.event)).toEqual(['full', 'fail']);
    expect(bad.events[1]).toEqual({ event: 'fail', data: JSON.stringify({ status: 500, error: 'this watch of /entity/Sun/Earth?values=true failed and was closed: sink refused diff' }), id: '1@5000010' });
    expect(bad.closedByFeed).toBe(1);
    expect(faults).toEqual([{ target: EARTH, message: 'sink refused diff' }]);
    moveEarth(6);
    tick();
    expect(bad.events).toHaveLength(2);
    expect(faults).toHaveLength(1);
    expect(good.events.at(-1)).toMatchObject({ event: 'diff', id: '2@5000020' });
  });

  test('a sink whose fail also throws is dropped all the same, and not closed twice', () => {
    const { feeds, open, tick, moveEarth, faults } = setup();
    const bad = new ThrowingSink((e) => e !== 'full');
    open(EARTH, bad);
    open(EARTH, new RecordingSink());
    moveEarth(9);
    tick();
    expect(bad.events.map((e) => e.event)).toEqual(['full']);
    expect(bad.closedByFeed).toBe(0);
    expect(feeds.watcherCount).toBe(1);
    expect(faults).toHaveLength(1);
  });

  /** Watchers of EARTH (a, b) and PLANETS (c); then EARTH's read throws for a frame. */
  function brokenFeed() {
    let broken = false;
    const { feeds, open, tick, faults, moveEarth } = setup((router) => {
      const route = router.route;
      return Object.assign(Object.create(router) as Router, {
        route: (method: string, target: string, ...rest: unknown[]) => {
          if (broken && target === EARTH) throw new Error('read fell over');
          return (route as (...a: unknown[]) => ReturnType<Router['route']>).call(router, method, target, ...rest);
        },
      });
    });
    const a = new RecordingSink(), b = new RecordingSink(), c = new RecordingSink();
    const subs = [open(EARTH, a), open(EARTH, b)];
    open(PLANETS, c);
    tick();
    broken = true;
    tick();
    for (const s of [a, b]) {
      expect(s.events.at(-1)).toEqual({ event: 'fail', data: JSON.stringify({ status: 500, error: 'this watch of /entity/Sun/Earth?values=true failed and was closed: read fell over' }), id: '2@5000020' });
    }
    expect(faults).toEqual([{ target: EARTH, message: 'read fell over' }]);
    expect(feeds.feedCount).toBe(1);
    expect(feeds.watcherCount).toBe(1);
    tick();
    expect(faults).toHaveLength(1);
    return { feeds, open, tick, moveEarth, subs, fixRead: () => { broken = false; } };
  }

  test('a feed whose read throws closes all its watchers with the error, reports once, and drops the feed; other feeds go on', () => {
    brokenFeed();
  });

  test('a stream of the dropped feed that ends later does not take the new feed of its target with it', () => {
    const { feeds, open, tick, moveEarth, subs, fixRead } = brokenFeed();
    fixRead();
    const next = new RecordingSink();
    open(EARTH, next);
    expect(feeds.feedCount).toBe(2);
    // The failed streams end (their transport calls closed() when the connection goes).
    for (const s of subs) s.closed();
    expect(feeds.feedCount).toBe(2);
    expect(feeds.watcherCount).toBe(2);
    const n = next.events.length;
    moveEarth(4242);
    tick();
    expect(next.events).toHaveLength(n + 1);
    expect(next.events.at(-1)).toMatchObject({ event: 'diff' });
  });

  test('a sink that throws something that is not an Error: its fail names it as text', () => {
    const { open, tick, moveEarth } = setup();
    const bad = new RecordingSink();
    open(EARTH, bad);
    bad.write = (event, data, id) => {
      if (event !== 'fail') throw 'the reader went away';
      RecordingSink.prototype.write.call(bad, event, data, id);
    };
    moveEarth(31);
    tick();
    expect(bad.events).toHaveLength(2);
    expect(JSON.parse(bad.events.at(-1)!.data)).toEqual({ status: 500, error: 'this watch of /entity/Sun/Earth?values=true failed and was closed: the reader went away' });
  });
});

describe('opening', () => {
  test('a target that is not watchable is refused with the list of what is', () => {
    const { feeds } = setup();
    const refused = feeds.open({ method: 'GET', url: '/watch/stats/world', headers: {} }, new RecordingSink());
    expect(refused).toMatchObject({ status: 404 });
    expect(JSON.parse((refused as { body: string }).body).error).toBe("cannot watch '/watch/stats/world': watches are /watch/query?q=… and /watch/entity/<path>?…, with the parameters of GET /query and GET /entity (endpoints /watch/query, /watch/entity)");
    expect(feeds.feedCount).toBe(0);
  });

  test('a stream opened while its feed last failed, after the target came back, gets its first event with the next frame, not the failure', () => {
    const { ref, feeds, open, tick, router } = setup();
    const MARS = '/entity/Sun/Mars';
    const old = new RecordingSink();
    open(MARS, old);
    ref.world.delete(ref.world.lookup('Sun.Mars'));
    tick();
    expect(old.events.at(-1)).toMatchObject({ event: 'fail' });
    // Mars again, before the next frame: the GET answers 200, the feed's last state is the failure.
    ref.world.entity({ name: 'Mars', parent: ref.world.lookup('Sun') });
    const fresh = new RecordingSink();
    open(MARS, fresh);
    expect(fresh.events).toEqual([]);
    tick();
    expect(fresh.events).toEqual([{ event: 'full', data: router.route('GET', MARS).body, id: '2@5000020' }]);
    expect(feeds.watcherCount).toBe(2);
  });
});

describe('the frame budget\'s bounds', () => {
  test('a budget that is not a positive whole number of steps is refused, naming which and the value', () => {
    expect(() => new WatchFrameBudget(0, 10)).toThrow(new RangeError('frameSteps must be a positive whole number of evaluation steps, got 0'));
    expect(() => new WatchFrameBudget(10, 2.5)).toThrow(new RangeError('requestSteps must be a positive whole number of evaluation steps, got 2.5'));
    expect(() => new WatchFrameBudget(10, 0)).toThrow(new RangeError('requestSteps must be a positive whole number of evaluation steps, got 0'));
    expect(new WatchFrameBudget(1, 1).frameSteps).toBe(1);
  });
});

describe('what a stream gets, frame by frame', () => {
  test('a backed-up stream gets nothing while backed up, then one event that brings it to the latest state', () => {
    const { open, tick, moveEarth, router } = setup();
    const slow = new RecordingSink(), other = new RecordingSink();
    open(EARTH, slow); open(EARTH, other);
    slow.backedUp = true;
    for (const x of [11, 12, 13]) { moveEarth(x); tick(); }
    expect(slow.events).toHaveLength(1);
    expect(other.events).toHaveLength(4);
    slow.backedUp = false;
    tick();
    expect(slow.events).toHaveLength(2);
    expect(slow.state()!.reply).toEqual(JSON.parse(router.route('GET', EARTH).body));
  });

  test('a target that keeps failing sends one fail, not one per frame; the next failure that differs is sent', () => {
    const { ref, open, tick } = setup();
    const MARS = '/entity/Sun/Mars';
    const s = new RecordingSink();
    open(MARS, s);
    ref.world.delete(ref.world.lookup('Sun.Mars'));
    tick(); tick(); tick();
    expect(s.events.map((e) => e.event)).toEqual(['full', 'fail']);
  });

  test('a watch of /query without parameters gets the GET\'s own refusal, not a 404', () => {
    const { feeds, router } = setup();
    const refused = feeds.open({ method: 'GET', url: '/watch/query', headers: {} }, new RecordingSink());
    const get = router.route('GET', '/query');
    expect(get.status).toBe(400);
    expect(refused).toMatchObject({ status: 400, body: get.body });
  });
});

describe('a host clock without a time or a fault record', () => {
  function bare(broken?: string) {
    const ref = buildReferenceWorld();
    const plain = createRouter(ref.world);
    const router = Object.assign(Object.create(plain) as Router, {
      route: (method: string, target: string, ...rest: unknown[]) => {
        if (target === broken && ref.world.lookup('Broken') !== 0) throw new Error('read fell over');
        return (plain.route as (...a: unknown[]) => ReturnType<Router['route']>).call(plain, method, target, ...rest);
      },
    });
    let frame = 0;
    const feeds = new WatchFeeds(router, { frame: () => frame, changes: () => ref.world.changeCount });
    feeds.afterFrame();
    const tick = (): void => { ref.app.step(1 / 60); frame++; feeds.afterFrame(); };
    return { ref, feeds, tick };
  }

  test('restored and break events carry the wall clock in their ids', () => {
    const { feeds, tick } = bare();
    const s = new RecordingSink();
    feeds.open({ method: 'GET', url: `/watch${EARTH}`, headers: {} }, s);
    tick();
    const before = Date.now();
    feeds.broadcast('break', '{}');
    feeds.restored(0);
    const after = Date.now();
    const [brk, restored] = s.events.slice(-2).map((e) => e.id.split('@').map(Number));
    expect(brk![0]).toBe(1);
    expect(restored![0]).toBe(0);
    for (const t of [brk![1]!, restored![1]!]) { expect(t).toBeGreaterThanOrEqual(before); expect(t).toBeLessThanOrEqual(after); }
  });

  test('a sink or a feed that throws is closed all the same, and the frame goes on', () => {
    const { ref, feeds, tick } = bare(PLANETS);
    const bad = new ThrowingSink((e) => e === 'diff');
    const good = new RecordingSink(), reader = new RecordingSink();
    feeds.open({ method: 'GET', url: `/watch${EARTH}`, headers: {} }, good);
    feeds.open({ method: 'GET', url: '/watch/entity/Sun/Mars?values=true', headers: {} }, bad);
    feeds.open({ method: 'GET', url: `/watch${PLANETS}`, headers: {} }, reader);
    ref.world.set(ref.world.lookup('Sun.Earth'), ref.ids.Position!, { x: 3, y: 3 });
    ref.world.set(ref.world.lookup('Sun.Mars'), ref.ids.Position!, { x: 3, y: 3 });
    // The sink's fault, then the feed's: each closes its own, and afterFrame returns.
    expect(() => tick()).not.toThrow();
    expect(bad.closedByFeed).toBe(1);
    ref.world.entity({ name: 'Broken' });
    ref.world.set(ref.world.lookup('Sun.Earth'), ref.ids.Position!, { x: 4, y: 4 });
    expect(() => tick()).not.toThrow();
    expect(reader.events.at(-1)).toMatchObject({ event: 'fail' });
    expect(good.events.at(-1)).toMatchObject({ event: 'diff', id: expect.stringMatching(/^2@/) });
    expect(feeds.watcherCount).toBe(1);
  });
});
