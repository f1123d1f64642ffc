// The transport's event streams with a feed the test holds (no host): a stream whose socket took
// no event whole for watchResetMs is reset (TCP RST, its feed told once) while the others stay; a
// stream whose heartbeat throws is reported once and reset, and the others keep their heartbeats;
// a stopping server ends each stream with an `end` event (a FIN, not a reset). Waited on socket
// events, never on a timer.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamSink, type EventSink } from '../../../../src/main/http';
import { closeAll, send, start } from './helpers';

afterEach(async () => {
  vi.restoreAllMocks();
  await closeAll();
});

/** A raw client of one stream: the head and the body received (chunked framing taken off), and how the connection ended. */
interface RawStream {
  readonly socket: Socket;
  head: string;
  text: string;
  /** True once the last chunk (the end of the body) came. */
  done: boolean;
  /** Resolves with the error code when the connection ends ('' for a clean end). */
  readonly ended: Promise<string>;
  /** Resolves once the received text matches `re`. */
  until(re: RegExp): Promise<void>;
}

function openRaw(port: number, path: string): RawStream {
  const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`));
  const waiting: { re: RegExp; resolve: () => void }[] = [];
  let raw = '';
  const s: RawStream = {
    socket, head: '', text: '', done: false,
    ended: new Promise((resolve) => {
      let code = '';
      socket.on('error', (err: NodeJS.ErrnoException) => { code = err.code ?? 'error'; });
      socket.on('close', () => resolve(code));
    }),
    until: (re) => new Promise((resolve) => { if (re.test(s.text)) resolve(); else waiting.push({ re, resolve }); }),
  };
  socket.on('data', (c: Buffer) => {
    raw += c.toString('utf8');
    const split = raw.indexOf('\r\n\r\n');
    if (split < 0) return;
    s.head = raw.slice(0, split);
    // Chunks: <hex size>\r\n<bytes>\r\n, the last one of size 0. The events are ASCII here.
    let body = raw.slice(split + 4), text = '';
    for (let m = /^([0-9a-f]+)\r\n/.exec(body); m; m = /^([0-9a-f]+)\r\n/.exec(body)) {
      const size = parseInt(m[1]!, 16);
      if (body.length < m[0].length + size + 2) break;
      if (size === 0) s.done = true;
      text += body.slice(m[0].length, m[0].length + size);
      body = body.slice(m[0].length + size + 2);
    }
    s.text = text;
    for (const w of waiting.splice(0)) if (w.re.test(s.text)) w.resolve(); else waiting.push(w);
  });
  return s;
}

/** A transport whose /watch/<name> streams get a `full` event at once; the feed's sinks and its closed() calls by name. `before` runs first in the opener (a test's fault). */
async function streams(options: Parameters<typeof start>[0], before: (name: string, sink: EventSink) => void = () => {}) {
  const { transport, port } = await start(options);
  const sinks = new Map<string, EventSink>();
  const closed: string[] = [];
  const faults: { kind: string; part: string; message: string }[] = [];
  transport.onFault((kind, part, err) => faults.push({ kind, part, message: (err as Error).message }));
  transport.onEvents(['/watch/'], (req, sink) => {
    const name = req.url.slice('/watch/'.length);
    before(name, sink);
    sinks.set(name, sink);
    sink.write('full', `{"name":"${name}"}`, 1);
    return { closed: () => closed.push(name) };
  });
  const open = async (name: string): Promise<RawStream> => {
    const s = openRaw(port, `/watch/${name}`);
    await s.until(/event: full\nid: 1\ndata: \{"name":"[a-z]+"\}\n\n/);
    return s;
  };
  return { transport, port, sinks, closed, faults, open };
}

describe('event streams', () => {
  it('a stream backed up for longer than watchResetMs is reset, its feed told once; the others stay open', async () => {
    // Heartbeats an hour apart: the timer ticks every 10 ms (a quarter of the reset time) for the backstop alone.
    const { transport, sinks, closed, open } = await streams({ watchResetMs: 40, watchHeartbeatMs: 3_600_000 });
    const a = await open('a');
    const b = await open('b');
    expect(a.head).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*content-type: text\/event-stream; charset=utf-8\r\n/i);
    expect(a.text).toMatch(/^retry: \d+\n\nevent: full\n/);
    expect(transport.openStreams).toBe(2);
    // Its socket has taken no event whole for a second (what a reader that stopped reading looks like).
    (sinks.get('a') as StreamSink).backedUpSince = Date.now() - 1000;
    expect(await a.ended).toBe('ECONNRESET');
    expect(closed).toEqual(['a']);
    expect(transport.openStreams).toBe(1);
    // The other stream still takes events.
    sinks.get('b')!.write('diff', '{"x":1}', 2);
    await b.until(/event: diff\nid: 2\ndata: \{"x":1\}\n\n/);
    expect(closed).toEqual(['a']);
    b.socket.destroy();
    await b.ended;
    await vi.waitFor(() => expect(closed).toEqual(['a', 'b']));
    expect(transport.openStreams).toBe(0);
  });

  it('a stream backed up for less than watchResetMs is not reset', async () => {
    const { transport, sinks, closed, open } = await streams({ watchResetMs: 3_600_000, watchHeartbeatMs: 20 });
    const a = await open('a');
    (sinks.get('a') as StreamSink).backedUpSince = Date.now() - 1000;
    const b = await open('b');
    // Heartbeats come to both (the timer ran several times meanwhile); a stays open.
    await b.until(/: heartbeat\n\n[^]*: heartbeat\n\n/);
    await a.until(/: heartbeat\n\n[^]*: heartbeat\n\n/);
    expect(closed).toEqual([]);
    expect(transport.openStreams).toBe(2);
  });

  it('a stream whose heartbeat throws is reported once and reset; the other streams keep their heartbeats', async () => {
    const { transport, sinks, closed, faults, open } = await streams({ watchHeartbeatMs: 20 });
    const a = await open('a');
    const b = await open('b');
    const raw = StreamSink.prototype.raw;
    vi.spyOn(StreamSink.prototype, 'raw').mockImplementation(function (this: StreamSink, text: string) {
      if (this === sinks.get('a') && text.startsWith(': heartbeat')) throw new Error('heartbeat fell over');
      raw.call(this, text);
    });
    expect(await a.ended).toBe('ECONNRESET');
    expect(faults).toEqual([{ kind: 'stream', part: '/watch/a', message: 'heartbeat fell over' }]);
    expect(closed).toEqual(['a']);
    const seen = b.text.length;
    await b.until(new RegExp(`^[^]{${seen}}[^]*: heartbeat\\n\\n`));
    expect(faults).toHaveLength(1);
    expect(transport.openStreams).toBe(1);
  });

  it('a stopping server ends every stream with an end event and a clean close, its feed told once', async () => {
    const { transport, closed, open } = await streams({});
    const a = await open('a');
    const b = await open('b');
    await transport.close();
    for (const s of [a, b]) {
      expect(await s.ended).toBe('');
      expect(s.text).toMatch(/event: end\ndata: \{"reason":"the server is stopping"\}\n\n$/);
      expect(s.done).toBe(true);
    }
    expect(closed.sort()).toEqual(['a', 'b']);
    expect(transport.openStreams).toBe(0);
  });

  it('a stream\'s headers keep caches and proxies from holding its events and let any page read it; it counts as one handled request', async () => {
    const { transport, open } = await streams({});
    const a = await open('a');
    const head = a.head.toLowerCase();
    for (const h of ['content-type: text/event-stream; charset=utf-8', 'cache-control: no-cache, no-transform', 'access-control-allow-origin: *', 'x-accel-buffering: no']) expect(head).toContain(`\r\n${h}\r\n`);
    expect(head).not.toContain('content-encoding');
    expect(transport.counters.request_handled_ok_count).toBe(1);
    expect(transport.counters.request_handled_error_count).toBe(0);
  });

  it('an event\'s data on several lines is sent as several data lines; an event without an id has no id line; nothing is written after the client left', async () => {
    const { sinks, closed, open } = await streams({});
    const a = await open('a');
    const sink = sinks.get('a')!;
    sink.write('note', 'one\ntwo\r\nthree');
    await a.until(/event: note\ndata: one\ndata: two\ndata: three\n\n$/);
    a.socket.destroy();
    await a.ended;
    await vi.waitFor(() => expect(closed).toEqual(['a']));
    const bytes = sink.bytesWritten;
    expect(() => sink.write('full', '{}', 2)).not.toThrow();
    expect(sink.bytesWritten).toBe(bytes);
  });

  it('an opener that throws before its stream began: a 500 JSON reply naming the request, reported once; the next stream opens', async () => {
    let fail = true;
    const { transport, port, faults, open } = await streams({}, () => { if (fail) throw new Error('opener fell over'); });
    const r = await send(port, 'GET', '/watch/a');
    expect(r.status).toBe(500);
    expect(JSON.parse(r.body).error).toBe('internal error while answering GET /watch/a: opener fell over; the server keeps running, see its log');
    expect(faults).toEqual([{ kind: 'request', part: 'GET /watch/a', message: 'opener fell over' }]);
    expect(transport.counters.request_handled_ok_count).toBe(0);
    expect(transport.openStreams).toBe(0);
    fail = false;
    await open('b');
    expect(transport.openStreams).toBe(1);
  });

  it('an opener that throws after its stream began: the stream is cut, reported once as a stream fault; the next stream opens', async () => {
    let fail = true;
    const { transport, port, faults, open } = await streams({}, (_name, sink) => {
      if (!fail) return;
      sink.write('full', '{}', 1);
      throw new Error('opener fell over late');
    });
    await expect(send(port, 'GET', '/watch/a')).rejects.toThrow();
    expect(faults).toEqual([{ kind: 'stream', part: '/watch/a', message: 'opener fell over late' }]);
    expect(transport.counters.request_handled_ok_count).toBe(0);
    expect(transport.openStreams).toBe(0);
    fail = false;
    await open('b');
    expect(transport.openStreams).toBe(1);
  });
});
