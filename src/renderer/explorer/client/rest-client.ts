// The explorer's REST client: one per page. GET replies are shared between panels (a cache keyed
// by URL, plus in-flight dedupe), a successful PUT drops the cache so every panel re-reads, and
// the connection state follows the requests: lost on the first request without a reply,
// regained (with a backoff ping) on the next one that gets any reply.
import { RestError, parseReply } from './rest-error';
import { NetworkError, type RestMethod, type Transport } from './transport';

/** 'connecting' until the first reply, then 'online', or 'offline' while no reply comes. */
export type ConnectionState = 'connecting' | 'online' | 'offline';

/** What subscribers hear: the state changed, or cached replies were dropped (re-read now). */
export type ClientEvent = 'state' | 'invalidate';

/** Timers of the client (the page's by default; tests pass fakes). */
export interface ClientTimers {
  /** Milliseconds, monotonic. */
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Options of RestClient. */
export interface RestClientOptions {
  /** URL pinged while offline to notice the server is back (default the World entity). */
  pingUrl?: string;
  /** First reconnect delay in ms (default 500), doubled per failure up to maxBackoffMs. */
  minBackoffMs?: number;
  /** Longest reconnect delay in ms (default 5000). */
  maxBackoffMs?: number;
  /** Most cached replies kept (default 300); the oldest go first. */
  maxEntries?: number;
  timers?: ClientTimers;
}

interface Entry {
  value?: unknown;
  at: number;
  inflight?: Promise<unknown>;
}

const defaultTimers: ClientTimers = {
  now: () => (typeof performance !== 'undefined' ? performance.now() : Date.now()),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** REST access shared by all panels of the page. */
export class RestClient {
  private readonly cache = new Map<string, Entry>();
  private readonly listeners = new Set<(e: ClientEvent) => void>();
  private readonly timers: ClientTimers;
  private readonly pingUrl: string;
  private readonly minBackoff: number;
  private readonly maxBackoff: number;
  private readonly maxEntries: number;
  private backoff: number;
  private pingTimer: unknown;
  private generation = 0;
  private _state: ConnectionState = 'connecting';
  private _lastError: RestError | undefined;
  private _requests = 0;

  constructor(readonly transport: Transport, options: RestClientOptions = {}) {
    this.timers = options.timers ?? defaultTimers;
    this.pingUrl = options.pingUrl ?? '/entity/ecs/core/World';
    this.minBackoff = options.minBackoffMs ?? 500;
    this.maxBackoff = options.maxBackoffMs ?? 5000;
    this.maxEntries = options.maxEntries ?? 300;
    this.backoff = this.minBackoff;
  }

  /** The connection state. */
  get state(): ConnectionState {
    return this._state;
  }

  /** Why the connection is offline (the last network error), if it is. */
  get lastError(): RestError | undefined {
    return this._lastError;
  }

  /** Requests sent so far (cache hits and joined in-flight requests not counted). */
  get requestCount(): number {
    return this._requests;
  }

  /** Listens to state changes and invalidations; returns the unsubscribe function. */
  subscribe(listener: (e: ClientEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * GET `url` (a request target such as "/entity/Sun"): a cached reply younger than `maxAgeMs`,
   * the reply of an identical request in flight, or a new request. Rejects with RestError.
   */
  get(url: string, maxAgeMs = 0): Promise<unknown> {
    const entry = this.cache.get(url);
    const t = this.timers.now();
    if (entry?.inflight) return entry.inflight;
    if (entry && 'value' in entry && t - entry.at <= maxAgeMs) return Promise.resolve(entry.value);
    const generation = this.generation;
    const inflight = this.send('GET', url).then(
      (value) => {
        if (this.generation === generation) this.store(url, { value, at: this.timers.now() });
        else this.cache.delete(url);
        return value;
      },
      (err: unknown) => {
        if (this.cache.get(url)?.inflight === inflight) this.cache.delete(url);
        throw err;
      },
    );
    this.cache.set(url, { ...(entry ?? { at: t }), inflight });
    return inflight;
  }

  /** PUT `url`; on success every cached reply is dropped and subscribers re-read. Rejects with RestError. */
  async put(url: string): Promise<unknown> {
    return this.write('PUT', url);
  }

  /** A write (PUT or DELETE) of `url`; on success every cached reply is dropped and subscribers re-read. Rejects with RestError. */
  async write(method: 'PUT' | 'DELETE', url: string): Promise<unknown> {
    const value = await this.send(method, url);
    this.invalidate();
    return value;
  }

  /**
   * A write that changes nothing the explorer reads (the frame the viewport draws): sent without
   * dropping cached replies, so panels do not re-read. Rejects with RestError.
   */
  async command(method: 'PUT' | 'DELETE', url: string): Promise<unknown> {
    return this.send(method, url);
  }

  /** Drops every cached reply and tells subscribers to re-read. */
  invalidate(): void {
    this.generation++;
    this.cache.clear();
    this.emit('invalidate');
  }

  /** Stops the reconnect timer. */
  dispose(): void {
    if (this.pingTimer !== undefined) this.timers.clearTimeout(this.pingTimer);
    this.pingTimer = undefined;
    this.listeners.clear();
  }

  private store(url: string, entry: Entry): void {
    this.cache.delete(url);
    this.cache.set(url, entry);
    if (this.cache.size <= this.maxEntries) return;
    for (const [key, e] of this.cache) {
      if (this.cache.size <= this.maxEntries) break;
      if (!e.inflight) this.cache.delete(key);
    }
  }

  private async send(method: RestMethod, url: string): Promise<unknown> {
    this._requests++;
    let raw;
    try {
      raw = await this.transport.request(method, url);
    } catch (err) {
      const message = err instanceof NetworkError || err instanceof Error ? err.message : String(err);
      const error = new RestError(message, 0, url, 'network');
      this.lost(error);
      throw error;
    }
    this.reached();
    return parseReply(raw.status, raw.body, url);
  }

  private setState(state: ConnectionState): void {
    if (this._state === state) return;
    this._state = state;
    this.emit('state');
  }

  private reached(): void {
    const wasOffline = this._state === 'offline';
    this._lastError = undefined;
    this.backoff = this.minBackoff;
    if (this.pingTimer !== undefined) {
      this.timers.clearTimeout(this.pingTimer);
      this.pingTimer = undefined;
    }
    this.setState('online');
    // Replies cached before the outage may be stale, and panels may be waiting on errors.
    if (wasOffline) this.invalidate();
  }

  private lost(error: RestError): void {
    this._lastError = error;
    const changed = this._state !== 'offline';
    this.setState('offline');
    if (!changed) this.emit('state');
    this.schedulePing();
  }

  private schedulePing(): void {
    if (this.pingTimer !== undefined) return;
    const delay = this.backoff;
    this.backoff = Math.min(this.maxBackoff, this.backoff * 2);
    this.pingTimer = this.timers.setTimeout(() => {
      this.pingTimer = undefined;
      // A failed ping schedules the next one (through lost()); a reply reconnects.
      this.send('GET', this.pingUrl).catch(() => undefined);
    }, delay);
  }

  private emit(e: ClientEvent): void {
    for (const l of [...this.listeners]) l(e);
  }
}
