// Handler failures, disconnects, listen/close, counters, methods.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_GRACE_MS, createHttpTransport, resolveHttpOptions, type RestReply } from '../../../../src/main/http';
import { parseHostOptions } from '../../../../src/main/cli';
import { WATCH_MAX_LAG_MS } from '../../../../src/shared/protocol';
import { closeAll, closeEvent, connectionCount, eventually, openSocket, send, start } from './helpers';

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await closeAll();
});

function quietErrors(): void {
  vi.spyOn(console, 'error').mockImplementation(() => {});
}

describe('handler failures', () => {
  it('a throwing handler gives 500 JSON naming the request, and the server keeps serving', async () => {
    quietErrors();
    let calls = 0;
    const { port } = await start({}, (req) => {
      calls++;
      if (req.url === '/boom') throw new Error('kaboom');
      return { status: 200, body: '{}' };
    });
    const r = await send(port, 'GET', '/boom');
    expect(r.status).toBe(500);
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body).error).toMatch(/internal error while answering GET \/boom: kaboom/);
    expect((await send(port, 'GET', '/fine')).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('a rejected promise, a malformed reply or invalid reply headers also give 500 JSON', async () => {
    quietErrors();
    const replies: Record<string, () => RestReply | Promise<RestReply>> = {
      '/reject': () => Promise.reject(new Error('async kaboom')),
      '/garbage': () => ({ status: 'ok' }) as unknown as RestReply,
      '/nothing': () => undefined as unknown as RestReply,
      '/bad-header': () => ({ status: 200, headers: { 'X-Bad': 'a\nb' }, body: '{}' }),
    };
    const { port } = await start({}, (req) => replies[req.url]!());
    const a = await send(port, 'GET', '/reject');
    expect(a.status).toBe(500);
    expect(JSON.parse(a.body).error).toMatch(/async kaboom/);
    const b = await send(port, 'GET', '/garbage');
    expect(b.status).toBe(500);
    expect(JSON.parse(b.body).error).toMatch(/no valid reply/);
    expect((await send(port, 'GET', '/nothing')).status).toBe(500);
    const c = await send(port, 'GET', '/bad-header');
    expect(c.status).toBe(500);
    expect(JSON.parse(c.body).error).toMatch(/invalid header "X-Bad"/);
    expect((await send(port, 'GET', '/garbage')).status).toBe(500);
  });
});

describe('methods', () => {
  it('HEAD answers like GET without a body', async () => {
    const { port, seen } = await start();
    const get = await send(port, 'GET', '/entity/Sun');
    const head = await send(port, 'HEAD', '/entity/Sun');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET']);
  });

  it('passes other methods to the router, with its headers (e.g. Allow) kept', async () => {
    const { port } = await start({}, (req) => ({ status: 405, headers: { Allow: 'GET' }, body: JSON.stringify({ error: `method ${req.method} not allowed` }) }));
    const r = await send(port, 'DELETE', '/entity/Sun');
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('GET');
    expect(JSON.parse(r.body)).toEqual({ error: 'method DELETE not allowed' });
  });
});

describe('disconnects', () => {
  it('a client gone before an async reply leaves no connection and counts a send error', async () => {
    let finish!: (r: RestReply) => void;
    const { port, transport } = await start({}, (req) => (req.url === '/slow'
      ? new Promise<RestReply>((resolve) => { finish = resolve; })
      : { status: 200, body: '{}' }));
    const socket = await openSocket(port);
    socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await eventually(() => finish !== undefined);
    socket.destroy();
    expect(await eventually(async () => (await connectionCount(transport)) === 0)).toBe(true);
    finish({ status: 200, body: '{}' });
    expect(transport.counters.send_error_count).toBe(1);
    expect(transport.counters.send_ok_count).toBe(0);
    expect((await send(port, 'GET', '/after')).status).toBe(200);
  });

  it('a client that disconnects mid-reply leaves no open connection behind', async () => {
    const big = JSON.stringify({ pad: 'z'.repeat(8 * 1024 * 1024) });
    const { port, transport } = await start({}, () => ({ status: 200, body: big }));
    const socket = await openSocket(port);
    socket.write('GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.destroy();
    expect(await eventually(async () => (await connectionCount(transport)) === 0)).toBe(true);
    expect((await send(port, 'GET', '/after')).status).toBe(200);
  });
});

describe('listen and close', () => {
  it('rejects with a clear message when the port is in use', async () => {
    const { port } = await start();
    const second = createHttpTransport({ port, address: '127.0.0.1' }, () => ({ status: 200, body: '{}' }));
    await expect(second.listen()).rejects.toThrow(`port ${port} is already in use on 127.0.0.1: stop the other program or pass --port <n>`);
    await second.close();
  });

  it('close() ends kept-alive clients at once and the others after the grace period, then resolves', async () => {
    let hungArrived!: () => void;
    const arrived = new Promise<void>((resolve) => { hungArrived = resolve; });
    // Idle and request timeouts of an hour: only close() may end these connections, however slow the machine.
    const { port, transport } = await start({ idleTimeoutMs: 3_600_000, requestTimeoutMs: 3_600_000, keepAliveTimeoutMs: 3_600_000 }, (req) => {
      if (req.url !== '/hang') return { status: 200, body: '{}' };
      hungArrived();
      return new Promise<RestReply>(() => {});
    });
    const silent = await openSocket(port);
    const partial = await openSocket(port);
    partial.write('GET /entity/Sun HTTP/1.1\r\nHo');
    const hung = await openSocket(port);
    hung.write('GET /hang HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const keptAlive = await openSocket(port);
    keptAlive.write('GET /ok HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise<void>((resolve) => keptAlive.once('data', () => resolve()));
    await arrived;
    for (const s of [silent, partial, hung, keptAlive]) s.on('error', () => {});

    // The grace period runs on a fake clock: nothing here depends on how fast the machine is.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let done = false;
    const closed = transport.close().then(() => { done = true; });
    // A kept-alive connection whose reply was sent is closed at once.
    await closeEvent(keptAlive);
    // The others (a silent one, a half-sent request, a hung handler) hold close() open: only the
    // grace timer ends them, and it has not fired.
    for (const s of [silent, partial, hung]) expect(s.closed).toBe(false);
    expect(done).toBe(false);
    vi.advanceTimersByTime(CLOSE_GRACE_MS);
    vi.useRealTimers();
    await Promise.all([closed, closeEvent(silent), closeEvent(partial), closeEvent(hung)]);
    expect(done).toBe(true);
  });

  it('close() is idempotent and works before listen()', async () => {
    const t = createHttpTransport({ port: 0 }, () => ({ status: 200, body: '{}' }));
    const first = t.close();
    // A second call returns the same pending close, not a new one.
    expect(t.close()).toBe(first);
    await expect(first).resolves.toBeUndefined();
    expect(t.server.listening).toBe(false);
  });
});

describe('counters', () => {
  it('count each outcome, sends and body bytes', async () => {
    const bodies: Record<string, RestReply> = {
      '/ok': { status: 200, body: '{"a":1}' },
      '/nope': { status: 404, notFound: 'endpoint', body: JSON.stringify({ error: "unknown endpoint '/nope': the endpoints are /entity, /query" }) },
      '/entity/Nobody': { status: 404, notFound: 'entity', body: JSON.stringify({ error: "entity 'Nobody' not found" }) },
      '/bad': { status: 400, body: '{"error":"bad"}' },
    };
    const { port, transport } = await start({}, (req) => bodies[req.url.split('?')[0]!]!);
    const replies = [];
    for (const path of Object.keys(bodies)) replies.push(await send(port, 'GET', path));
    replies.push(await send(port, 'OPTIONS', '/ok', { origin: 'http://localhost' }));
    replies.push(await send(port, 'PUT', '/ok', { origin: 'https://evil.example' }));
    replies.push(await send(port, 'GET', `/ok?${'q'.repeat(70_000)}`));
    const c = transport.counters;
    await eventually(() => c.send_ok_count === 7);
    expect(c).toMatchObject({
      request_received_count: 7,
      request_handled_ok_count: 1,
      request_not_handled_count: 1,
      request_handled_error_count: 3, // entity 404, 400, refused PUT
      request_preflight_count: 1,
      request_invalid_count: 1,
      send_ok_count: 7,
      send_error_count: 0,
      busy_count: 0,
    });
    expect(c.bytes_sent).toBe(replies.reduce((n, r) => n + Buffer.byteLength(r.body), 0));
  });
});

describe('options', () => {
  it('rejects a bad option naming it and its value', () => {
    expect(() => createHttpTransport({ maxTargetBytes: -1 }, () => ({ status: 200, body: '{}' }))).toThrow(/maxTargetBytes must be an integer .* got -1/);
    expect(() => createHttpTransport({ idleTimeoutMs: 60_000, requestTimeoutMs: 1000 }, () => ({ status: 200, body: '{}' }))).toThrow(/idleTimeoutMs \(60000\) must not exceed requestTimeoutMs/);
    expect(() => createHttpTransport({ watchResetMs: 5 }, () => ({ status: 200, body: '{}' }))).toThrow(/watchResetMs must be an integer from 10 to 3600000, got 5/);
  });

  it('resets a backed-up watch stream after the watch protocol\'s lag by default, and after --watch-reset when given', () => {
    expect(resolveHttpOptions({}).watchResetMs).toBe(WATCH_MAX_LAG_MS);
    expect(parseHostOptions(['node', 'ecs-live']).watchResetMs).toBe(WATCH_MAX_LAG_MS);
    expect(parseHostOptions(['node', 'ecs-live', '--watch-reset', '250']).watchResetMs).toBe(250);
  });
});
