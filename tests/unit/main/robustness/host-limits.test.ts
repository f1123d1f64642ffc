// Every limit of the real host process, set small on its command line: the request target (414,
// which also bounds a /set payload, as it travels in the URL), the largest query `limit` (400),
// the request body (413), silent and slow clients (dropped, 408) and open connections (503). The
// transport's own tests (tests/unit/main/http) cover the same limits on a bare transport; these
// prove the options reach it and that a refused request changes nothing in the running world.
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { spawnHost, stopAllHosts, type SpawnedHost } from '../../../support/spawn-host';
import { closeEvent, eventually, getJson, openSocket, parseRaw, rawExchange, send } from './process-probes';

// Each test starts a host process: on a loaded 2-core machine that alone can take seconds, so the
// bound is generous (it only stops a hung test; nothing here is timed).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let host: SpawnedHost;
beforeAll(async () => {
  host = await spawnHost(['--asteroids', '300', '--max-target-bytes', '2048', '--max-limit', '50', '--max-body-bytes', '100',
    '--idle-timeout', '400', '--request-timeout', '1500', '--keep-alive-timeout', '300']);
});
afterAll(stopAllHosts);

const setData = (ids: string[][], values: unknown[]) => encodeURIComponent(JSON.stringify({ ids, values }));

