// Watch feeds: the host's half of watches. Each watched GET target has one feed; after every frame
// the feed asks the router for the GET reply (the reply cache answers when nothing changed) and
// sends each stream what changed since the state that stream last got. A stream whose reader is
// behind is skipped and later gets one delta from its old state to the latest: coalesced, never
// queued.
import type { DiffPatcher, Delta } from 'jsondiffpatch';
import { WATCHABLE, WATCH_EVENTS, WATCH_PREFIX, createWatchDiffer } from '../../shared/protocol';
import { errorReply, type RestReply, type RestRequest, type Router } from '../../shared/rest';
import type { EventSink, EventSubscription } from '../http';

interface Watcher {
  readonly sink: EventSink;
  /** Text of the state this watcher holds: the last GET body it got, or `fail:<body>`. */
  base: string;
}

interface Feed {
  readonly target: string;
  readonly watchers: Set<Watcher>;
  /** The last reply text the feed parsed, and its parse: next frame's base for most watchers. */
  parsedText?: string;
  parsed?: unknown;
}

const ENDPOINTS = WATCHABLE.map((e) => `${WATCH_PREFIX}${e}`).join(', ');

function notWatchable(target: string): RestReply {
  const shown = target.length > 100 ? `${target.slice(0, 100)}…` : target;
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
  /** Events written since the start (full, diff, fail). */
  eventsSent = 0;

  constructor(private readonly router: Router, private readonly frame: () => number) {}

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

  /** Opens a watch: the GET's error reply, or a subscription whose first event (the full reply) is already written. */
  readonly open = (req: RestRequest, sink: EventSink): RestReply | EventSubscription => {
    const target = `/${req.url.slice(WATCH_PREFIX.length)}`;
    const q = target.indexOf('?');
    const path = q < 0 ? target : target.slice(0, q);
    const slash = path.indexOf('/', 1);
    const segment = slash < 0 ? path.slice(1) : path.slice(1, slash);
    if (!(WATCHABLE as readonly string[]).includes(segment)) return notWatchable(req.url);
    const reply = this.router.route('GET', target);
    if (reply.status !== 200) return reply;
    let feed = this.feeds.get(target);
    if (feed === undefined) this.feeds.set(target, (feed = { target, watchers: new Set() }));
    const watcher: Watcher = { sink, base: reply.body };
    feed.watchers.add(watcher);
    sink.write(WATCH_EVENTS.full, reply.body, this.frame());
    this.eventsSent++;
    const f = feed;
    return {
      closed: () => {
        f.watchers.delete(watcher);
        if (f.watchers.size === 0) this.feeds.delete(f.target);
      },
    };
  };

  /** Sends every watcher what changed in this frame (at most one event each). */
  afterFrame(): void {
    if (this.feeds.size === 0) return;
    const frame = this.frame();
    for (const feed of this.feeds.values()) this.update(feed, frame);
  }

  private update(feed: Feed, frame: number): void {
    const reply = this.router.route('GET', feed.target);
    const ok = reply.status === 200;
    const now = ok ? reply.body : `fail:${reply.body}`;
    // Deltas by base text: watchers that hold the same state (nearly always all) share one.
    let parsedNow: unknown;
    const failed = ok ? '' : failText(reply);
    const deltas = new Map<string, string | undefined>();
    for (const w of feed.watchers) {
      if (w.base === now || w.sink.backedUp) continue;
      if (!ok) {
        w.sink.write(WATCH_EVENTS.fail, failed, frame);
      } else if (w.base.startsWith('fail:')) {
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
      this.eventsSent++;
    }
    // The differ does not change its inputs, so this parse can be the base of the next frame's deltas.
    if (parsedNow !== undefined) { feed.parsedText = now; feed.parsed = parsedNow; }
  }
}
