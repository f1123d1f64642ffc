import { describe, expect, test } from 'vitest';
import { FrameHub } from '../../../../src/main/host/frame-hub';
import { attachFramePort, type FramePortLike } from '../../../../src/main/host/frame-port';
import { FrameWriter, decodeFrame, type MetaMessage } from '../../../../src/shared/protocol';

/** Stands in for Electron's MessagePortMain: records posts, lets the test play the renderer. */
class FakePort implements FramePortLike {
  readonly posted: unknown[] = [];
  started = false;
  closed = false;
  private onMessage: ((e: { data: unknown }) => void) | undefined;
  private onClose: (() => void) | undefined;

  postMessage(message: unknown): void {
    // Electron clones the message; a copy shows the bytes are not needed after the call.
    this.posted.push(message instanceof Uint8Array ? message.slice() : message);
  }
  on(event: 'message' | 'close', listener: ((e: { data: unknown }) => void) | (() => void)): this {
    if (event === 'message') this.onMessage = listener as (e: { data: unknown }) => void;
    else this.onClose = listener as () => void;
    return this;
  }
  start(): void { this.started = true; }
  close(): void { this.closed = true; }

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
    port.reply({ ack: 'nonsense' });
    expect(link.unacked).toBe(1);
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
});
