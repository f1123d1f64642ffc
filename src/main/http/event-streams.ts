// Server-Sent Event streams on the REST server: the transport's half of watches. It knows nothing
// about what is watched: a feed (given by the host) writes events into a sink; this module holds
// the limits, the heartbeats, back-pressure and a clean end on stop or disconnect.
//
// Back-pressure: a stream holds at most one event that the socket has not taken yet. While it
// does, the sink reports `backedUp` and the feed writes nothing to it; once the socket took it, the
// feed's next event brings the reader from what it had to the latest state (coalesced, never
// queued). That bounds the host's own memory, not the kernel's: a reader slower than the stream
// lets the host's socket send buffer fill (Linux grows it to 4 MiB, measured 3-4 MiB of old events
// per stream on loopback, while the reader's receive queue held under 100 KiB). Node cannot see or
// shrink that buffer, but it sees its effect: once full, the socket takes no event whole. A stream
// whose socket has taken no event whole for `maxBackedUpMs` is reset (TCP RST, not a FIN): the
// kernel throws the host's queued bytes away instead of sending them, the reader gets only what its
// own receive queue held, then the end, and its EventSource reconnects (after the `retry:` the
// stream announced) with a fresh `full`. A client that follows the protocol reopens even sooner,
// from the ids (see WATCH_MAX_LAG_MS in the watch protocol).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RestReply, RestRequest } from '../../shared/protocol';
import { errorBody } from './json-error';
import { StreamSink, acceptsGzip, type EventSink } from './stream-sink';

export type { EventSink } from './stream-sink';

/** Limits and timing of event streams (see HttpOptions for defaults). */
export interface EventStreamLimits {
  /** Open streams at most, all clients together; more get 503. */
  maxStreams: number;
  /** Open streams at most from one client address; more get 429. */
  maxStreamsPerClient: number;
  /** Milliseconds of silence after which an idle stream gets a comment line (keeps proxies from closing it). */
  heartbeatMs: number;
  /** Milliseconds a stream's socket may go without taking an event whole before the stream is reset (its reader reads the past). */
  maxBackedUpMs: number;
}

/** What a feed gives back for an accepted stream. */
export interface EventSubscription {
  /** Called once when the stream ends (disconnect, server stop); the feed must drop the sink. */
  closed(): void;
}

/**
 * Opens a feed for a request under the stream prefix: either an error reply (answered as a plain
 * JSON reply, no stream) or a subscription. The stream's headers go out at once; the feed writes
 * its first event when it has it (before returning, or with the next frame).
 */
export type EventFeedOpener = (req: RestRequest, sink: EventSink) => RestReply | EventSubscription;

interface OpenStream {
  readonly res: ServerResponse;
  readonly client: string;
  readonly sink: StreamSink;
  subscription: EventSubscription | undefined;
}

/** Every open event stream of one server. */
export class EventStreams {
  private readonly open = new Set<OpenStream>();
  private readonly perClient = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | undefined;
  private closing = false;
  /** Streams reset so far because their socket stayed backed up (see maxBackedUpMs). */
  resets = 0;

  /** `onFault` hears of a stream whose writes threw (it is reset; the others go on). */
  constructor(private readonly limits: EventStreamLimits, private readonly opener: EventFeedOpener, private readonly onFault: (part: string, err: unknown) => void = () => {}) {}

  /** Streams open now. */
  get count(): number {
    return this.open.size;
  }

  /**
   * Answers one GET under the stream prefix: a limit error, the feed's error reply, or a stream
   * that stays open until the client leaves or the server stops.
   */
  accept(req: IncomingMessage, rreq: RestRequest, res: ServerResponse, reply: (r: RestReply) => void): void {
    const l = this.limits;
    const client = req.socket.remoteAddress ?? '';
    if (this.closing) {
      reply({ status: 503, headers: { 'Retry-After': '1' }, body: errorBody('server is shutting down: reconnect when it is back') });
      return;
    }
    if (this.open.size >= l.maxStreams) {
      reply({ status: 503, headers: { 'Retry-After': '1' }, body: errorBody(`too many watches: ${l.maxStreams} are open on this server (its --max-watches); close some or retry later`) });
      return;
    }
    const mine = this.perClient.get(client) ?? 0;
    if (mine >= l.maxStreamsPerClient) {
      reply({ status: 429, headers: { 'Retry-After': '1' }, body: errorBody(`too many watches from ${client}: ${mine} are open (the server's --max-watches-per-client); close one before opening another`) });
      return;
    }
    const sink = new StreamSink(res, acceptsGzip(req.headers['accept-encoding']));
    const stream: OpenStream = { res, client, sink, subscription: undefined };
    const result = this.opener(rreq, sink);
    if (!('closed' in result)) {
      reply(result);
      return;
    }
    stream.subscription = result;
    sink.start();
    this.open.add(stream);
    this.perClient.set(client, mine + 1);
    // A stream is long-lived by design: heartbeats, not the idle timeout, tell a dead peer.
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    res.once('close', () => this.drop(stream));
    this.startHeartbeat();
  }

  private drop(stream: OpenStream): void {
    if (!this.open.delete(stream)) return;
    const n = (this.perClient.get(stream.client) ?? 1) - 1;
    if (n <= 0) this.perClient.delete(stream.client);
    else this.perClient.set(stream.client, n);
    stream.subscription?.closed();
    stream.subscription = undefined;
    if (this.open.size === 0) this.stopHeartbeat();
  }

  private startHeartbeat(): void {
    if (this.heartbeat !== undefined) return;
    const every = this.limits.heartbeatMs;
    const backedUp = this.limits.maxBackedUpMs;
    // One timer for both: it ticks often enough to find a backed-up stream within a quarter of its limit.
    this.heartbeat = setInterval(() => {
      const now = Date.now();
      for (const s of [...this.open]) {
        try {
          if (s.sink.backedUpSince !== undefined && now - s.sink.backedUpSince > backedUp) this.reset(s);
          else if (s.sink.lastWrite <= now - every && !s.sink.backedUp) s.sink.raw(': heartbeat\n\n');
        } catch (err) {
          // One stream's boundary: it is cut, the timer and the other streams go on.
          this.onFault(s.res.req?.url?.slice(0, 200) ?? 'a watch stream', err);
          this.reset(s);
        }
      }
    }, Math.max(1, Math.floor(Math.min(every / 2, backedUp / 4))));
    this.heartbeat.unref();
  }

  /** Drops a stream whose reader reads the past, and the old events the kernel still holds for it. */
  private reset(stream: OpenStream): void {
    this.resets++;
    const socket = stream.res.socket;
    if (socket && !socket.destroyed) socket.resetAndDestroy();
    else stream.res.destroy();
    this.drop(stream);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  /** Ends every stream with an `end` event (the server is stopping) and refuses new ones. */
  closeAll(reason: string): void {
    this.closing = true;
    for (const s of [...this.open]) {
      s.sink.write('end', JSON.stringify({ reason }));
      s.res.shouldKeepAlive = false;
      s.sink.end();
      this.drop(s);
    }
    this.stopHeartbeat();
  }
}
