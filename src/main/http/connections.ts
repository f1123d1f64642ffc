// Bookkeeping of open connections: the busy limit, raw replies on sockets that have no
// ServerResponse, and the last resort of close().
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** How long a socket that got a raw (closing) reply may linger so the client can read it, ms. */
export const RAW_REPLY_LINGER_MS = 500;

/** Every open connection of one server, including upgraded ones. */
export class ConnectionTracker {
  /** Open sockets (accepted and not yet closed). */
  readonly sockets = new Set<Socket>();
  private readonly finished = new WeakSet<Duplex>();

  /** Starts tracking a socket; returns false when it exceeds `max` open connections. */
  add(socket: Socket, max: number): boolean {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    return this.sockets.size <= max;
  }

  /** True once a raw reply was written on this socket: further parser events on it are ignored. */
  isFinished(socket: Duplex): boolean {
    return this.finished.has(socket);
  }

  /**
   * Writes a final raw reply and closes the socket. Reading stops (no more requests are
   * parsed); the socket is destroyed after a short linger so the client can read the reply
   * even if it is still sending.
   */
  replyAndClose(socket: Duplex, reply: Buffer): void {
    if (this.finished.has(socket)) return;
    this.finished.add(socket);
    socket.pause();
    if (socket.writable) socket.end(reply);
    const timer = setTimeout(() => socket.destroy(), RAW_REPLY_LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  }

  /** Destroys every open socket (the end of a close() that waited long enough). */
  destroyAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }
}
