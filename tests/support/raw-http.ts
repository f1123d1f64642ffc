// Plain clients for tests against a real server on 127.0.0.1: one request per fresh connection
// (node:http, no agent), raw TCP exchanges, and polling with a bound.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

/** A reply as a test sees it. */
export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request over a fresh connection (no agent); `headers.host` replaces the default Host. */
export function send(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false, setHost: !('host' in headers) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens a raw TCP connection and resolves once connected. */
export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Writes raw bytes and resolves with everything received until the server closes the connection. */
export function rawExchange(port: number, text: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    // The server may reset a connection it refused while we were still sending; the reply came first.
    socket.on('error', (err: NodeJS.ErrnoException) => { if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err); });
  });
}

/** Splits a raw HTTP reply into status, lower-case headers and body. */
export function parseRaw(raw: string): Reply {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = raw.slice(0, split).split('\r\n');
  const headers: IncomingHttpHeaders = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body: raw.slice(split + 4) };
}

/** Resolves when the socket closes, or with false after `ms` (a bound, so a failing test ends). */
export function closesWithin(socket: Socket, ms: number): Promise<boolean> {
  if (socket.destroyed || socket.closed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => { clearTimeout(timer); resolve(true); });
  });
}

/** Resolves when `socket` has closed (at once if it already has). No timer: the test's timeout bounds the wait. */
export function closeEvent(socket: Socket): Promise<void> {
  if (socket.destroyed || socket.closed) return Promise.resolve();
  return new Promise((resolve) => socket.once('close', () => resolve()));
}

/** Polls `check` until it is true or `ms` passed; returns the last result. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** GET that expects JSON; returns status and parsed body. */
export async function getJson(port: number, path: string): Promise<{ status: number; json: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await send(port, 'GET', path);
  return { status: r.status, json: JSON.parse(r.body) };
}
