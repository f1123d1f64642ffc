// Closing a server: idle connections go at once, replies in flight get CLOSE_GRACE_MS to finish,
// then whatever is left (stalled readers, upgraded sockets) is destroyed.
import type { Server } from 'node:http';
import type { ConnectionTracker } from './connections';

/** How long close() lets in-flight replies finish before destroying what is left, ms. */
export const CLOSE_GRACE_MS = 500;

/** Closes `server` and every connection `connections` tracks; resolves when the server has closed. */
export function closeServer(server: Server, connections: ConnectionTracker): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!server.listening) {
      connections.destroyAll();
      resolve();
      return;
    }
    const grace = setTimeout(() => {
      server.closeAllConnections();
      connections.destroyAll();
    }, CLOSE_GRACE_MS);
    server.close(() => {
      clearTimeout(grace);
      resolve();
    });
    server.closeIdleConnections();
  });
}
