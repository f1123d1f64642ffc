// Size limits, timeouts and connection limits, over real sockets.
import { afterEach, describe, expect, it } from 'vitest';
import type { Socket } from 'node:net';
import { closeAll, closesWithin, openSocket, parseRaw, rawExchange, send, start } from './helpers';

afterEach(closeAll);

describe('request target limit', () => {
  it('answers 414 JSON for a 70 KB target without calling the router', async () => {
    const { port, seen, transport } = await start();
    const r = await send(port, 'GET', `/query?q=${'a'.repeat(70_000)}`);
    expect(r.status).toBe(414);
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body).error).toMatch(/more than the limit of 65536/);
    expect(seen).toHaveLength(0);
    expect(transport.counters.request_invalid_count).toBe(1);
  });

  it('lets a 60 KB target (under 64 KiB) reach the router', async () => {
    const { port, seen } = await start();
    const r = await send(port, 'GET', `/query?q=${'a'.repeat(60_000)}`);
    expect(r.status).toBe(200);
    expect(seen[0]!.url).toHaveLength(60_000 + '/query?q='.length);
  });

  it('answers 414 JSON (not node\'s plain 431) for a target far beyond the header budget', async () => {
    const { port } = await start();
    const r = parseRaw(await rawExchange(port, `GET /query?q=${'a'.repeat(300_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    expect(r.status).toBe(414);
    expect(JSON.parse(r.body).error).toMatch(/longer than 65536 bytes/);
  });
});

describe('request body limit', () => {
  it('answers 413 JSON for a declared body over maxBodyBytes and closes; the router is not called', async () => {
    const { port, seen } = await start();
    const raw = await rawExchange(port, `PUT /set/Sun HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n${'x'.repeat(1000)}`);
    const r = parseRaw(raw);
    expect(r.status).toBe(413);
    expect(r.headers.connection).toBe('close');
    expect(JSON.parse(r.body).error).toMatch(/larger than 65536 bytes/);
    expect(seen).toHaveLength(0);
  });

  it('answers 413 for a chunked body that grows past the limit', async () => {
    const { port, seen } = await start({ maxBodyBytes: 1000 });
    const chunk = 'y'.repeat(600);
    const body = `258\r\n${chunk}\r\n258\r\n${chunk}\r\n0\r\n\r\n`;
    const r = parseRaw(await rawExchange(port, `PUT /set/Sun HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n${body}`));
    expect(r.status).toBe(413);
    expect(seen).toHaveLength(0);
  });

  it('ignores a small body and answers the request', async () => {
    const { port, seen } = await start();
    const r = await send(port, 'PUT', '/set/Sun?data=%7B%7D', { 'content-type': 'application/json' }, '{"ignored":true}');
    expect(r.status).toBe(200);
    expect(seen).toHaveLength(1);
  });
});

describe('slow and idle clients', () => {
  it('drops a connection that sends nothing after idleTimeoutMs, without a reply', async () => {
    const { port, transport } = await start({ idleTimeoutMs: 300 });
    const socket = await openSocket(port);
    let received = 0;
    socket.on('data', (c: Buffer) => { received += c.length; });
    expect(await closesWithin(socket, 5000)).toBe(true);
    expect(received).toBe(0);
    expect(transport.counters.request_received_count).toBe(0);
  });

  it('answers 408 JSON and closes a connection that stalls mid-headers', async () => {
    const { port, transport } = await start({ idleTimeoutMs: 300 });
    const socket = await openSocket(port);
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.write('GET /entity/Sun HTTP/1.1\r\nHost: loc');
    expect(await closesWithin(socket, 5000)).toBe(true);
    const r = parseRaw(Buffer.concat(chunks).toString());
    expect(r.status).toBe(408);
    expect(JSON.parse(r.body).error).toMatch(/did not arrive in time/);
    expect(transport.counters.request_invalid_count).toBe(1);
  });

  it('still answers a GET while 200 idle connections are open', async () => {
    const { port } = await start();
    const idle: Socket[] = [];
    for (let i = 0; i < 200; i++) idle.push(await openSocket(port));
    const r = await send(port, 'GET', '/entity/Sun');
    expect(r.status).toBe(200);
    for (const s of idle) s.destroy();
  });

  it('refuses connections beyond maxConnections with 503 JSON and counts them as busy', async () => {
    const { port, transport } = await start({ maxConnections: 2 });
    const held = [await openSocket(port), await openSocket(port)];
    const r = parseRaw(await rawExchange(port, 'GET /entity/Sun HTTP/1.1\r\nHost: localhost\r\n\r\n'));
    expect(r.status).toBe(503);
    expect(JSON.parse(r.body).error).toMatch(/server busy: 2 connections are open/);
    expect(transport.counters.busy_count).toBe(1);
    for (const s of held) s.destroy();
  });
});

describe('malformed requests', () => {
  it('answers a request node cannot parse with 400 JSON, not plain text', async () => {
    const { port, transport } = await start();
    const r = parseRaw(await rawExchange(port, 'get /entity/Sun HTTP/1.1\r\nHost: localhost\r\n\r\n'));
    expect(r.status).toBe(400);
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body).error).toMatch(/^malformed HTTP request/);
    expect(transport.counters.request_invalid_count).toBe(1);
  });

  it('writes no error into a reply still being sent when the next request on the connection cannot be parsed', async () => {
    // A 4 MB reply is still being written when the parser meets the malformed request behind it
    // in the same packet: the connection is closed instead of a 400 landing inside the reply.
    const big = JSON.stringify({ data: 'x'.repeat(4_000_000) });
    const { port } = await start({}, () => ({ status: 200, body: big }));
    const raw = await rawExchange(port, 'GET /entity/Sun HTTP/1.1\r\nHost: localhost\r\n\r\nget /entity/Sun HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(raw.startsWith('HTTP/1.1 200 ')).toBe(true);
    expect(raw).not.toContain('HTTP/1.1 400');
    expect(raw).not.toContain('malformed HTTP request');
  });
});
