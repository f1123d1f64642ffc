// A watch client for tests and benchmarks: opens /watch/... over node:http, parses the Server-Sent
// Events with eventsource-parser and keeps the state the events rebuild. Like the explorer, it
// measures how old each event is (WatchLagMeter) and, once it reads the past, drops the stream and
// opens a new one (with Last-Event-ID, as a browser's EventSource would). `slow` makes it a reader
// that takes bytes only when told to (readSome), as a background tab or a slow link does;
// `reconnect` makes it reconnect, as an EventSource does, when the server drops the stream.
import { request, type Agent, type ClientRequest, type IncomingMessage } from 'node:http';
import { createGunzip, type Gunzip } from 'node:zlib';
import { createParser, type EventSourceMessage, type EventSourceParser } from 'eventsource-parser';
import { WatchLagMeter, applyWatchEvent, type WatchState } from '../../src/shared/protocol';

/** One open watch. */
export interface WatchClient {
  /** Events received so far, in order (over every reopened stream). */
  readonly events: EventSourceMessage[];
  /** Comment lines (heartbeats) received so far. */
  readonly comments: string[];
  /** The state rebuilt from every event so far. */
  state: WatchState | undefined;
  /** Body bytes received so far (decoded). */
  bytes: number;
  /** Body bytes as they came over the socket (compressed, for a gzip stream). */
  wireBytes: number;
  /** True once the server ended the stream (or refused to reopen it). */
  ended: boolean;
  /** Streams opened again because the client read the past (more than WATCH_MAX_LAG_MS behind). */
  reopens: number;
  /** Streams opened again because the server dropped the stream (with `reconnect`). */
  reconnects: number;
  /** Lag of the last event read, in ms, as the client measured it. */
  readonly lagMs: number;
  /** Bytes node received from the socket that the client has not read yet (a slow client's own buffer). */
  readonly unread: number;
  /** Resolves with the first event (from now on, or already received when `from` is given) that satisfies `test`. */
  next(test?: (e: EventSourceMessage) => boolean, from?: number): Promise<EventSourceMessage>;
  /** Resolves once `n` comment lines (heartbeats) in all have come, counting those already received. */
  comment(n: number): Promise<void>;
  /** A slow client: takes at most `maxBytes` of what node has received (at most 16 KiB) and handles the events in it; returns the bytes taken. */
  readSome(maxBytes: number): number;
  /** Closes the stream. */
  close(): void;
}

/** A refused watch: the HTTP status and JSON error. */
export interface WatchRefused {
  status: number;
  body: { error: string };
  headers: IncomingMessage['headers'];
}

/** Options of openWatch. */
export interface WatchOptions {
  agent?: Agent;
  headers?: Record<string, string>;
  /** Read only when readSome is called (default: read everything as it comes). */
  slow?: boolean;
  /** Reopen the stream once an event read is older than this (ms); default the protocol's WATCH_MAX_LAG_MS, Infinity never. */
  maxLagMs?: number;
  /** When the server drops an open stream, open it again after the stream's `retry:` (as an EventSource does) instead of ending. */
  reconnect?: boolean;
  /** Where an event's age is judged: at its `id:` line (default), or once it is read whole (as an EventSource hands events). */
  judgeAt?: 'id' | 'event';
  /** Ask for a gzip-compressed stream (Accept-Encoding: gzip, as browsers do); bytes read are then compressed bytes. */
  compressed?: boolean;
  /** Records when each stream opened and each event was read (for measurements). */
  trace?: WatchTrace;
}

/** What a traced watch saw: its streams (local ms) and every event it read, kept or judged old. */
export interface WatchTrace {
  streams: { requestedAt: number; firstByteAt?: number; bytes: number }[];
  events: { at: number; stream: number; kind: string; bytes: number; id?: string; kept: boolean }[];
}

