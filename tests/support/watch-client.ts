// A watch client for tests and benchmarks: opens /watch/... with fetch, parses the Server-Sent
// Events with eventsource-parser and keeps the state the events rebuild.
import { request, type Agent, type ClientRequest, type IncomingMessage } from 'node:http';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { applyWatchEvent, type WatchState } from '../../src/shared/protocol';

/** One open watch. */
export interface WatchClient {
  /** Events received so far, in order. */
  readonly events: EventSourceMessage[];
  /** Comment lines (heartbeats) received so far. */
  readonly comments: string[];
  /** The state rebuilt from every event so far. */
  state: WatchState | undefined;
  /** Body bytes received so far. */
  bytes: number;
  /** True once the server ended the stream. */
  ended: boolean;
  /** Resolves with the first event (from now on, or already received when `from` is given) that satisfies `test`. */
  next(test?: (e: EventSourceMessage) => boolean, from?: number): Promise<EventSourceMessage>;
  /** Closes the stream. */
  close(): void;
}

/** A refused watch: the HTTP status and JSON error. */
export interface WatchRefused {
  status: number;
  body: { error: string };
  headers: IncomingMessage['headers'];
}

/** Opens a watch at `base + target` (e.g. '/watch/query?q=Planet'); resolves once the reply's headers arrived. */
export function openWatch(base: string, target: string, opts: { agent?: Agent; headers?: Record<string, string> } = {}): Promise<WatchClient | WatchRefused> {
  return new Promise((resolve, reject) => {
    const waiters: { test: (e: EventSourceMessage) => boolean; resolve: (e: EventSourceMessage) => void }[] = [];
    let req: ClientRequest | undefined = undefined;
    const client: WatchClient = {
      events: [], comments: [], state: undefined, bytes: 0, ended: false,
      next(test = () => true, from?: number) {
        if (from !== undefined) {
          const found = client.events.slice(from).find(test);
          if (found) return Promise.resolve(found);
        }
        return new Promise((res) => waiters.push({ test, resolve: res }));
      },
      close() { req?.destroy(); },
    };
    const parser = createParser({
      onEvent(e) {
        client.events.push(e);
        client.state = applyWatchEvent(client.state, e.event ?? 'message', e.data, e.id);
        for (let i = waiters.length - 1; i >= 0; i--) {
          if (waiters[i]!.test(e)) { waiters[i]!.resolve(e); waiters.splice(i, 1); }
        }
      },
      onComment(c) { client.comments.push(c); },
    });
    const r = request(base + target, { agent: opts.agent, headers: opts.headers }, (res) => {
      res.setEncoding('utf8');
      if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('text/event-stream')) {
        let text = '';
        res.on('data', (c: string) => { text += c; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), headers: res.headers }));
        return;
      }
      res.on('data', (c: string) => { client.bytes += Buffer.byteLength(c); parser.feed(c); });
      res.on('end', () => { client.ended = true; });
      res.on('error', () => { client.ended = true; });
      resolve(client);
    });
    req = r;
    r.on('error', (err) => { if (!client.ended) reject(err); });
    r.end();
  });
}

/** Narrows an openWatch result to an open watch (throws with the server's error otherwise). */
export function opened(w: WatchClient | WatchRefused): WatchClient {
  if ('status' in w) throw new Error(`watch refused: ${w.status} ${w.body.error}`);
  return w;
}
