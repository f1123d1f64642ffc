import { afterEach, describe, expect, test } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { FrameHub } from '../../../../src/main/host/frame-hub';
import { attachFrameSocket, type FrameSocket, type UpgradeHandler } from '../../../../src/main/host/frame-socket';
import type { PooledFrame } from '../../../../src/main/host/frame-pool';
import { FrameWriter, decodeFrame, parseMetaMessage, type MetaMessage } from '../../../../src/shared/protocol';

const META: MetaMessage = { type: 'meta', title: 'Test scene', entities: [{ id: 2 ** 35, name: 'Sun', path: 'Sun' }] };

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

/** A ws client that records what it receives and can wait for a condition. */
class Client {
  readonly texts: string[] = [];
  readonly frames: number[] = [];
  readonly order: ('meta' | 'frame')[] = [];
  private waiters: (() => void)[] = [];
  readonly ws: WebSocket;
  readonly closed: Promise<number>;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) {
        this.frames.push(decodeFrame(data).frameNumber);
        this.order.push('frame');
      } else {
        this.texts.push(data.toString());
        this.order.push('meta');
      }
      for (const w of this.waiters) w();
    });
    this.closed = new Promise((resolve) => this.ws.on('close', (code) => resolve(code)));
    this.ws.on('error', () => {});
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }

  until(cond: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = (): void => {
        if (!cond()) return;
        this.waiters = this.waiters.filter((w) => w !== check);
        resolve();
      };
      this.waiters.push(check);
      check();
    });
  }
}

let server: Server | undefined;
let socket: FrameSocket | undefined;
const clients: Client[] = [];

async function start(hub: FrameHub, options = {}): Promise<string> {
  const handlers = new Map<string, UpgradeHandler>();
  server = createServer((_req, res) => res.end());
  server.on('upgrade', (req, sock, head) => {
    const fn = handlers.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (fn) fn(req, sock, head);
    else sock.destroy();
  });
  socket = attachFrameSocket(hub, (path, fn) => handlers.set(path, fn), { heartbeatMs: 0, ...options });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/frames`;
}

function connect(url: string): Client {
  const c = new Client(url);
  clients.push(c);
  return c;
}

afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate();
  await socket?.close();
  socket = undefined;
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('frames over WebSocket', () => {
  test('a client receives the latest meta first, then the latest frame, then each new frame', async () => {
    const hub = new FrameHub();
    const url = await start(hub);
    const writer = new FrameWriter();
    hub.publishMeta(META);
    hub.publish(frame(writer, 3, 1));
    const c = connect(url);
    await c.until(() => c.frames.length >= 1);
    hub.publish(frame(writer, 5, 2));
    await c.until(() => c.frames.length >= 2);
    expect(c.order.slice(0, 3)).toEqual(['meta', 'frame', 'frame']);
    expect(parseMetaMessage(c.texts[0]!)).toEqual(META);
    expect(c.frames).toEqual([1, 2]);
    const renamed: MetaMessage = { ...META, entities: [] };
    hub.publishMeta(renamed);
    await c.until(() => c.texts.length >= 2);
    expect(parseMetaMessage(c.texts[1]!)).toEqual(renamed);
  });

  test('a client that stops reading gets frames dropped; the publisher and other clients carry on', async () => {
    const hub = new FrameHub();
    const url = await start(hub);
    const writer = new FrameWriter();
    const stalled = connect(url);
    const healthy = connect(url);
    await Promise.all([stalled.opened(), healthy.opened()]);
    await healthy.until(() => hub.stats.subscribers === 2);
    stalled.ws.pause();
    const n = 10_000;
    let frameBytes = 0;
    let maxBuffered = 0;
    let k = 0;
    const publishNext = (): void => {
      const bytes = frame(writer, n, ++k);
      frameBytes = bytes.byteLength;
      hub.publish(bytes);
      maxBuffered = Math.max(maxBuffered, socket!.bufferedBytes);
    };
    // Keep publishing (letting the event loop run now and then) until `client` has a frame past `after`.
    const publishUntilReceived = async (client: Client, after: number): Promise<void> => {
      for (let guard = 0; guard < 2000 && !client.frames.some((f) => f > after); guard++) {
        publishNext();
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };
    for (let i = 0; i < 300; i++) {
      publishNext();
      if (i % 5 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    // 300 frames of 460 kB is 138 MB: without the drop policy the stalled client's share would be queued.
    expect(hub.stats.dropped).toBeGreaterThan(200);
    expect(maxBuffered).toBeLessThanOrEqual(2 * 3 * frameBytes);
    await publishUntilReceived(healthy, 300);
    expect(healthy.frames.some((f) => f > 300)).toBe(true);
    const beforeResume = k;
    stalled.ws.resume();
    await publishUntilReceived(stalled, beforeResume);
    expect(stalled.frames.some((f) => f > beforeResume)).toBe(true);
    expect(stalled.frames.length).toBeLessThan(beforeResume / 2);
  });

  test('close() closes every client, even one that stopped reading, and refuses new ones', async () => {
    const hub = new FrameHub();
    const url = await start(hub, { closeTimeoutMs: 200 });
    hub.publishMeta(META);
    const a = connect(url);
    const b = connect(url);
    const stalled = connect(url);
    await Promise.all([a.opened(), b.opened(), stalled.opened()]);
    stalled.ws.pause();
    await a.until(() => socket!.clients === 3);
    await socket!.close();
    expect(socket!.clients).toBe(0);
    expect(hub.stats.subscribers).toBe(0);
    expect(await a.closed).toBe(1001);
    expect(await b.closed).toBe(1001);
    const late = connect(url);
    await expect(late.opened()).rejects.toThrow(/503/);
  });
});

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
});
