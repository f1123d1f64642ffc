// The hub between the publisher and the viewports: every subscriber is offered each frame without
// waiting for any; a new one gets the latest names, then the latest frame; a broken one harms no
// other; after close() nothing is sent and a late subscriber is closed at once.
import { describe, expect, test } from 'vitest';
import { FrameHub } from '../../../../src/main/host/frame-hub';
import type { PooledFrame } from '../../../../src/main/host/frame-pool';
import { FrameWriter, decodeFrame, type MetaMessage } from '../../../../src/shared/protocol';

const META: MetaMessage = { type: 'meta', title: 'Test scene', entities: [{ id: 2 ** 35, name: 'Sun', path: 'Sun' }] };

/** A subscriber that records what it is sent, in order, and whether it was closed. */
function recorder(opts: { failMeta?: boolean; failClose?: boolean } = {}) {
  const got: string[] = [];
  let closed = 0;
  return {
    got, get closed() { return closed; },
    offerFrame: (f: PooledFrame) => { got.push(`frame ${f.frameNumber}`); return true; },
    sendMeta: (text: string) => { if (opts.failMeta) throw new Error('socket gone'); got.push(`meta ${(JSON.parse(text) as MetaMessage).title}`); },
    close: () => { closed++; if (opts.failClose) throw new Error('already closed'); },
  };
}

function frame(writer: FrameWriter, n: number, frameNumber: number): Uint8Array {
  writer.begin(frameNumber, frameNumber / 60, 60);
  const s = writer.reserve(n);
  for (let i = 0; i < n; i++) {
    s.ids[i] = 2 ** 35 + i;
    s.positions[i * 3] = i;
    s.rotations[i * 4 + 3] = 1;
    s.scales[i] = 1;
    s.colors[i] = 0xffffff;
  }
  return writer.finish();
}

describe('FrameHub', () => {
  test('a failing or slow subscriber does not stop delivery to the others; drops are counted', () => {
    const hub = new FrameHub();
    const got: number[] = [];
    hub.subscribe({ offerFrame: () => { throw new Error('broken pipe'); }, sendMeta: () => {}, close: () => {} });
    hub.subscribe({ offerFrame: () => false, sendMeta: () => {}, close: () => {} });
    hub.subscribe({ offerFrame: (f: PooledFrame) => { got.push(f.frameNumber); return true; }, sendMeta: () => {}, close: () => {} });
    const writer = new FrameWriter();
    hub.publish(frame(writer, 2, 1));
    hub.publish(frame(writer, 2, 2));
    expect(got).toEqual([1, 2]);
    expect(hub.stats).toMatchObject({ published: 2, delivered: 2, dropped: 4, subscribers: 3 });
  });

  test('a published frame is a copy: reusing the writer does not change what subscribers hold', () => {
    const hub = new FrameHub();
    const held: PooledFrame[] = [];
    hub.subscribe({ offerFrame: (f) => { f.retain(); held.push(f); return true; }, sendMeta: () => {}, close: () => {} });
    const writer = new FrameWriter();
    hub.publish(frame(writer, 4, 1));
    hub.publish(frame(writer, 4, 2));
    expect(held.map((f) => decodeFrame(f.bytes).frameNumber)).toEqual([1, 2]);
  });

  test('rejects a malformed frame with FrameFormatError', () => {
    expect(() => new FrameHub().publish(new Uint8Array(8))).toThrow(/frame too short/);
  });

  test('a new subscriber gets the latest names, then the latest frame, then each new one; unsubscribed, nothing more', () => {
    const hub = new FrameHub();
    const writer = new FrameWriter();
    expect(hub.latestMeta).toBeUndefined();
    expect(hub.latestFrameNumber).toBeNaN();
    const early = recorder();
    hub.subscribe(early);
    expect(early.got).toEqual([]);
    hub.publishMeta({ ...META, title: 'first' });
    hub.publish(frame(writer, 1, 1));
    hub.publishMeta(META);
    hub.publish(frame(writer, 1, 2));
    expect(hub.latestMeta).toEqual(META);
    expect(hub.latestFrameNumber).toBe(2);
    const late = recorder();
    const off = hub.subscribe(late);
    expect(late.got).toEqual(['meta Test scene', 'frame 2']);
    hub.publish(frame(writer, 1, 3));
    off();
    hub.publish(frame(writer, 1, 4));
    hub.publishMeta({ ...META, title: 'after' });
    expect(late.got).toEqual(['meta Test scene', 'frame 2', 'frame 3']);
    expect(early.got).toEqual(['meta first', 'frame 1', 'meta Test scene', 'frame 2', 'frame 3', 'frame 4', 'meta after']);
    expect(hub.stats).toEqual({ published: 4, delivered: 6, dropped: 0, subscribers: 1 });
  });

  test('a subscriber whose names fail does not stop the names reaching the others', () => {
    const hub = new FrameHub();
    const broken = recorder({ failMeta: true });
    const ok = recorder();
    hub.subscribe(broken);
    hub.subscribe(ok);
    hub.publishMeta(META);
    expect(ok.got).toEqual(['meta Test scene']);
    hub.subscribe(recorder({ failMeta: true }));
    expect(hub.stats.subscribers).toBe(3);
  });

  test('the hub holds only the latest frame, and lets go of it on close', () => {
    const hub = new FrameHub();
    const writer = new FrameWriter();
    const held: PooledFrame[] = [];
    hub.subscribe({ offerFrame: (f) => { f.retain(); held.push(f); return true; }, sendMeta: () => {}, close: () => {} });
    hub.publish(frame(writer, 1, 1));
    expect(held[0]!.holders).toBe(2);
    hub.publish(frame(writer, 1, 2));
    // Frame 1 is now held by the subscriber alone; frame 2 by both.
    expect(held.map((f) => f.holders)).toEqual([1, 2]);
    hub.close();
    expect(held.map((f) => f.holders)).toEqual([1, 1]);
    expect(hub.latestFrameNumber).toBeNaN();
  });

  test('close() closes every subscriber once, even past one whose close throws; afterwards nothing is sent and a late subscriber is closed at once', () => {
    const hub = new FrameHub();
    const writer = new FrameWriter();
    const a = recorder({ failClose: true });
    const b = recorder();
    hub.subscribe(a);
    hub.subscribe(b);
    hub.close();
    hub.close();
    expect([a.closed, b.closed]).toEqual([1, 1]);
    expect(hub.stats.subscribers).toBe(0);
    hub.publishMeta(META);
    hub.publish(frame(writer, 1, 1));
    expect(hub.stats.published).toBe(0);
    expect(hub.latestMeta).toBeUndefined();
    const late = recorder();
    const off = hub.subscribe(late);
    expect(late.closed).toBe(1);
    off();
    expect(hub.stats.subscribers).toBe(0);
    expect([a.got, b.got, late.got]).toEqual([[], [], []]);
  });
});
