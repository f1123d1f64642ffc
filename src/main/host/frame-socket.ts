// Serves the frame stream over WebSocket at /frames on the host's HTTP server (browser viewport).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import type { FrameHub, FrameSubscriber } from './frame-hub';
import type { PooledFrame } from './frame-pool';

/** Takes over one upgraded connection (the HTTP transport's onUpgrade listener type). */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** Registers an upgrade handler for a path, e.g. the HTTP transport's `onUpgrade`. */
export type UpgradeRegistrar = (path: string, handler: UpgradeHandler) => void;

/** Options of attachFrameSocket. */
export interface FrameSocketOptions {
  /** Upgrade path (default '/frames'). */
  path?: string;
  /** Skip a frame while the client has more than this many frames' bytes unsent (default 2). */
  maxBufferedFrames?: number;
  /** Ping interval in ms; a client that misses a whole interval is dropped (default 30_000; 0 = off). */
  heartbeatMs?: number;
  /** How long close() waits for clients to finish the close handshake before cutting them, in ms (default 1000). */
  closeTimeoutMs?: number;
}

/** The running WebSocket endpoint. */
export interface FrameSocket {
  /** Clients connected now. */
  readonly clients: number;
  /** Bytes queued for all clients and not yet handed to the OS (ws bufferedAmount, summed). */
  readonly bufferedBytes: number;
  /** Closes every client (close code 1001) and refuses new ones; resolves when all sockets are gone. */
  close(): Promise<void>;
}

// Meta text may wait while a client is this far behind, whatever the frame size.
const MIN_BUFFER_LIMIT = 64 * 1024;

/** Serves `hub`'s frames to WebSocket clients on the upgrade path given to `register`. */
export function attachFrameSocket(hub: FrameHub, register: UpgradeRegistrar, options: FrameSocketOptions = {}): FrameSocket {
  const path = options.path ?? '/frames';
  const maxBufferedFrames = options.maxBufferedFrames ?? 2;
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const closeTimeoutMs = options.closeTimeoutMs ?? 1000;
  // Browser clients send nothing but control frames (pong, close); anything big is a misbehaving peer.
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 4096 });
  const alive = new WeakMap<WebSocket, boolean>();
  let closing = false;

  register(path, (req, socket, head) => {
    if (closing) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n'
        + '{"error": "the frame stream is shutting down: reconnect when the host is back"}');
      return;
    }
    socket.on('error', () => socket.destroy());
    wss.handleUpgrade(req, socket, head, (ws) => {
      alive.set(ws, true);
      ws.on('pong', () => alive.set(ws, true));
      ws.on('error', () => ws.terminate());
      const unsubscribe = hub.subscribe(new SocketSubscriber(ws, maxBufferedFrames));
      ws.on('close', unsubscribe);
    });
  });

  const heartbeat = heartbeatMs > 0 ? setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, heartbeatMs) : undefined;
  heartbeat?.unref();

  return {
    get clients(): number {
      return wss.clients.size;
    },
    get bufferedBytes(): number {
      let sum = 0;
      for (const ws of wss.clients) sum += ws.bufferedAmount;
      return sum;
    },
    async close(): Promise<void> {
      closing = true;
      if (heartbeat !== undefined) clearInterval(heartbeat);
      const waits = [...wss.clients].map((ws) => closeClient(ws, closeTimeoutMs));
      await Promise.all(waits);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function closeClient(ws: WebSocket, timeoutMs: number): Promise<void> {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise<void>((resolve) => {
    // A client that stopped reading never answers the close frame: cut it after the timeout.
    const timer = setTimeout(() => ws.terminate(), timeoutMs);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    ws.close(1001, 'host shutting down');
  });
}

/** One WebSocket client: frames are skipped while too much is unsent; meta waits for room. */
class SocketSubscriber implements FrameSubscriber {
  private pendingMeta: string | undefined;
  private limit = MIN_BUFFER_LIMIT;

  constructor(private readonly ws: WebSocket, private readonly maxBufferedFrames: number) {}

  offerFrame(frame: PooledFrame): boolean {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    const size = frame.bytes.byteLength;
    if (this.ws.bufferedAmount > this.maxBufferedFrames * size) return false;
    this.limit = Math.max(MIN_BUFFER_LIMIT, this.maxBufferedFrames * size);
    if (this.pendingMeta !== undefined) {
      this.ws.send(this.pendingMeta);
      this.pendingMeta = undefined;
    }
    // The socket writes these bytes later; hold them until it has.
    frame.retain();
    this.ws.send(frame.bytes, { binary: true }, () => frame.release());
    return true;
  }

  sendMeta(text: string): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.limit) {
      this.pendingMeta = text;
      return;
    }
    this.ws.send(text);
  }

  close(): void {
    this.ws.close(1001, 'host shutting down');
  }
}
