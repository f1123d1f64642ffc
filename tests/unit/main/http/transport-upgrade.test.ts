// Connection upgrades (the viewport's WebSocket) and close() with replies in flight.
import { afterEach, describe, expect, it } from 'vitest';
import type { RestReply } from '../../../../src/main/http';
import { closeAll, parseRaw, rawExchange, start } from './helpers';

afterEach(closeAll);

const upgradeRequest = (path: string, host = 'localhost'): string =>
  `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`;

describe('onUpgrade', () => {
  it('hands an upgrade on the registered path (query ignored) to its listener', async () => {
    const { port, transport } = await start();
    const paths: string[] = [];
    transport.onUpgrade('/frames', (req, socket) => {
      paths.push(req.url!);
      socket.end('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\nhello');
    });
    const raw = await rawExchange(port, upgradeRequest('/frames?fps=30'));
    expect(raw.startsWith('HTTP/1.1 101 ')).toBe(true);
    expect(raw.endsWith('hello')).toBe(true);
    expect(paths).toEqual(['/frames?fps=30']);
  });

  it('answers an upgrade on another path as a plain request (the router\'s reply), then closes', async () => {
    const { port, transport } = await start({}, (req) => ({ status: 404, notFound: 'endpoint', body: JSON.stringify({ error: `unknown endpoint '${req.url}'` }) }));
    transport.onUpgrade('/frames', () => { throw new Error('must not be called'); });
    const r = parseRaw(await rawExchange(port, upgradeRequest('/other')));
    expect(r.status).toBe(404);
    expect(r.headers.connection).toBe('close');
    expect(JSON.parse(r.body)).toEqual({ error: "unknown endpoint '/other'" });
    expect(transport.counters.request_not_handled_count).toBe(1);
  });

  it('answers a GET that asks for h2c (curl --http2) like a plain GET', async () => {
    const { port, seen } = await start();
    const r = parseRaw(await rawExchange(port, 'GET /entity/Sun HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAoAAAAAIAAAAA\r\n\r\n'));
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).url).toBe('/entity/Sun');
    expect(seen).toHaveLength(1);
  });

  it('applies the Host check to upgrades', async () => {
    const { port, transport } = await start();
    let called = false;
    transport.onUpgrade('/frames', (_req, socket) => { called = true; socket.destroy(); });
    const r = parseRaw(await rawExchange(port, upgradeRequest('/frames', 'evil.example:27750')));
    expect(r.status).toBe(403);
    expect(called).toBe(false);
  });
});

describe('close() with replies in flight', () => {
  it('lets a reply that is being computed finish, then closes its connection', async () => {
    let finish!: (r: RestReply) => void;
    const { port, transport } = await start({}, () => new Promise<RestReply>((resolve) => { finish = resolve; }));
    const exchange = rawExchange(port, 'GET /entity/Sun HTTP/1.1\r\nHost: localhost\r\n\r\n');
    while (finish === undefined) await new Promise((r) => setTimeout(r, 5));
    const closed = transport.close();
    finish({ status: 200, body: '{"path":"Sun"}' });
    const r = parseRaw(await exchange);
    expect(r.status).toBe(200);
    expect(r.headers.connection).toBe('close');
    expect(r.body).toBe('{"path":"Sun"}');
    await closed;
  });
});
