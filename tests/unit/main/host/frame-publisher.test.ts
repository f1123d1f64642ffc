// What the frame publisher sends a viewport after each frame, asserted on the host's own app and
// demo scene with a hub of the test's: nothing is packed while nobody listens; the names (meta)
// message goes first and again only when the names, the shown world (live or past) or the time
// control change; each frame carries the live frame number, the past frame it shows, and the
// entities of the last breakpoint hit flagged Highlighted until the systems run again; a past that
// cannot be replayed is reported once and the live world is drawn. The real loop driving it with
// its own clock is asserted by viewport-frames.test.ts; here frames are stepped one by one so
// that each publish can be checked exactly.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseHostOptions } from '../../../../src/main/cli';
import { FrameHub } from '../../../../src/main/host/frame-hub';
import { FramePublisher, type PublisherSources, type ShownTime } from '../../../../src/main/host/frame-publisher';
import { Host } from '../../../../src/main/host/index';
import type { History } from '../../../../src/shared/history';
import { decodeFrame, FrameFlag, LIVE_FRAME, parseMetaMessage, type FrameView, type MetaMessage } from '../../../../src/shared/protocol';

/** What one viewport received, in order. */
interface Received { metas: MetaMessage[]; frames: FrameView[]; order: ('meta' | 'frame')[] }

/** A history stand-in: which frame the explorer looks at, and whether replaying it works. */
class FakePast {
  viewing: number | undefined;
  fail: Error | undefined;
  viewed: number[] = [];
  viewAt(frame: number): void {
    this.viewed.push(frame);
    if (this.fail) throw this.fail;
  }
  setView(frame: number | undefined): void {
    this.viewing = frame;
  }
}

const hosts: Host[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.stop();
});

/** A host that is never started (no loop, no server), a publisher of the test's over its app, and one viewport. */
function setUp(opts: { subscribe?: boolean; history?: boolean } = {}) {
  const h = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '5', '--seed', '3']), mkdtempSync(join(tmpdir(), 'pages-')));
  hosts.push(h);
  const hub = new FrameHub();
  const past = new FakePast();
  const faults: unknown[] = [];
  let time: ShownTime = { paused: false, time_scale: 1 };
  const sources: PublisherSources = {
    app: h.app, hub, live: h.demo,
    past: opts.history === false ? undefined : { history: past as unknown as History, scene: h.demo },
    time: () => time,
    fault: (err) => faults.push(err),
  };
  const publisher = new FramePublisher(sources);
  const got: Received = { metas: [], frames: [], order: [] };
  const subscribe = (): void => {
    hub.subscribe({
      offerFrame: (f) => { got.frames.push(decodeFrame(new Uint8Array(f.bytes))); got.order.push('frame'); return true; },
      sendMeta: (text) => { got.metas.push(parseMetaMessage(text)!); got.order.push('meta'); },
      close: () => {},
    });
  };
  if (opts.subscribe !== false) subscribe();
  return { h, hub, past, faults, publisher, got, subscribe, setTime: (t: ShownTime) => { time = t; } };
}

/** The ids a frame flags Highlighted, sorted. */
function lit(f: FrameView): number[] {
  return [...f.ids].filter((_, i) => (f.flags[i]! & FrameFlag.Highlighted) !== 0).sort((a, b) => a - b);
}

