// Watch feeds: the host's half of watches. Each watched GET target has one feed; after every frame
// the feed asks the router for the GET reply (the reply cache answers when nothing changed) and
// sends each stream what changed since the state that stream last got. A stream whose reader is
// behind is skipped and later gets one delta from its old state to the latest: coalesced, never
// queued. Every event's id is the frame whose state it carries, with the host's clock at that
// frame (formatWatchEventId), so all streams of a target agree on what each id means.
//
// The feeds of a frame share one evaluation budget (watch-frame-budget.ts): a feed that does not
// fit waits for a later frame, and its event then carries that later frame's state and id.
//
// The API other features build on (MCP resource subscriptions, say): `open(req, sink)` with any
// EventSink, `afterFrame()` once after every frame, and the subscription's `closed()`.
import type { DiffPatcher, Delta } from 'jsondiffpatch';
import { DEFAULT_WATCH_FRAME_STEPS, WATCHABLE, WATCH_EVENTS, WATCH_PREFIX, createWatchDiffer, echoed, formatWatchEventId } from '../../shared/protocol';
import type { QueryBudget } from '../../shared/query';
import { errorReply, type RestReply, type RestRequest, type Router } from '../../shared/rest';
import type { EventSink, EventSubscription } from '../http';
import { WatchFrameBudget, type Attempt } from './watch-frame-budget';

interface Watcher {
  readonly sink: EventSink;
  /** Text of the state this watcher holds: the last GET body it got, `fail:<body>`, or PENDING. */
  base: string;
}

/** The base of a watcher that has no event yet: its first `full` comes with the next frame. */
const PENDING = '';

interface Feed {
  readonly target: string;
  readonly watchers: Set<Watcher>;
  /** The last reply text the feed parsed, and its parse: next frame's base for most watchers. */
  parsedText?: string;
  parsed?: unknown;
  /** The feed's state as of frame `frame` (the GET body or `fail:<body>`), what its streams hold for that id. */
  text?: string;
  frame?: number;
}

/** What watch feeds read from the host: its frame count and the world's change counter. */
export interface WatchClock {
  /** Frames run so far (an event's id is the frame whose state it carries). */
  frame(): number;
  /** A counter that moves with every change to the world (World.changeCount). */
  changes(): number;
  /** The host's clock in ms since 1970 (Date.now unless a test gives another). */
  now?(): number;
  /** Reports a watch (or a whole feed) closed because it threw: the host's fault record. */
  fault?(target: string, err: unknown): void;
}

const ENDPOINTS = WATCHABLE.map((e) => `${WATCH_PREFIX}${e}`).join(', ');

function notWatchable(target: string): RestReply {
  const shown = echoed(target);
  return errorReply(404, `cannot watch '${shown}': watches are ${WATCH_PREFIX}query?q=… and ${WATCH_PREFIX}entity/<path>?…, with the parameters of GET /query and GET /entity (endpoints ${ENDPOINTS})`);
}

/** The data of a `fail` event: the status and the router's error message (the raw body if it gave none). */
function failText(reply: RestReply): string {
  return JSON.stringify({ status: reply.status, error: reply.error ?? reply.body });
}

/** The watch feeds of one host; `open` is the transport's EventFeedOpener, `afterFrame` runs after each frame. */
export class WatchFeeds {
  private readonly feeds = new Map<string, Feed>();
  private readonly differ: DiffPatcher = createWatchDiffer();
  /** The last frame seen by afterFrame, its host time and the world's change counter after it. */
  private frameAt = -1;
  private frameTime = 0;
  private changesAt = -1;

  /** The evaluation budget the feeds of each frame share. */
  readonly frameBudget: WatchFrameBudget<Feed>;

  /** Feeds of `router`, whose frames together may spend `frameSteps` evaluation steps (at least a request's). */
  constructor(private readonly router: Router, private readonly clock: WatchClock, frameSteps = DEFAULT_WATCH_FRAME_STEPS) {
    this.frameBudget = new WatchFrameBudget(frameSteps, router.maxQuerySteps);
  }

