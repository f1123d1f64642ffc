// The explorer's watch hub: it streams only from a server whose OpenAPI description offers watches
// (a server without them is polled), rebuilds replies from the events, shares one stream per
// target, keeps within its stream budget, and tells panels to poll when a watch is refused or ends.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { RestClient } from '../../../../../src/renderer/explorer/client/rest-client';
import type { Transport } from '../../../../../src/renderer/explorer/client/transport';
import { WatchHub, type EventSourceLike } from '../../../../../src/renderer/explorer/client/watch-hub';
import { WATCH_MAX_LAG_MS, createWatchDiffer, openApiDocument } from '../../../../../src/shared/protocol';
import { CONTRACT } from '../../../../../src/shared/rest';

class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  onerror: ((e: unknown) => void) | null = null;
  private readonly handlers = new Map<string, ((e: { data: string; lastEventId: string }) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, fn: (e: { data: string; lastEventId: string }) => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  emit(type: string, data: unknown, id = ''): void {
    for (const fn of this.handlers.get(type) ?? []) fn({ data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId: id });
  }
  close(): void { this.closed = true; this.readyState = 2; }
}

function setup(openapi: { status: number; body: string }, kind: 'http' | 'local' = 'http') {
  const transport: Transport = { kind, label: 'http://127.0.0.1:1', base: 'http://127.0.0.1:1/contract', request: async () => openapi };
  const sources: FakeSource[] = [];
  const hub = new WatchHub(new RestClient(transport), (url) => { const s = new FakeSource(url); sources.push(s); return s; });
  return { hub, sources };
}

