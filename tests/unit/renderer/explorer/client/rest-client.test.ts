import { describe, expect, it } from 'vitest';
import { RestClient, type ClientEvent, type ClientTimers } from '../../../../../src/renderer/explorer/client/rest-client';
import { RestError } from '../../../../../src/renderer/explorer/client/rest-error';
import { NetworkError, type RawReply, type Transport } from '../../../../../src/renderer/explorer/client/transport';

interface Pending { method: string; url: string; resolve(r: RawReply): void; reject(e: Error): void }

/** A transport whose replies the test hands out one by one. */
function fakeTransport() {
  const pending: Pending[] = [];
  const transport: Transport = {
    kind: 'http',
    label: 'test',
    base: 'test/contract',
    request: (method, url) => new Promise<RawReply>((resolve, reject) => pending.push({ method, url, resolve, reject })),
  };
  return { transport, pending };
}

function fakeTimers() {
  let t = 0;
  const queue: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const timers: ClientTimers = {
    now: () => t,
    setTimeout: (fn, ms) => { const id = nextId++; queue.push({ at: t + ms, fn, id }); return id; },
    clearTimeout: (h) => { const i = queue.findIndex((q) => q.id === h); if (i >= 0) queue.splice(i, 1); },
  };
  return {
    timers,
    advance(ms: number) {
      t += ms;
      for (;;) {
        const due = queue.filter((q) => q.at <= t).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        queue.splice(queue.indexOf(due), 1);
        due.fn();
      }
    },
    pendingTimers: () => queue.length,
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('RestClient', () => {
  it('sends one request for identical GETs in flight and gives both callers the reply', async () => {
    const { transport, pending } = fakeTransport();
    const client = new RestClient(transport, { timers: fakeTimers().timers });
    const a = client.get('/entity/Sun');
    const b = client.get('/entity/Sun');
    expect(pending).toHaveLength(1);
    pending[0]!.resolve({ status: 200, body: '{"path":"Sun"}' });
    expect(await a).toEqual({ path: 'Sun' });
    expect(await b).toEqual({ path: 'Sun' });
  });

  it('answers from its cache while the reply is younger than the age asked for', async () => {
    const { transport, pending } = fakeTransport();
    const clock = fakeTimers();
    const client = new RestClient(transport, { timers: clock.timers });
    const first = client.get('/query?q=Planet', 900);
    pending[0]!.resolve({ status: 200, body: '{"results":[]}' });
    await first;
    clock.advance(500);
    expect(await client.get('/query?q=Planet', 900)).toEqual({ results: [] });
    expect(pending).toHaveLength(1);
    clock.advance(500);
    void client.get('/query?q=Planet', 900);
    expect(pending).toHaveLength(2);
  });

  it('drops cached replies after a successful PUT so the next GET sees the change', async () => {
    const { transport, pending } = fakeTransport();
    const client = new RestClient(transport, { timers: fakeTimers().timers });
    const events: ClientEvent[] = [];
    client.subscribe((e) => events.push(e));
    const g = client.get('/entity/Sun/Mars', 10_000);
    pending[0]!.resolve({ status: 200, body: '{"ids":[]}' });
    await g;
    const put = client.put('/disable/Sun/Mars');
    expect(pending[1]!.method).toBe('PUT');
    pending[1]!.resolve({ status: 200, body: '{}' });
    expect(await put).toEqual({});
    expect(events).toContain('invalidate');
    void client.get('/entity/Sun/Mars', 10_000);
    expect(pending).toHaveLength(3);
  });

  it('does not cache a reply that was in flight when a PUT changed the world', async () => {
    const { transport, pending } = fakeTransport();
    const client = new RestClient(transport, { timers: fakeTimers().timers });
    const g = client.get('/entity/Sun', 10_000);
    const put = client.put('/disable/Sun');
    pending[1]!.resolve({ status: 200, body: '{}' });
    await put;
    pending[0]!.resolve({ status: 200, body: '{"ids":[]}' });
    await g;
    void client.get('/entity/Sun', 10_000);
    expect(pending).toHaveLength(3);
  });

  it("rejects with the server's error text and keeps the connection online", async () => {
    const { transport, pending } = fakeTransport();
    const client = new RestClient(transport, { timers: fakeTimers().timers });
    const g = client.get('/entity/Nope');
    pending[0]!.resolve({ status: 404, body: '{"error":"no entity named \'Nope\'"}' });
    await expect(g).rejects.toMatchObject({ status: 404, message: "no entity named 'Nope'" });
    expect(client.state).toBe('online');
  });

  it('goes offline without a reply, pings with backoff, and re-reads everything when back', async () => {
    const { transport, pending } = fakeTransport();
    const clock = fakeTimers();
    const client = new RestClient(transport, { timers: clock.timers, pingUrl: '/ping', minBackoffMs: 100, maxBackoffMs: 400 });
    const events: ClientEvent[] = [];
    client.subscribe((e) => events.push(e));
    expect(client.state).toBe('connecting');
    const g = client.get('/entity/Sun');
    pending[0]!.reject(new NetworkError('cannot reach test'));
    await expect(g).rejects.toBeInstanceOf(RestError);
    expect(client.state).toBe('offline');
    expect(client.lastError?.message).toBe('cannot reach test');
    clock.advance(100);
    expect(pending[1]!.url).toBe('/ping');
    pending[1]!.reject(new NetworkError('still down'));
    await flush();
    expect(client.lastError?.message).toBe('still down');
    clock.advance(150);
    expect(pending).toHaveLength(2); // the second ping waits 200 ms
    clock.advance(50);
    expect(pending).toHaveLength(3);
    pending[2]!.resolve({ status: 200, body: '{}' });
    await flush();
    expect(client.state).toBe('online');
    expect(events).toContain('invalidate');
    expect(clock.pendingTimers()).toBe(0);
  });
});
