// The frame stream over WebSocket (/frames), as a browser viewport sees it: the latest names, then
// the latest frame, then each new one, in order, each frame's bytes as published; a client that
// stops reading has frames skipped (never queued without bound), gets the latest names before the
// next frame it takes, and does not hold back the others; a client that stops answering pings is
// dropped; oversized messages from a client end it; close() ends every client and refuses new ones
// with a clear 503. Waits are on received messages, close events and event-loop turns, never on timers.
import { afterEach, describe, expect, test } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, type ClientOptions } from 'ws';
import { FrameHub } from '../../../../src/main/host/frame-hub';
import { attachFrameSocket, type FrameSocket, type FrameSocketOptions, type UpgradeHandler } from '../../../../src/main/host/frame-socket';
import { FrameWriter, decodeFrame, parseMetaMessage, type MetaMessage } from '../../../../src/shared/protocol';
import { parseRaw, rawExchange } from '../../../support/raw-http';

const META: MetaMessage = { type: 'meta', title: 'Test scene', entities: [{ id: 2 ** 35, name: 'Sun', path: 'Sun' }] };

/** A frame of `n` entities whose first x position is its frame number (so a frame's bytes can be checked against its header). */
function frame(writer: FrameWriter, n: number, frameNumber: number): Uint8Array {
  writer.begin(frameNumber, frameNumber / 60, 60);
  const s = writer.reserve(n);
  for (let i = 0; i < n; i++) {
    s.ids[i] = 2 ** 35 + i;
    s.positions[i * 3] = frameNumber + i;
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
  /** The close frame's reason, once closed. */
  reason = '';

  /** Frames whose bytes do not match their header (a buffer reused while still being sent). */
  readonly garbled: number[] = [];
  readonly pings: number[] = [];

  constructor(url: string, options?: ClientOptions) {
    this.ws = new WebSocket(url, options);
    this.ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) {
        const f = decodeFrame(data);
        this.frames.push(f.frameNumber);
        if (f.positions[0] !== f.frameNumber) this.garbled.push(f.frameNumber);
        this.order.push('frame');
      } else {
        this.texts.push(data.toString());
        this.order.push('meta');
      }
      for (const w of this.waiters) w();
    });
    this.ws.on('ping', () => { this.pings.push(this.pings.length); for (const w of this.waiters) w(); });
    this.closed = new Promise((resolve) => this.ws.on('close', (code, reason) => { this.reason = reason.toString(); resolve(code); }));
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

async function start(hub: FrameHub, options: FrameSocketOptions = {}): Promise<string> {
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

function connect(url: string, options?: ClientOptions): Client {
  const c = new Client(url, options);
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
    expect(hub.stats).toEqual({ published: 2, delivered: 2, dropped: 0, subscribers: 1 });
    const renamed: MetaMessage = { ...META, entities: [] };
    hub.publishMeta(renamed);
    await c.until(() => c.texts.length >= 2);
    expect(parseMetaMessage(c.texts[1]!)).toEqual(renamed);
  });

  test('a client that stops reading gets frames dropped, never garbled or out of order, and the latest names before its next frame; the others carry on', async () => {
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
    expect(maxBuffered).toBeGreaterThan(frameBytes);
    // Names published while it is backed up wait for room; only the latest is sent.
    const renamed: MetaMessage = { ...META, title: 'Renamed' };
    hub.publishMeta(META);
    hub.publishMeta(renamed);
    await publishUntilReceived(healthy, 300);
    expect(healthy.frames.some((f) => f > 300)).toBe(true);
    const beforeResume = k;
    stalled.ws.resume();
    await publishUntilReceived(stalled, beforeResume);
    expect(stalled.frames.some((f) => f > beforeResume)).toBe(true);
    expect(stalled.frames.length).toBeLessThan(beforeResume / 2);
    // Two more frames taken: the names were sent once, not again with each frame.
    await publishUntilReceived(stalled, k);
    await publishUntilReceived(stalled, k);
    expect(stalled.texts.map(parseMetaMessage)).toEqual([renamed]);
    const metaAt = stalled.order.indexOf('meta');
    // Before the names: frames queued before it stalled; right after: the first frame taken after resuming.
    expect(stalled.frames[metaAt]).toBeGreaterThan(beforeResume);
    expect(parseMetaMessage(healthy.texts.at(-1)!)).toEqual(renamed);
    // Every frame arrives whole (its bytes are its own frame's) and in order: a buffer the pool
    // reused while a socket still had it queued would show up here as a later frame's bytes.
    for (const c of [stalled, healthy]) {
      expect(c.garbled).toEqual([]);
      expect(c.frames).toEqual([...c.frames].sort((a, b) => a - b));
      expect(new Set(c.frames).size).toBe(c.frames.length);
    }
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
    expect(a.reason).toBe('host shutting down');
    const late = connect(url);
    await expect(late.opened()).rejects.toThrow(/503/);
  });

  test('a client that stops answering pings is dropped; one that answers stays', async () => {
    const hub = new FrameHub();
    const url = await start(hub, { heartbeatMs: 50 });
    const silent = connect(url, { autoPong: false });
    const answering = connect(url);
    await Promise.all([silent.opened(), answering.opened()]);
    // The server pings every interval; a client that did not answer the last ping is cut (no close frame: 1006).
    expect(await silent.closed).toBe(1006);
    expect(silent.pings.length).toBeGreaterThanOrEqual(1);
    const seen = answering.pings.length;
    await answering.until(() => answering.pings.length >= seen + 3);
    expect(answering.ws.readyState).toBe(WebSocket.OPEN);
    expect(socket!.clients).toBe(1);
  });

  test('a client that closes is unsubscribed; hub.close() ends every client with 1001', async () => {
    const hub = new FrameHub();
    const url = await start(hub);
    hub.publishMeta(META);
    const leaving = connect(url);
    const a = connect(url);
    const b = connect(url);
    for (const c of [leaving, a, b]) await c.until(() => c.texts.length === 1);
    expect(hub.stats.subscribers).toBe(3);
    leaving.ws.close();
    await leaving.closed;
    for (let turn = 0; turn < 1000 && hub.stats.subscribers > 2; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(hub.stats.subscribers).toBe(2);
    hub.close();
    expect([await a.closed, await b.closed]).toEqual([1001, 1001]);
    expect([a.reason, b.reason]).toEqual(['host shutting down', 'host shutting down']);
  });

  test('no compression is negotiated, and a client sending more than 4 KiB in one message is closed (1009) without harm to the others', async () => {
    const hub = new FrameHub();
    const url = await start(hub);
    const big = connect(url);
    const other = connect(url);
    await Promise.all([big.opened(), other.opened()]);
    // The client offers permessage-deflate by default; frames are sent as they are.
    expect(big.ws.extensions).toBe('');
    big.ws.send(Buffer.alloc(4097));
    expect(await big.closed).toBe(1009);
    const writer = new FrameWriter();
    hub.publish(frame(writer, 2, 9));
    await other.until(() => other.frames.includes(9));
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
  });

  test('while shutting down, an upgrade gets a 503 whose JSON error says to reconnect later', async () => {
    const hub = new FrameHub();
    const url = await start(hub);
    await socket!.close();
    const port = new URL(url).port;
    const raw = await rawExchange(Number(port), 'GET /frames HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
      + 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n');
    const reply = parseRaw(raw);
    expect(reply.status).toBe(503);
    expect(reply.headers['content-type']).toBe('application/json');
    expect(JSON.parse(reply.body)).toEqual({ error: 'the frame stream is shutting down: reconnect when the host is back' });
  });
});
