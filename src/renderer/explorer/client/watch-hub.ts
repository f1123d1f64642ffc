// Watches for the explorer: one EventSource per watched GET target, shared by every panel that
// shows it, used only when the server offers watches (its OpenAPI description lists /watch/query)
// and only over HTTP. A browser opens at most six HTTP/1.1 connections per server and each stream
// holds one, so the hub keeps a small budget of streams: panels beyond it poll, as they do
// against a server without watches. A stream whose events arrive more than WATCH_MAX_LAG_MS old
// (a tab back from the background, a slow link: the socket buffers held old events) is closed and
// opened again, so the panels show the present again as soon as the new stream's first event comes.
import { replyInContractNames } from './contract-names';
import { WATCH_EVENTS, WatchLagMeter, applyWatchEvent, watchTarget, type WatchState } from '../../../shared/protocol/watch';
import type { RestClient } from './rest-client';

/** Streams the explorer keeps open at most (the rest of the browser's six connections stay free for GETs and PUTs). */
export const MAX_WATCH_STREAMS = 3;
/** Streams kept free for high-priority watches. */
export const LOW_PRIORITY_RESERVE = 2;
/** Least time between two updates a panel gets from one stream, in ms (the stream itself may carry 60 per second). */
export const WATCH_NOTIFY_MS = 100;
/**
 * How often the hub tells a reopened stream's lag meter that the page runs, until its first event
 * comes, in ms: a longer gap means the tab was frozen meanwhile (WatchLagMeter.ran).
 */
export const WATCH_ALIVE_MS = 250;

/** The part of EventSource the hub uses (the browser's, or a test's). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, fn: (e: { data: string; lastEventId: string }) => void): void;
  close(): void;
  onerror: ((e: unknown) => void) | null;
}

/** Creates an EventSource for a URL. */
export type EventSourceFactory = (url: string) => EventSourceLike;

/** What a panel hears from a watch. */
export interface WatchListener {
  /** The latest state (a new object each time, its reply a copy of the stream's). */
  update(state: WatchState): void;
  /** The watch is gone (refused, or the server ended it): poll instead. */
  failed(): void;
}

interface Stream {
  source: EventSourceLike;
  readonly lag: WatchLagMeter;
  readonly listeners: Set<WatchListener>;
  state: WatchState | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Ticks while a reopened stream waits for its first event. */
  alive: ReturnType<typeof setInterval> | undefined;
  lastNotify: number;
}

const CLOSED = 2;

/** The watches of one page, for one REST client. */
export class WatchHub {
  private readonly streams = new Map<string, Stream>();
  private probe: Promise<boolean> | undefined;

  constructor(
    private readonly client: RestClient,
    private readonly factory: EventSourceFactory | undefined = defaultFactory(),
    readonly maxStreams = MAX_WATCH_STREAMS,
  ) {}

  /** Resolves true when the server offers watches (asked once per page, via GET /openapi.json). */
  supported(): Promise<boolean> {
    if (this.client.transport.kind !== 'http' || this.factory === undefined) return Promise.resolve(false);
    this.probe ??= this.client.get('/openapi.json', Infinity).then(
      (doc) => typeof (doc as { paths?: Record<string, unknown> })?.paths?.['/watch/query'] === 'object',
      () => false,
    );
    return this.probe;
  }

  /** Streams open now. */
  get openStreams(): number {
    return this.streams.size;
  }

  /**
   * Watches GET `target` (e.g. "/entity/Sun?values=true"); returns the unsubscribe function, or
   * undefined when no stream is left in the budget (then poll). A 'low' priority watch (the tree's
   * levels) takes a stream only while LOW_PRIORITY_RESERVE more stay free for 'high' ones (inspector, query).
   */
  watch(target: string, listener: WatchListener, priority: 'high' | 'low' = 'high'): (() => void) | undefined {
    let s = this.streams.get(target);
    if (s === undefined) {
      const budget = priority === 'high' ? this.maxStreams : this.maxStreams - LOW_PRIORITY_RESERVE;
      if (this.streams.size >= budget || this.factory === undefined) return undefined;
      s = this.open(target);
    }
    s.listeners.add(listener);
    if (s.state !== undefined) listener.update(s.state);
    const stream = s;
    return () => {
      stream.listeners.delete(listener);
      if (stream.listeners.size === 0) this.close(target, stream);
    };
  }