describe('request target (--max-target-bytes)', () => {
  test('a target over the limit is a 414 JSON error naming the limit; one under it is served', async () => {
    const long = await send(host.port, 'GET', `/query?q=${'Position,'.repeat(300)}Position`);
    expect(long.status).toBe(414);
    expect(long.headers['content-type']).toBe('application/json');
    expect(JSON.parse(long.body).error).toMatch(/more than the limit of 2048: shorten the URL/);
    // Long but cheap (Planet matches the 8 planets, spaces pad it), so neither the query budget nor the term limit refuses it.
    expect((await send(host.port, 'GET', `/query?q=${'Planet,++++++++++'.repeat(100)}Planet&limit=1`)).status).toBe(200);
  });

  test('a target far beyond the header budget is still a 414 JSON reply, not node\'s plain 431', async () => {
    const r = parseRaw(await rawExchange(host.port, `GET /entity/Sun?pad=${'a'.repeat(200_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    expect(r.status).toBe(414);
    expect(JSON.parse(r.body).error).toMatch(/longer than 2048 bytes/);
  });

  test('a /set payload larger than the target limit is refused whole: 414, and the entity keeps its values', async () => {
    const label = async () => (await getJson(host.port, '/entity/Sun/Earth?label=true')).json.label as string;
    expect(await label()).toBe('The Earth');
    const doc = (text: string) => `/set/Sun/Earth?data=${setData([['ecs.doc.Description', 'ecs.core.Name'], ['Position']], [{ value: text }, { x: 9 }])}`;
    const r = await send(host.port, 'PUT', doc('p'.repeat(2100)));
    expect(r.status).toBe(414);
    expect(await label()).toBe('The Earth');
    expect((await send(host.port, 'PUT', doc('Terra'))).status).toBe(200);
    expect(await label()).toBe('Terra');
  });
});

describe('largest query limit (--max-limit)', () => {
  test('limit above the maximum is a 400 that names it; at the maximum the reply holds at most that many', async () => {
    const over = await getJson(host.port, '/query?q=Position&limit=51');
    expect(over.status).toBe(400);
    expect(over.json.error).toBe("parameter 'limit' must be an integer from 0 to 50, got '51'");
    const at = await getJson(host.port, '/query?q=Position&limit=50');
    expect(at.status).toBe(200);
    const count = (at.json.results as { entities: unknown[] }[]).reduce((n, r) => n + r.entities.length, 0);
    expect(count).toBe(50);
  });
});

describe('request body (--max-body-bytes)', () => {
  test('a PUT with a body over the limit is a 413 and changes nothing; a small body is ignored', async () => {
    const big = await send(host.port, 'PUT', '/disable/Sun/Mars', { 'content-type': 'application/json' }, 'x'.repeat(500));
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).error).toMatch(/request body is larger than 100 bytes: .* send no body/);
    const mars = await getJson(host.port, '/entity/Sun/Mars');
    expect(mars.json.ids).not.toContainEqual(['ecs.core.Disabled']);
    expect((await send(host.port, 'PUT', '/disable/Sun/Mars', { 'content-type': 'text/plain' }, 'ok')).status).toBe(200);
    expect((await send(host.port, 'PUT', '/enable/Sun/Mars')).status).toBe(200);
  });
});

describe('slow clients (--idle-timeout, --request-timeout)', () => {
  test('a connection that sends nothing is dropped after the idle timeout, without a reply', async () => {
    const s = await openSocket(host.port);
    let received = 0;
    s.on('data', (c: Buffer) => { received += c.length; });
    await closeEvent(s); // bounded by the test's timeout, not a timer
    expect(received).toBe(0);
  });

  test('a client that stops half way through its headers gets a 408 JSON error and is dropped', async () => {
    const s = await openSocket(host.port);
    const chunks: Buffer[] = [];
    s.on('data', (c: Buffer) => chunks.push(c));
    s.write('PUT /delete/Sun HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    await closeEvent(s); // bounded by the test's timeout, not a timer
    const r = parseRaw(Buffer.concat(chunks).toString('utf8'));
    expect(r.status).toBe(408);
    expect(JSON.parse(r.body).error).toBe('the request did not arrive in time: send the whole request without pausing (the server operator can raise --idle-timeout and --request-timeout)');
    expect((await send(host.port, 'GET', '/entity/Sun')).status).toBe(200);
  });

  test('a body that trickles in slower than the request timeout is cut off and applies nothing', async () => {
    const s = await openSocket(host.port);
    s.on('error', () => {});
    s.write('PUT /disable/Sun HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 50\r\n\r\nab');
    const drip = setInterval(() => { if (!s.destroyed) s.write('c'); }, 200);
    await closeEvent(s);
    clearInterval(drip);
    expect((await getJson(host.port, '/entity/Sun')).json.ids).not.toContainEqual(['ecs.core.Disabled']);
  });
});

describe('connections (--max-connections)', () => {
  test('beyond the maximum, a connection gets a 503 JSON error with Retry-After; once others close, requests are served again', async () => {
    // Timeouts of ten minutes: the held connections stay open however slowly this machine opens them.
    const capped = await spawnHost(['--asteroids', '300', '--max-connections', '40', '--idle-timeout', '600000', '--request-timeout', '600000', '--keep-alive-timeout', '600000']);
    const held: Socket[] = [];
    for (let i = 0; i < 40; i++) held.push(await openSocket(capped.port));
    for (const s of held) s.on('error', () => {});
    const r = parseRaw(await rawExchange(capped.port, 'GET /entity/Sun HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    expect(r.status).toBe(503);
    expect(r.headers['retry-after']).toBe('1');
    expect(JSON.parse(r.body).error).toBe("server busy: 40 connections are open (the server's --max-connections); retry later or close idle connections");
    for (const s of held) s.destroy();
    expect(await eventually(async () => (await send(capped.port, 'GET', '/entity/Sun').catch(() => ({ status: 0 }))).status === 200, 30_000)).toBe(true);
  });
});

describe('many idle connections under the default limits', () => {
  test('the host keeps answering others while 500 idle connections are open', async () => {
    const roomy = await spawnHost(['--asteroids', '300']);
    const idle: Socket[] = [];
    for (let i = 0; i < 500; i++) idle.push(await openSocket(roomy.port));
    for (const s of idle) s.on('error', () => {});
    const r = await send(roomy.port, 'GET', '/query?q=Position&limit=10');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).results.length).toBeGreaterThan(0);
    for (const s of idle) s.destroy();
  });
});
