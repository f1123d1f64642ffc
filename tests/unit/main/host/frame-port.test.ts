import { describe, expect, test } from 'vitest';
import { FrameHub } from '../../../../src/main/host/frame-hub';
import { attachFramePort, type FramePortLike } from '../../../../src/main/host/frame-port';
import { FrameWriter, decodeFrame, type MetaMessage } from '../../../../src/shared/protocol';

/** Stands in for Electron's MessagePortMain: records posts, lets the test play the renderer. */
class FakePort implements FramePortLike {
  readonly posted: unknown[] = [];
  started = false;
  closed = false;
  closes = 0;
  private onMessage: ((e: { data: unknown }) => void) | undefined;
  private onClose: (() => void) | undefined;

  postMessage(message: unknown): void {
    // Electron clones the message; a copy shows the bytes are not needed after the call.
    this.posted.push(message instanceof Uint8Array ? message.slice() : message);
  }
  on(event: 'message' | 'close', listener: ((e: { data: unknown }) => void) | (() => void)): this {
    if (event === 'message') this.onMessage = listener as (e: { data: unknown }) => void;
    else if (event === 'close') this.onClose = listener as () => void;
    else throw new Error(`no such event: ${String(event)}`);
    return this;
  }
  start(): void { this.started = true; }
  close(): void { this.closed = true; this.closes++; }

  /** The renderer posts a message back. */
  reply(data: unknown): void { this.onMessage?.({ data }); }
  /** The renderer went away. */
  remoteClosed(): void { this.onClose?.(); }
  frameNumbers(): number[] {
    return this.posted.filter((m): m is Uint8Array => m instanceof Uint8Array).map((m) => decodeFrame(m).frameNumber);
  }
}

function frame(writer: FrameWriter, frameNumber: number): Uint8Array {
  writer.begin(frameNumber, 0, 60);
  writer.push(2 ** 40, 1, 2, 3, 0, 0, 0, 1, 1, 0xff0000, 0, 1);
  return writer.finish();
}

const META: MetaMessage = { type: 'meta', title: 'Desk', entities: [{ id: 2 ** 40, name: 'Sun', path: 'Sun' }] };

describe('frames over a MessagePort', () => {
  test('sends meta first, then frames; skips frames while more than 2 are unacknowledged', () => {
    const hub = new FrameHub();
    const writer = new FrameWriter();
    hub.publishMeta(META);
    const port = new FakePort();
    const link = attachFramePort(hub, port);
    expect(port.started).toBe(true);
    expect(port.posted[0]).toBe(JSON.stringify(META));
    for (let k = 1; k <= 6; k++) hub.publish(frame(writer, k));
    expect(port.frameNumbers()).toEqual([1, 2, 3]);
    expect(link.unacked).toBe(3);
    expect(link.dropped).toBe(3);
    // The viewport drew frame 3: everything up to 3 is done; sending resumes with the next frame.
    port.reply({ ack: 3 });
    expect(link.unacked).toBe(0);
    hub.publish(frame(writer, 7));
    expect(port.frameNumbers()).toEqual([1, 2, 3, 7]);
    // Anything but an acknowledgement of a frame number is ignored.
    for (const data of [{ ack: 'nonsense' }, { ack: '9' }, null, 7]) port.reply(data);
    expect(link.unacked).toBe(1);
    // The hub counts what the port took and what it skipped.
    expect(hub.stats).toMatchObject({ published: 7, delivered: 4, dropped: 3 });
  });

  test('a port whose page went away is unsubscribed and closed', () => {
    const hub = new FrameHub();
    const port = new FakePort();
    attachFramePort(hub, port);
    expect(hub.stats.subscribers).toBe(1);
    port.remoteClosed();
    expect(hub.stats.subscribers).toBe(0);
    expect(port.closed).toBe(true);
  });

  test('link.close() and hub.close() both end the port', () => {
    const hub = new FrameHub();
    const a = new FakePort();
    const b = new FakePort();
    const link = attachFramePort(hub, a);
    attachFramePort(hub, b);
    link.close();
    expect(a.closed).toBe(true);
    expect(hub.stats.subscribers).toBe(1);
    hub.close();
    expect(b.closed).toBe(true);
    expect(hub.stats.subscribers).toBe(0);
  });

  test('an acknowledgement frees every frame up to its number, not later ones; maxUnacked sets how many may be in flight', () => {
    const hub = new FrameHub();
    const writer = new FrameWriter();
    const port = new FakePort();
    const link = attachFramePort(hub, port, { maxUnacked: 0 });
    hub.publish(frame(writer, 1));
    hub.publish(frame(writer, 2));
    // With none allowed unacknowledged beyond the one in flight, frame 2 is skipped.
    expect(port.frameNumbers()).toEqual([1]);
    expect([link.unacked, link.dropped]).toEqual([1, 1]);
    port.reply({ ack: 0 });
    expect(link.unacked).toBe(1);
    port.reply({ ack: 1 });
    expect(link.unacked).toBe(0);
    const wide = new FakePort();
    const wideLink = attachFramePort(hub, wide, { maxUnacked: 5 });
    for (let k = 3; k <= 10; k++) hub.publish(frame(writer, k));
    // Joining gets the latest frame (2) first; then 6 in flight at most.
    expect(wide.frameNumbers()).toEqual([2, 3, 4, 5, 6, 7]);
    wide.reply({ ack: 4 });
    expect(wideLink.unacked).toBe(3);
    hub.publish(frame(writer, 11));
    expect(wide.frameNumbers()).toEqual([2, 3, 4, 5, 6, 7, 11]);
    expect(wideLink.dropped).toBe(3);
  });

  test('names published later reach the port; a closed link gets nothing more and closes its port once', () => {
    const hub = new FrameHub();
    const writer = new FrameWriter();
    const port = new FakePort();
    const link = attachFramePort(hub, port);
    hub.publishMeta(META);
    expect(port.posted).toEqual([JSON.stringify(META)]);
    link.close();
    link.close();
    port.remoteClosed();
    hub.publish(frame(writer, 1));
    hub.publishMeta(META);
    expect(port.posted).toHaveLength(1);
    expect(port.closes).toBe(1);
  });
});