  private open(target: string): Stream {
    const s: Stream = { source: undefined as unknown as EventSourceLike, lag: new WatchLagMeter(), listeners: new Set(), state: undefined, timer: undefined, alive: undefined, lastNotify: 0 };
    this.streams.set(target, s);
    this.connect(target, s);
    return s;
  }

  /** Opens the stream's EventSource; events of a source already replaced are ignored. */
  private connect(target: string, s: Stream): void {
    const source = this.factory!(this.client.transport.base + watchTarget(target));
    s.source = source;
    const onEvent = (name: string) => (e: { data: string; lastEventId: string }) => {
      if (s.source !== source) return;
      s.lag.read(e.lastEventId, Date.now());
      this.stopAlive(s);
      if (s.lag.behind) { this.reopen(target, s); return; }
      try {
        s.state = applyWatchEvent(s.state, name, e.data, e.lastEventId);
      } catch {
        this.fail(target, s);
        return;
      }
      this.schedule(s);
    };
    for (const name of [WATCH_EVENTS.full, WATCH_EVENTS.diff, WATCH_EVENTS.fail]) source.addEventListener(name, onEvent(name));
    source.addEventListener(WATCH_EVENTS.end, () => { if (s.source === source) this.fail(target, s); });
    // A refused watch (4xx/5xx) closes the source; a dropped connection reconnects by itself and starts again with `full`.
    source.onerror = () => { if (s.source === source && source.readyState === CLOSED) this.fail(target, s); };
  }

  /** The stream reads the past: drop it (and what the socket still holds) and start again from the present. */
  private reopen(target: string, s: Stream): void {
    s.source.close();
    s.lag.reopened(Date.now());
    this.stopAlive(s);
    s.alive = setInterval(() => s.lag.ran(Date.now()), WATCH_ALIVE_MS);
    this.connect(target, s);
  }

  private stopAlive(s: Stream): void {
    if (s.alive !== undefined) clearInterval(s.alive);
    s.alive = undefined;
  }

  /** Tells listeners at most every WATCH_NOTIFY_MS, always with the latest state. */
  private schedule(s: Stream): void {
    if (s.timer !== undefined) return;
    const wait = Math.max(0, s.lastNotify + WATCH_NOTIFY_MS - Date.now());
    s.timer = setTimeout(() => {
      s.timer = undefined;
      s.lastNotify = Date.now();
      if (s.state === undefined) return;
      // Deltas are applied in place; panels get a copy, so a changed reply is a new object (memos see it).
      const state = { ...s.state, reply: replyInContractNames(structuredClone(s.state.reply)) };
      for (const l of [...s.listeners]) l.update(state);
    }, wait);
  }

  private fail(target: string, s: Stream): void {
    const listeners = [...s.listeners];
    this.close(target, s);
    for (const l of listeners) l.failed();
  }

  private close(target: string, s: Stream): void {
    if (this.streams.get(target) === s) this.streams.delete(target);
    if (s.timer !== undefined) clearTimeout(s.timer);
    this.stopAlive(s);
    s.listeners.clear();
    s.source.close();
  }

  /** Closes every stream. */
  dispose(): void {
    for (const [target, s] of [...this.streams]) this.close(target, s);
  }
}

function defaultFactory(): EventSourceFactory | undefined {
  const ES = (globalThis as { EventSource?: new (url: string) => EventSourceLike }).EventSource;
  return ES === undefined ? undefined : (url) => new ES(url);
}

const hubs = new WeakMap<RestClient, WatchHub>();

/** The watch hub of a REST client (one per page). */
export function watchHubOf(client: RestClient): WatchHub {
  let hub = hubs.get(client);
  if (hub === undefined) hubs.set(client, (hub = new WatchHub(client)));
  return hub;
}