  /** The id of an event carrying the state of the last frame. */
  private id(): string {
    return formatWatchEventId(this.frameAt, this.frameTime);
  }

  /** Watchers open now, all feeds together. */
  get watcherCount(): number {
    let n = 0;
    for (const f of this.feeds.values()) n += f.watchers.size;
    return n;
  }

  /** Feeds open now (one per distinct watched target). */
  get feedCount(): number {
    return this.feeds.size;
  }

  /**
   * Opens a watch: the GET's error reply, or a subscription. Its first event is the full reply as
   * of the last frame, with that frame's id: written at once when the world did not change since
   * that frame (or the feed already has that frame's state), else with the next frame, the same
   * event every other stream of the target gets for that frame.
   */
  readonly open = (req: RestRequest, sink: EventSink): RestReply | EventSubscription => {
    const target = `/${req.url.slice(WATCH_PREFIX.length)}`;
    const q = target.indexOf('?');
    const path = q < 0 ? target : target.slice(0, q);
    const slash = path.indexOf('/', 1);
    const segment = slash < 0 ? path.slice(1) : path.slice(1, slash);
    if (!(WATCHABLE as readonly string[]).includes(segment)) return notWatchable(req.url);
    // Read before routing: answering a new query may itself count as a change.
    const unchanged = this.clock.frame() === this.frameAt && this.clock.changes() === this.changesAt;
    const reply = this.router.route('GET', target);
    if (reply.status !== 200) return reply;
    let feed = this.feeds.get(target);
    if (feed === undefined) this.feeds.set(target, (feed = { target, watchers: new Set() }));
    const watcher: Watcher = { sink, base: PENDING };
    feed.watchers.add(watcher);
    // A write landed since the last frame: the reply shows it, but that frame's id must not.
    const first = unchanged ? reply.body : feed.frame === this.frameAt ? feed.text : undefined;
    if (first !== undefined && !first.startsWith('fail:')) {
      try {
        sink.write(WATCH_EVENTS.full, first, this.id());
      } catch (err) {
        // Its opener answers the error; the watch was never open.
        this.drop(feed, watcher);
        throw err;
      }
      watcher.base = first;
    }
    const f = feed;
    return { closed: () => this.drop(f, watcher) };
  };

  /** Removes a watcher, and its feed when it was the last. */
  private drop(feed: Feed, watcher: Watcher): void {
    feed.watchers.delete(watcher);
    if (feed.watchers.size === 0 && this.feeds.get(feed.target) === feed) {
      this.feeds.delete(feed.target);
      this.frameBudget.delete(feed);
    }
  }

  /**
   * A watcher's boundary: its sink threw (or its feed could not be read). It gets a `fail` event
   * naming the error, as its last, and is closed; the other watchers and feeds go on.
   */
  private closeFailed(feed: Feed, w: Watcher, err: unknown, frame: string): void {
    this.drop(feed, w);
    const message = err instanceof Error ? err.message : String(err);
    try {
      w.sink.write(WATCH_EVENTS.fail, JSON.stringify({ status: 500, error: `this watch of ${feed.target} failed and was closed: ${message}` }), frame);
      w.sink.close?.();
    } catch {
      // The sink is broken for good: it is already out of the feed, and its stream ends with its connection.
    }
  }

  /**
   * The world was restored to `frame` (history): every watcher gets a `restored` event, then, with
   * the next frame, the whole reply of the restored world (a `full`, as after a fail).
   */
  restored(frame: number): void {
    const data = JSON.stringify({ frame });
    const id = formatWatchEventId(frame, this.clock.now?.() ?? Date.now());
    for (const feed of this.feeds.values()) {
      feed.frame = undefined;
      // Written even to a backed-up stream: it is a few bytes, and a reader must not take the
      // restored world's next state for a change of the old one.
      for (const w of [...feed.watchers]) {
        try {
          w.sink.write(WATCH_EVENTS.restored, data, id);
        } catch (err) {
          this.closeFailed(feed, w, err, id);
          continue;
        }
        w.base = PENDING;
      }
    }
  }