const OURS = { status: 200, body: JSON.stringify(openApiDocument(CONTRACT.rows({ maxLimit: 10_000 }))) };
const listener = () => ({ update: vi.fn(), failed: vi.fn() });

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('watch hub', () => {
  test('a server whose OpenAPI lists /watch/query offers watches; one without (or the desktop bridge) is polled', async () => {
    expect(await setup(OURS).hub.supported()).toBe(true);
    expect(await setup({ status: 404, body: '{"error":"unknown endpoint"}' }).hub.supported()).toBe(false);
    const older = openApiDocument(CONTRACT.rows({ maxLimit: 10_000 })) as { paths: Record<string, unknown> };
    delete older.paths['/watch/query'];
    expect(await setup({ status: 200, body: JSON.stringify(older) }).hub.supported()).toBe(false);
    expect(await setup(OURS, 'local').hub.supported()).toBe(false);
  });

  test('events rebuild the reply; panels hear the latest state at most every 100 ms', () => {
    const { hub, sources } = setup(OURS);
    const l = listener();
    hub.watch('/entity/Sun?values=true', l);
    expect(sources[0]!.url).toBe('http://127.0.0.1:1/contract/watch/entity/Sun?values=true');
    const a = { path: 'Sun', values: [{ x: 1 }] }, b = { path: 'Sun', values: [{ x: 2 }] }, c = { path: 'Sun', values: [{ x: 3 }] };
    const differ = createWatchDiffer();
    sources[0]!.emit('full', a, '10');
    vi.advanceTimersByTime(0);
    expect(l.update).toHaveBeenLastCalledWith({ reply: a, error: undefined, frame: 10 });
    sources[0]!.emit('diff', differ.diff(a, b), '11');
    sources[0]!.emit('diff', differ.diff(b, c), '12');
    expect(l.update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(l.update).toHaveBeenCalledTimes(2);
    expect(l.update).toHaveBeenLastCalledWith({ reply: c, error: undefined, frame: 12 });
  });

  test('a fail event (the entity was deleted) reaches panels as an error state, with no reply', () => {
    const { hub, sources } = setup(OURS);
    const l = listener();
    hub.watch('/entity/Sun/Probe', l);
    sources[0]!.emit('full', { path: 'Sun.Probe' }, '5');
    vi.advanceTimersByTime(0);
    const fail = { status: 404, error: "'Sun/Probe' names no entity" };
    sources[0]!.emit('fail', fail, '6');
    vi.advanceTimersByTime(100);
    expect(l.update).toHaveBeenLastCalledWith({ reply: undefined, error: fail, frame: 6 });
  });

  test('one stream per target, closed with its last panel; a budget of streams, with room kept for the inspector and query', () => {
    const { hub, sources } = setup(OURS);
    const stopA = hub.watch('/query?q=A', listener())!;
    const stopA2 = hub.watch('/query?q=A', listener())!;
    expect(sources).toHaveLength(1);
    expect(hub.watch('/query?q=T', listener(), 'low')).toBeUndefined(); // the tree may not take the last two
    expect(hub.watch('/query?q=B', listener())).toBeDefined();
    expect(hub.watch('/query?q=C', listener())).toBeDefined();
    expect(hub.watch('/query?q=D', listener())).toBeUndefined();
    stopA();
    expect(sources[0]!.closed).toBe(false);
    stopA2();
    expect(sources[0]!.closed).toBe(true);
    expect(hub.openStreams).toBe(2);
  });

  test('a refused watch, an ended stream or a bad delta make the panels poll', () => {
    const { hub, sources } = setup(OURS);
    const refused = listener(), ended = listener(), broken = listener();
    hub.watch('/query?q=A', refused);
    hub.watch('/query?q=B', ended);
    hub.watch('/query?q=C', broken);
    sources[0]!.readyState = 2;
    sources[0]!.onerror?.({});
    sources[1]!.emit('end', { reason: 'the server is stopping' });
    sources[2]!.emit('diff', { values: [1, 2] }, '3');
    for (const l of [refused, ended, broken]) expect(l.failed).toHaveBeenCalledTimes(1);
    expect(sources.every((s) => s.closed)).toBe(true);
    expect(hub.openStreams).toBe(0);
  });

  test('a dropped connection that reconnects keeps the watch', () => {
    const { hub, sources } = setup(OURS);
    const l = listener();
    hub.watch('/query?q=A', l);
    sources[0]!.readyState = 0; // EventSource is reconnecting
    sources[0]!.onerror?.({});
    expect(l.failed).not.toHaveBeenCalled();
    expect(hub.openStreams).toBe(1);
  });
});

describe('watch hub: a stream that reads the past', () => {
  test('an event more than WATCH_MAX_LAG_MS old is dropped with its stream; the new stream\'s first event is shown', () => {
    const { hub, sources } = setup(OURS);
    const l = listener();
    hub.watch('/entity/Sun?values=true', l);
    const now = Date.now();
    const a = { path: 'Sun', values: [{ x: 1 }] }, b = { path: 'Sun', values: [{ x: 2 }] }, c = { path: 'Sun', values: [{ x: 3 }] };
    const differ = createWatchDiffer();
    sources[0]!.emit('full', a, `10@${now}`);
    vi.advanceTimersByTime(WATCH_MAX_LAG_MS / 2);
    // Half a second later, an event of half a second ago: in time, shown.
    sources[0]!.emit('diff', differ.diff(a, b), `40@${now + 1}`);
    vi.advanceTimersByTime(100);
    expect(l.update).toHaveBeenLastCalledWith({ reply: b, error: undefined, frame: 40 });
    // The tab slept for a minute; the socket hands over what it held: an event of a minute ago.
    vi.advanceTimersByTime(60_000);
    sources[0]!.emit('diff', differ.diff(b, c), `41@${now + 17}`);
    expect(sources[0]!.closed).toBe(true);
    expect(sources).toHaveLength(2);
    expect(sources[1]!.url).toBe(sources[0]!.url);
    // The old source's remaining events change nothing; the new stream's first event is the present.
    sources[0]!.emit('diff', differ.diff(c, a), `42@${now + 33}`);
    vi.advanceTimersByTime(100);
    expect(l.update).toHaveBeenLastCalledWith({ reply: b, error: undefined, frame: 40 });
    sources[1]!.emit('full', c, `3640@${Date.now()}`);
    vi.advanceTimersByTime(100);
    expect(l.update).toHaveBeenLastCalledWith({ reply: c, error: undefined, frame: 3640 });
    expect(hub.openStreams).toBe(1);
    expect(l.failed).not.toHaveBeenCalled();
  });

  /** A watched entity whose stream reads an event two seconds late and is reopened. */
  function reopenedWatch() {
    const { hub, sources } = setup(OURS);
    const l = listener();
    hub.watch('/entity/Sun?values=true', l);
    const t0 = Date.now();
    sources[0]!.emit('full', { path: 'Sun', values: [{ x: 1 }] }, `10@${t0}`);
    vi.advanceTimersByTime(2 * WATCH_MAX_LAG_MS);
    sources[0]!.emit('full', { path: 'Sun', values: [{ x: 1 }] }, `11@${t0 + 16}`);
    expect(sources).toHaveLength(2);
    return { sources, l, reopenedAt: Date.now() };
  }

  test('a tab frozen just after a reopen shows nothing from the time away: the late first event reopens once more', () => {
    const { sources, l, reopenedAt } = reopenedWatch();
    // The page froze right after the reopen (no timer ran): its clock moves, its code does not.
    vi.setSystemTime(Date.now() + 10_000);
    // The new stream's first event, made just after the reopen, is read when the page runs again.
    sources[1]!.emit('full', { path: 'Sun', values: [{ x: 2 }] }, `90@${reopenedAt + 100}`);
    expect(sources[1]!.closed).toBe(true);
    expect(sources).toHaveLength(3);
    sources[2]!.emit('full', { path: 'Sun', values: [{ x: 3 }] }, `700@${Date.now()}`);
    vi.advanceTimersByTime(100);
    expect(l.update.mock.calls.map(([st]) => st.frame)).toEqual([10, 700]);
  });

  test('a late first event while the page ran (a large page on a slow link) is shown, not reopened again', () => {
    const { sources, l, reopenedAt } = reopenedWatch();
    const b = { path: 'Sun', values: [{ x: 2 }] };
    vi.advanceTimersByTime(3000); // three seconds to read the new stream's first event, the timers running
    sources[1]!.emit('full', b, `130@${reopenedAt + 5}`);
    vi.advanceTimersByTime(100);
    expect(sources).toHaveLength(2);
    expect(l.update).toHaveBeenLastCalledWith({ reply: b, error: undefined, frame: 130 });
  });
});