/** Opens a watch at `base + target` (e.g. '/watch/query?q=Planet'); resolves once the reply's headers arrived. */
export function openWatch(base: string, target: string, opts: WatchOptions = {}): Promise<WatchClient | WatchRefused> {
  const waiters: { test: (e: EventSourceMessage) => boolean; resolve: (e: EventSourceMessage) => void }[] = [];
  const commentWaiters: { n: number; resolve: () => void }[] = [];
  const meter = new WatchLagMeter(opts.maxLagMs);
  let req: ClientRequest | undefined;
  let res: IncomingMessage | undefined;
  let closed = false;
  let lastId: string | undefined;
  let retryMs = 0;
  /** The current stream's decompressor, when it is compressed. */
  let gunzip: Gunzip | undefined;
  /** The current line read so far, while it may be an `id:` line; null once it cannot be. */
  let line: string | null = '';
  /** The id already judged from its `id:` line (the event itself is not judged again). */
  let judged: string | undefined;
  const client: WatchClient = {
    events: [], comments: [], state: undefined, bytes: 0, wireBytes: 0, ended: false, reopens: 0, reconnects: 0,
    get lagMs() { return meter.lastLagMs; },
    get unread() { return res?.readableLength ?? 0; },
    next(test = () => true, from?: number) {
      if (from !== undefined) {
        const found = client.events.slice(from).find(test);
        if (found) return Promise.resolve(found);
      }
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
    comment(n: number) {
      if (client.comments.length >= n) return Promise.resolve();
      return new Promise((resolve) => commentWaiters.push({ n, resolve }));
    },
    readSome(maxBytes: number) {
      const r = res;
      if (r === undefined) return 0;
      // Only what node has taken from the socket (its high-water mark, 16 KiB) can be read at once.
      const n = Math.min(maxBytes, r.readableLength);
      const chunk = n > 0 ? (r.read(n) as string | Buffer | null) : null;
      if (chunk === null) return 0;
      client.wireBytes += Buffer.byteLength(chunk);
      if (typeof chunk === 'string') take(r, chunk);
      else gunzip?.write(chunk);
      return Buffer.byteLength(chunk);
    },
    close() { closed = true; req?.destroy(); },
  };
  /** A parser for one connection: events of a stream already dropped are ignored. */
  const newParser = (): EventSourceParser => {
    const p: EventSourceParser = createParser({
      onEvent(e) {
        if (p !== parser) return;
        if (e.id !== undefined) lastId = e.id;
        if (e.id === undefined || e.id !== judged) {
          if (judge(e.id, e.event ?? 'message', e.data.length)) return;
        } else trace(e.id, e.event ?? 'message', e.data.length, true);
        client.events.push(e);
        client.state = applyWatchEvent(client.state, e.event ?? 'message', e.data, e.id);
        for (let i = waiters.length - 1; i >= 0; i--) {
          if (waiters[i]!.test(e)) { waiters[i]!.resolve(e); waiters.splice(i, 1); }
        }
      },
      onComment(c) {
        if (p !== parser) return;
        client.comments.push(c);
        for (let i = commentWaiters.length - 1; i >= 0; i--) {
          if (client.comments.length >= commentWaiters[i]!.n) { commentWaiters[i]!.resolve(); commentWaiters.splice(i, 1); }
        }
      },
      onRetry(ms) { retryMs = ms; },
    });
    return p;
  };
  let parser = newParser();
  const trace = (id: string | undefined, kind: string, bytes: number, kept: boolean): void => {
    opts.trace?.events.push({ at: Date.now(), stream: opts.trace.streams.length - 1, kind, bytes, id, kept });
  };
  /** Measures an event's age from its id; reopens (and returns true) when it is old. */
  const judge = (id: string | undefined, kind: string, bytes: number): boolean => {
    judged = id;
    meter.read(id, Date.now());
    trace(id, kind, bytes, !meter.behind);
    if (meter.behind) reopen();
    return meter.behind;
  };
  /**
   * Handles text of the current stream (text of a stream already dropped is ignored). An event's
   * `id:` line comes before its data, so the event's age is judged there: an old event is dropped
   * with its stream before its (maybe large) data is read.
   */
  const take = (from: IncomingMessage, chunk: string): void => {
    if (from !== res) return;
    client.bytes += Buffer.byteLength(chunk);
    const traced = opts.trace?.streams.at(-1);
    if (traced) { traced.firstByteAt ??= Date.now(); traced.bytes += Buffer.byteLength(chunk); }
    const p = parser;
    let fed = 0;
    for (let i = 0; i < chunk.length;) {
      const nl = chunk.indexOf('\n', i);
      const piece = chunk.slice(i, nl < 0 ? chunk.length : nl);
      if (line !== null) line = (line + piece).length < 3 || (line + piece).startsWith('id:') ? line + piece : null;
      if (nl < 0) break;
      i = nl + 1;
      const idLine = line;
      line = '';
      if (idLine === null || opts.judgeAt === 'event') continue;
      parser.feed(chunk.slice(fed, i));
      fed = i;
      if (p !== parser) return;
      if (judge(idLine.slice(3).replace(/^ /, '').replace(/\r$/, ''), 'id line', 0)) return;
    }
    parser.feed(chunk.slice(fed));
  };
  /** The server dropped the stream `from`: end, or (with `reconnect`) open it again as an EventSource would. */
  const dropped = (from: IncomingMessage): void => {
    if (from !== res) return;
    if (!opts.reconnect || closed) { client.ended = true; return; }
    res = undefined;
    setTimeout(() => reopen('dropped'), retryMs);
  };
  /** Drops the stream whose events are old and opens a new one: its first event is the present. */
  const reopen = (why: 'behind' | 'dropped' = 'behind'): void => {
    if (why === 'behind') client.reopens++;
    else client.reconnects++;
    meter.reopened();
    req?.destroy();
    res = undefined;
    gunzip?.destroy();
    gunzip = undefined;
    line = '';
    parser = newParser();
    const headers = { ...opts.headers, ...(lastId === undefined ? {} : { 'Last-Event-ID': lastId }) };
    connect(headers, (r) => { if ('status' in r) client.ended = true; }, () => { client.ended = true; });
  };
  const connect = (headers: Record<string, string> | undefined, done: (r: WatchClient | WatchRefused) => void, fail?: (err: Error) => void): void => {
    if (closed) return;
    opts.trace?.streams.push({ requestedAt: Date.now(), bytes: 0 });
    const asked = opts.compressed ? { ...headers, 'Accept-Encoding': 'gzip' } : headers;
    let answered = false;
    const r = request(base + target, { agent: opts.agent, headers: asked }, (reply) => {
      answered = true;
      const gz = reply.headers['content-encoding'] === 'gzip' ? createGunzip() : undefined;
      if (gz === undefined) reply.setEncoding('utf8');
      if (reply.statusCode !== 200 || !String(reply.headers['content-type']).startsWith('text/event-stream')) {
        if (gz) reply.pipe(gz).setEncoding('utf8');
        const body = gz ?? reply;
        let text = '';
        body.on('data', (c: string) => { text += c; });
        body.on('end', () => done({ status: reply.statusCode ?? 0, body: JSON.parse(text), headers: reply.headers }));
        return;
      }
      res = reply;
      gunzip = gz;
      if (gz) {
        gz.setEncoding('utf8');
        gz.on('data', (c: string) => take(reply, c));
        // The decoder's end, not the socket's: the last events are still in it.
        gz.on('end', () => dropped(reply));
        gz.on('error', () => dropped(reply));
        reply.on('end', () => gz.end());
        if (!opts.slow) reply.on('data', (c: Buffer) => { client.wireBytes += c.length; gz.write(c); });
      } else {
        if (!opts.slow) reply.on('data', (c: string) => { client.wireBytes += Buffer.byteLength(c); take(reply, c); });
        reply.on('end', () => dropped(reply));
      }
      // A reset: whatever the decoder still holds goes with the stream.
      reply.on('error', () => dropped(reply));
      done(client);
    });
    req = r;
    // Once the reply came, a dropped connection is the reply's error (handled by `dropped`); the
    // request reports the same reset too, and must not count as a failure to open.
    r.on('error', (err) => { if (r === req && !answered && !client.ended) fail?.(err); });
    r.end();
  };
  return new Promise((resolve, reject) => connect(opts.headers, resolve, reject));
}

/** Narrows an openWatch result to an open watch (throws with the server's error otherwise). */
export function opened(w: WatchClient | WatchRefused): WatchClient {
  if ('status' in w) throw new Error(`watch refused: ${w.status} ${w.body.error}`);
  return w;
}