describe('FramePublisher', () => {
  test('packs nothing while no viewport listens; the first viewport gets the names first, then the frame', () => {
    const { h, hub, publisher, got, subscribe } = setUp({ subscribe: false });
    h.app.step(1 / 60);
    publisher.publish();
    expect(hub.stats.published).toBe(0);
    expect(hub.latestMeta).toBeUndefined();
    subscribe();
    publisher.publish();
    expect(hub.stats.published).toBe(1);
    expect(got.order).toEqual(['meta', 'frame']);
    const names = got.metas[0]!.entities.map((e) => e.path);
    expect(names).toContain('Sun');
    expect(names).toContain('Sun.Earth');
    expect(got.metas[0]!.time).toEqual({ paused: false, time_scale: 1 });
  });

  test('every frame carries the live frame number and the drawn entities; the names go again only when they change', () => {
    const { h, publisher, got } = setUp();
    for (let k = 0; k < 3; k++) {
      h.app.step(1 / 60);
      publisher.publish();
    }
    expect(got.order).toEqual(['meta', 'frame', 'frame', 'frame']);
    const first = h.app.pipeline.frame - 2;
    expect(got.frames.map((f) => f.frameNumber)).toEqual([first, first + 1, first + 2]);
    expect(got.frames.every((f) => f.pastFrame === LIVE_FRAME)).toBe(true);
    const earth = h.world.lookupSymbol('Sun.Earth');
    expect([...got.frames[2]!.ids]).toContain(earth);
    // A renamed label changes the names message: sent again before the next frame, once.
    h.world.setDoc(earth, 'name', 'Terra');
    publisher.publish();
    publisher.publish();
    expect(got.order.slice(4)).toEqual(['meta', 'frame', 'frame']);
    expect(got.metas[1]!.entities.find((e) => e.id === earth)?.label).toBe('Terra');
  });

  test('the time control goes with the names when it changes; without time control the names carry none', () => {
    const { publisher, got, setTime } = setUp();
    publisher.publish();
    setTime({ paused: true, time_scale: 1 });
    publisher.publish();
    publisher.publish();
    setTime({ paused: true, time_scale: 0.5 });
    publisher.publish();
    setTime(undefined);
    publisher.publish();
    expect(got.order).toEqual(['meta', 'frame', 'meta', 'frame', 'frame', 'meta', 'frame', 'meta', 'frame']);
    expect(got.metas.map((m) => m.time)).toEqual([{ paused: false, time_scale: 1 }, { paused: true, time_scale: 1 }, { paused: true, time_scale: 0.5 }, undefined]);
    expect('time' in got.metas[3]!).toBe(false);
  });

  test('while the explorer looks at the past the frames show that frame, with the live number; the names are sent on each switch', () => {
    const { h, past, publisher, got } = setUp();
    h.app.step(1 / 60);
    publisher.publish();
    past.viewing = 4;
    h.app.step(1 / 60);
    publisher.publish();
    h.app.step(1 / 60);
    publisher.publish();
    past.viewing = undefined;
    publisher.publish();
    expect(past.viewed).toEqual([4, 4]);
    expect(got.order).toEqual(['meta', 'frame', 'meta', 'frame', 'frame', 'meta', 'frame']);
    expect(got.frames.map((f) => f.pastFrame)).toEqual([LIVE_FRAME, 4, 4, LIVE_FRAME]);
    const live = h.app.pipeline.frame;
    expect(got.frames.map((f) => f.frameNumber)).toEqual([live - 2, live - 1, live, live]);
  });

  test('a past that cannot be replayed is reported once, no longer asked for, and the live world is drawn', () => {
    const { past, faults, publisher, got } = setUp();
    past.viewing = 7;
    past.fail = new Error('replay diverged at frame 7');
    publisher.publish();
    publisher.publish();
    expect(faults).toEqual([past.fail]);
    expect(past.viewing).toBeUndefined();
    expect(past.viewed).toEqual([7]);
    expect(got.frames.map((f) => f.pastFrame)).toEqual([LIVE_FRAME, LIVE_FRAME]);
    expect(got.order).toEqual(['meta', 'frame', 'frame']);
  });

  test('a hit flags its entities until the systems run again; a new hit replaces the last; a restore clears them', () => {
    const { h, publisher, got } = setUp();
    const [sun, earth, mars] = ['Sun', 'Sun.Earth', 'Sun.Mars'].map((p) => h.world.lookupSymbol(p));
    publisher.hit([earth!, mars!]);
    expect([...publisher.highlighted].sort((a, b) => a - b)).toEqual([earth!, mars!].sort((a, b) => a - b));
    publisher.publish();
    expect(lit(got.frames[0]!)).toEqual([earth!, mars!].sort((a, b) => a - b));
    publisher.hit([sun!]);
    publisher.publish();
    expect(lit(got.frames[1]!)).toEqual([sun]);
    // Paused (the hit paused the world): frames go on, the systems do not, the flag stays.
    h.world.set(h.world.core.World, h.app.TimeControl, { paused: true });
    h.app.step(1 / 60);
    expect(h.app.simulated).toBe(false);
    publisher.beforeHits();
    publisher.publish();
    expect(lit(got.frames[2]!)).toEqual([sun]);
    // The systems ran (continue or step): the hit is over.
    h.world.set(h.world.core.World, h.app.TimeControl, { paused: false });
    h.app.step(1 / 60);
    expect(h.app.simulated).toBe(true);
    publisher.beforeHits();
    publisher.publish();
    expect(lit(got.frames[3]!)).toEqual([]);
    expect(publisher.highlighted).toEqual([]);
    publisher.hit([earth!]);
    publisher.clearHighlight();
    publisher.publish();
    expect(lit(got.frames[4]!)).toEqual([]);
    expect(publisher.highlighted).toEqual([]);
  });

  test('with history off the live world is drawn', () => {
    const { h, publisher, got } = setUp({ history: false });
    h.app.step(1 / 60);
    publisher.publish();
    expect(got.order).toEqual(['meta', 'frame']);
    expect(got.frames[0]!.pastFrame).toBe(LIVE_FRAME);
    expect(got.frames[0]!.frameNumber).toBe(h.app.pipeline.frame);
  });
});
