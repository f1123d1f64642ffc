// How a watch client tells that it reads the past. Each event's id carries the frame it shows and
// the host's clock when that frame ran (`812@1764100000123`). The host sends a stream at most one
// event ahead of what the socket took, but the operating system's socket buffers (megabytes on
// loopback) still hold old events for a reader that reads slowly; only the reader can see how old
// what it reads is. A client compares each event's host time with its own clock (the smallest
// difference seen so far stands for "no delay", so the two clocks need not agree) and, once it
// reads something more than WATCH_MAX_LAG_MS old, drops the stream and opens a new one: the new
// stream's first event is the present state, and the old bytes are thrown away with the socket.
// The host adds a backstop for readers that ignore the ids: a stream whose socket stays backed up
// for WATCH_MAX_LAG_MS is reset, and an EventSource reconnects after WATCH_RECONNECT_MS.

/** How far behind the host a watch client may read before it reopens its stream, in ms. */
export const WATCH_MAX_LAG_MS = 1000;

/** How soon a browser's EventSource reconnects after the host dropped its stream, in ms (sent as the stream's `retry:`). */
export const WATCH_RECONNECT_MS = 500;

/** A watch event's id: the frame it shows and the host's clock (ms since 1970) when that frame ran. */
export interface WatchEventId {
  frame: number;
  time: number;
}

/** The `id:` of a watch event: `<frame>@<host ms>`. */
export function formatWatchEventId(frame: number, time: number): string {
  return `${frame}@${Math.round(time)}`;
}

/** Reads an event id (`812@1764100000123`, or a bare frame number as older hosts sent); undefined when it is neither. */
export function parseWatchEventId(id: string | undefined): WatchEventId | undefined {
  if (id === undefined || id === '') return undefined;
  const at = id.indexOf('@');
  const frameText = at < 0 ? id : id.slice(0, at);
  // Number('') and Number(' ') are 0: a missing frame must not read as frame 0.
  if (frameText.trim() === '') return undefined;
  const frame = Number(frameText);
  const time = at < 0 ? NaN : Number(id.slice(at + 1));
  return Number.isInteger(frame) ? { frame, time } : undefined;
}

/**
 * Measures how old the events a client reads are. Feed it every event id with the local time it
 * was read; `behind` turns true once an event is more than `maxLagMs` older than the freshest one
 * seen (both against the local clock). After reopening, call `reopened()`: the next event is the
 * new stream's first, and counts as fresh if it seems late (its own reading took that long, or a
 * clock jumped), so a client never reopens twice in a row for the same reason.
 *
 * One exception: the client's own code was frozen while it waited for that first event (a tab sent
 * to the background, or paused, just after reopening). The first event was made soon after the
 * reopen, but it is read when the page runs again, and it shows the time away. A client that can
 * tell passes `reopened(now)` and calls `ran(now)` from a timer while it waits; a gap of more than
 * twice `maxLagMs` between two of those calls (or before the event) is a freeze (a background tab's
 * timers still run once a second), and that first event is judged like any other. The reopen it
 * causes gets the usual allowance, so a client reopens at most twice in a row.
 */
export class WatchLagMeter {
  /** Smallest (local time − host time) seen: the clocks' offset plus the shortest delivery. */
  private offset = Infinity;
  private fresh = true;
  /** Local time the client's code last ran while it waits for a reopened stream's first event (undefined: not told). */
  private ranAt: number | undefined;
  /** The code was frozen since the reopen. */
  private froze = false;
  /** This reopen was caused by a freeze: its first event gets the usual allowance. */
  private afterFreeze = false;
  /** Lag of the last event read, in ms. */
  lastLagMs = 0;

  constructor(readonly maxLagMs = WATCH_MAX_LAG_MS) {}

  /** Notes an event read at local time `now` (ms since 1970); returns its lag in ms (0 without a host time). */
  read(id: string | undefined, now: number): number {
    const parsed = parseWatchEventId(id);
    if (parsed === undefined || !Number.isFinite(parsed.time)) return (this.lastLagMs = 0);
    const delay = now - parsed.time;
    if (this.fresh) this.ran(now);
    const allowance = this.fresh && (!this.froze || this.afterFreeze);
    if (delay < this.offset || (allowance && delay - this.offset > this.maxLagMs)) this.offset = delay;
    this.lastLagMs = delay - this.offset;
    if (this.fresh) this.afterFreeze = this.froze && this.behind;
    this.fresh = false;
    this.ranAt = undefined;
    return this.lastLagMs;
  }

  /** True when the last event read was older than maxLagMs: reopen the stream. */
  get behind(): boolean {
    return this.lastLagMs > this.maxLagMs;
  }

  /** The stream was reopened (at local time `now`, when the client will call `ran`): its first event sets the pace again. */
  reopened(now?: number): void {
    this.fresh = true;
    this.lastLagMs = 0;
    this.froze = false;
    this.ranAt = now;
  }

  /** The client's code ran at local time `now` while it waits for a reopened stream's first event. */
  ran(now: number): void {
    if (this.ranAt === undefined) return;
    if (now - this.ranAt > 2 * this.maxLagMs) this.froze = true;
    this.ranAt = now;
  }
}