  /**
   * Sends every watcher what changed in this frame (at most one event each); call it once after
   * every frame. `spent` steps of the frame's budget are already taken (by the breakpoints).
   */
  afterFrame(spent = 0): void {
    this.frameAt = this.clock.frame();
    this.frameTime = this.clock.now?.() ?? Date.now();
    const id = this.id();
    this.frameBudget.runFrame(this.feeds.values(), (feed, budget, outcome) => this.update(feed, id, budget, outcome), spent);
    this.changesAt = this.clock.changes();
  }

  /** Writes one event to every open stream (a breakpoint's `break`), with the current frame's id; it changes no stream's state. */
  broadcast(event: string, data: string): void {
    const id = formatWatchEventId(this.clock.frame(), this.clock.now?.() ?? Date.now());
    for (const feed of [...this.feeds.values()]) {
      for (const w of [...feed.watchers]) {
        try {
          w.sink.write(event, data, id);
        } catch (err) {
          this.closeFailed(feed, w, err, id);
        }
      }
    }
  }

  private update(feed: Feed, frame: string, budget: QueryBudget, outcome: () => Attempt): void {
    let reply: RestReply;
    try {
      reply = this.router.route('GET', feed.target, undefined, budget);
    } catch (err) {
      // The feed's boundary: reading its target threw (a bug, not a bad request). Its watchers are closed, once.
      for (const w of [...feed.watchers]) this.closeFailed(feed, w, err, frame);
      this.clock.fault?.(feed.target, err);
      return;
    }
    // The frame's budget ran out before this feed's turn was done: it keeps its state for a later frame.
    if (outcome() === 'deferred') return;
    const ok = reply.status === 200;
    const now = ok ? reply.body : `fail:${reply.body}`;
    feed.text = now;
    feed.frame = this.frameAt;
    // Deltas by base text: watchers that hold the same state (nearly always all) share one.
    let parsedNow: unknown;
    const failed = ok ? '' : failText(reply);
    const deltas = new Map<string, string | undefined>();
    for (const w of feed.watchers) {
      try {
        if (w.base === now || w.sink.backedUp) continue;
        if (!ok) {
          w.sink.write(WATCH_EVENTS.fail, failed, frame);
        } else if (w.base === PENDING || w.base.startsWith('fail:')) {
          w.sink.write(WATCH_EVENTS.full, now, frame);
        } else {
          let delta = deltas.get(w.base);
          if (!deltas.has(w.base)) {
            parsedNow ??= JSON.parse(now);
            const base = w.base === feed.parsedText ? feed.parsed : JSON.parse(w.base);
            const d = this.differ.diff(base, parsedNow) as Delta;
            delta = d === undefined ? undefined : JSON.stringify(d);
            // A delta larger than the reply helps nobody: send the reply.
            if (delta !== undefined && delta.length >= now.length) delta = '';
            deltas.set(w.base, delta);
          }
          if (delta === undefined) { w.base = now; continue; } // same data, e.g. only key order
          if (delta === '') w.sink.write(WATCH_EVENTS.full, now, frame);
          else w.sink.write(WATCH_EVENTS.diff, delta, frame);
        }
        w.base = now;
      } catch (err) {
        // A watcher's boundary: its sink (an SSE stream, an MCP wait or subscription) threw.
        this.closeFailed(feed, w, err, frame);
        this.clock.fault?.(feed.target, err);
      }
    }
    // The differ does not change its inputs, so this parse can be the base of the next frame's deltas.
    if (parsedNow !== undefined) { feed.parsedText = now; feed.parsed = parsedNow; }
  }
}
