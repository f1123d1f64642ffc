// Upgraded connections (the viewport's WebSocket at /frames): one listener per path, behind the
// Host check; an upgrade nobody registered for (curl --http2 asks for h2c on plain GETs) is
// answered as the ordinary HTTP request it also is, then the connection is closed.
import { ServerResponse, type IncomingMessage, type RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ConnectionTracker } from './connections';
import { errorBody, rawJsonReply } from './json-error';
import { checkHost } from './policy';
import type { ServerState } from './request-path';
import type { HttpCounters, UpgradeListener } from './types';

/** What the upgrade listener needs from the transport. */
export interface UpgradeContext {
  readonly listeners: ReadonlyMap<string, UpgradeListener>;
  readonly hostCheck: boolean;
  readonly server: ServerState;
  readonly counters: HttpCounters;
  readonly connections: ConnectionTracker;
  /** The request listener, for upgrades nobody registered for. */
  readonly plain: RequestListener;
}

/** Answers an upgrade request as a plain one on its own response, closing the connection after it. */
function answerAsPlainRequest(plain: RequestListener, req: IncomingMessage, socket: Socket): void {
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket);
  res.once('finish', () => {
    res.detachSocket(socket);
    socket.destroySoon();
  });
  plain(req, res);
}

/** The server's 'upgrade' listener. */
export function upgradeListener(ctx: UpgradeContext): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  const { counters } = ctx;
  return (req, socket, head) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const fn = ctx.listeners.get(q < 0 ? url : url.slice(0, q));
    if (fn === undefined) {
      answerAsPlainRequest(ctx.plain, req, socket as Socket);
      return;
    }
    counters.request_received_count++;
    const refusedHost = ctx.hostCheck ? checkHost(req.headers.host, true) : undefined;
    if (refusedHost !== undefined || ctx.server.closing) {
      counters.request_handled_error_count++;
      const message = refusedHost ?? 'server is shutting down: reconnect when it is back';
      ctx.connections.replyAndClose(socket, rawJsonReply(refusedHost !== undefined ? 403 : 503, errorBody(message)));
      return;
    }
    counters.request_handled_ok_count++;
    fn(req, socket, head);
  };
}
