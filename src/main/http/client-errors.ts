// Requests that node:http could not parse never reach a request listener; they arrive as
// 'clientError'. This turns them into JSON error replies instead of node's plain-text ones.
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ConnectionTracker } from './connections';
import { errorBody, rawJsonReply } from './json-error';
import type { HttpCounters } from './types';

/** Status and message for a request node:http refused while parsing. */
export interface ClientErrorReply {
  /** HTTP status: 400, 408, 413, 414 or 431. */
  status: number;
  /** The `error` text of the JSON reply. */
  message: string;
}

/** Limits the messages quote, in bytes. */
export interface ParseLimits {
  /** Longest request target (option maxTargetBytes). */
  maxTargetBytes: number;
  /** Headers budget beyond the request line, in bytes. */
  maxHeaderBytes: number;
}

const REQUEST_LINE_START = /^[A-Z]{1,20} /;
/** How a request line ends: the protocol version before its line break. */
const REQUEST_LINE_END = / HTTP\/\d\.\d$/;

/**
 * Guesses whether a header overflow happened inside the request line. node only hands us
 * the packet being parsed: if it holds the request line, look for its end; if it is a later
 * packet, we are still inside the request line when it has no line break (single header lines
 * that long are rare) or when its first line ends the way a request line does (` HTTP/1.1`:
 * a long target sent in several packets, the last of which also carries the headers).
 */
function requestLineTooLong(packet: Buffer | undefined, maxTargetBytes: number): boolean {
  if (!packet) return false;
  const eol = packet.indexOf('\r\n');
  if (REQUEST_LINE_START.test(packet.subarray(0, 24).toString('latin1'))) return eol < 0 || eol > maxTargetBytes;
  return eol < 0 || REQUEST_LINE_END.test(packet.subarray(Math.max(0, eol - 16), eol).toString('latin1'));
}

/**
 * The JSON reply for a node:http parse error, or undefined when nothing should be written
 * (the connection is already broken).
 */
export function describeClientError(err: Error & { code?: string; rawPacket?: Buffer }, limits: ParseLimits): ClientErrorReply | undefined {
  // A string, not a union of kinds: Node adds codes over time, and the default answers the rest.
  const code = err.code ?? 'parse error';
  switch (code) {
    case 'ECONNRESET':
    case 'EPIPE':
    case 'ERR_STREAM_DESTROYED':
      return undefined;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'the request did not arrive in time: send the whole request without pausing (the server operator can raise --idle-timeout and --request-timeout)' };
    case 'HPE_HEADER_OVERFLOW':
      if (requestLineTooLong(err.rawPacket, limits.maxTargetBytes)) {
        return { status: 414, message: `request target is longer than ${limits.maxTargetBytes} bytes: shorten the URL (e.g. a smaller query or data parameter)` };
      }
      return { status: 431, message: `request line and headers are larger than ${limits.maxTargetBytes + limits.maxHeaderBytes} bytes: send fewer or smaller headers` };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'chunk extensions of the request body are too large: send the body without chunk extensions' };
    default:
      return { status: 400, message: `malformed HTTP request (${code}: ${err.message}): send a valid HTTP/1.1 request` };
  }
}

/** What the clientError listener needs from the transport. */
export interface ClientErrorContext {
  readonly limits: ParseLimits;
  readonly counters: HttpCounters;
  readonly connections: ConnectionTracker;
  /** The latest response of each connection (the request listener records it). */
  readonly responses: WeakMap<Socket, ServerResponse>;
}

/**
 * The server's 'clientError' listener: a JSON reply on the raw socket, then the connection is
 * closed. Nothing is written to a connection that never sent a byte (a preconnect, a port scan),
 * that is broken, or whose reply to an earlier request is being written (it would land inside it).
 */
export function clientErrorListener(ctx: ClientErrorContext): (err: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => void {
  const { counters, connections } = ctx;
  return (err, socket) => {
    if (connections.isFinished(socket)) return;
    const silent = (socket as Socket).bytesRead === 0;
    const reply = describeClientError(err, ctx.limits);
    const current = ctx.responses.get(socket as Socket);
    const busyWriting = current !== undefined && current.headersSent && !current.writableFinished;
    if (silent || !reply || busyWriting || !socket.writable) {
      socket.destroy();
      return;
    }
    counters.request_received_count++;
    counters.request_invalid_count++;
    connections.replyAndClose(socket, rawJsonReply(reply.status, errorBody(reply.message)));
  };
}
