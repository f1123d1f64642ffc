// Probes for tests against a spawned host process: raw HTTP and WebSocket clients whose reading
// the test controls, the host's open sockets (from /proc), and whether its frames advance.
import { connect, type Socket } from 'node:net';
import { readdirSync, readlinkSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

import { eventually } from '../../../support/raw-http';

export { closeEvent, closesWithin, eventually, getJson, openSocket, parseRaw, rawExchange, send, type Reply } from '../../../support/raw-http';

/** Number of sockets the process holds open (Linux: its /proc/<pid>/fd links to socket:[…]). */
export function openSockets(pid: number): number {
  let n = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) n++;
    } catch {
      // The descriptor closed between listing and reading: it is not open.
    }
  }
  return n;
}

/** A WebSocket client on a raw socket, so a test decides when it reads (pause() stops reading entirely). */
export interface RawWebSocket {
  readonly socket: Socket;
  /** Frame numbers of the binary viewport frames received, in order. */
  readonly frameNumbers: number[];
  /** Bytes received after the handshake. */
  bytes: number;
}

/** Opens /frames with a WebSocket handshake and decodes the server's (unmasked) messages as they arrive. */
export function openFrameSocket(port: number, path = '/frames'): Promise<RawWebSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`
        + `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    });
    const client: RawWebSocket = { socket, frameNumbers: [], bytes: 0 };
    let buf = Buffer.alloc(0);
    let open = false;
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (!open) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buf.subarray(0, end).toString('latin1');
        if (!head.startsWith('HTTP/1.1 101')) { reject(new Error(`no WebSocket upgrade: ${head}`)); socket.destroy(); return; }
        open = true;
        buf = buf.subarray(end + 4);
        resolve(client);
      }
      client.bytes += chunk.length;
      // Each message: opcode byte, length (7 bits, or 16/64-bit extended), payload.
      for (;;) {
        if (buf.length < 2) return;
        const opcode = buf[0]! & 0x0f;
        let len = buf[1]! & 0x7f, off = 2;
        if (len === 126) { if (buf.length < 4) return; len = buf.readUInt16BE(2); off = 4; }
        else if (len === 127) { if (buf.length < 10) return; len = Number(buf.readBigUInt64BE(2)); off = 10; }
        if (buf.length < off + len) return;
        if (opcode === 2 && len >= 24) client.frameNumbers.push(buf.readDoubleLE(off + 16));
        buf = buf.subarray(off + len);
      }
    });
  });
}

/**
 * True once a fresh /frames client has received `n` frames, each numbered after the one before:
 * the host's loop is stepping. Counted in frames; the cap only stops a hung host.
 */
export async function framesAdvance(port: number, n = 3, capMs = 15_000): Promise<boolean> {
  const ws = await openFrameSocket(port);
  ws.socket.on('error', () => {});
  try {
    const ok = await eventually(() => ws.frameNumbers.length >= n, capMs);
    const f = ws.frameNumbers;
    return ok && f.every((x, i) => i === 0 || x > f[i - 1]!);
  } finally {
    ws.socket.destroy();
  }
}
