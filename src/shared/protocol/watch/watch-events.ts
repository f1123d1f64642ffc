// The watch stream's events: a watch of GET /query or GET /entity/<path> is the same request under
// /watch/, answered as Server-Sent Events. The first event is the GET reply; later events carry
// what changed, as a jsondiffpatch delta (the library's documented delta format), at most one per
// frame. A client that applies them in order holds the GET reply of the last event's frame.
import { create, type Delta, type DiffPatcher } from 'jsondiffpatch';
import { parseWatchEventId } from './watch-lag';

/** Target prefix of watches: `/watch/query?q=…`, `/watch/entity/<path>?…`. */
export const WATCH_PREFIX = '/watch/';
/** Endpoints that can be watched (the GET endpoints whose reply depends on the world). */
export const WATCHABLE = ['query', 'entity'] as const;

/** Event names of a watch stream; each event's `id:` is the frame it shows and the host's clock then (see formatWatchEventId). */
export const WATCH_EVENTS = {
  /** data: the whole GET reply (the first event, and after a `fail` or when the delta would be larger). */
  full: 'full',
  /** data: a delta that turns the previous state into the GET reply of this frame. */
  diff: 'diff',
  /** data: `{"status": n, "error": "..."}`: the GET would now answer this error (e.g. the entity was deleted); the stream stays open. */
  fail: 'fail',
  /** data: `{"frame": n}`: the world was restored to frame n (history); a `full` of the restored world follows. */
  restored: 'restored',
  /** data: `{"reason": "..."}`: the server ends the stream (it is stopping). */
  end: 'end',
  /**
   * data: `{"hits": [{"breakpoint", "frame", "on", "entities", "ids"}]}`: breakpoints fired after
   * this frame and the world paused (every watch of the world gets it; it changes no state).
   */
  break: 'break',
} as const;

/** The watch target of a GET target (`/query?q=X` → `/watch/query?q=X`). */
export function watchTarget(getTarget: string): string {
  return WATCH_PREFIX + getTarget.replace(/^\//, '');
}

/**
 * Identity of array items for the diff: query results by their table (parent and first entity),
 * entity names by themselves; everything else by position. Identity keeps a removed row a removal
 * instead of a shift of every later row.
 */
function objectHash(item: object, index?: number): string {
  const o = item as { entities?: unknown[]; parent?: unknown; path?: unknown; name?: unknown };
  if (Array.isArray(o.entities)) return `t:${String(o.parent ?? '')}|${String(o.entities[0] ?? '')}|${o.entities.length === 0 ? index : ''}`;
  if (typeof o.path === 'string') return `p:${o.path}`;
  if (typeof o.name === 'string') return `n:${o.name}`;
  return `$i:${index}`;
}

/**
 * The diff-patcher both ends use (server: diff; client: patch). A changed value's old side is left
 * out (`[0, new]`, the library's omitRemovedValues): patching never reads it, and it was up to half
 * of a delta's bytes, bytes a slow reader's socket has to carry.
 */
export function createWatchDiffer(): DiffPatcher {
  return create({ objectHash, arrays: { detectMove: false }, omitRemovedValues: true });
}

/** What a client holds of one watch: the last GET reply it can rebuild, or the error it would get. */
export interface WatchState {
  /** The GET reply (parsed JSON) as of `frame`; undefined while the GET fails. */
  reply: unknown;
  /** The error the GET would answer now, if it fails. */
  error: { status: number; error: string } | undefined;
  /** Frame of the last event applied. */
  frame: number;
}

let patcher: DiffPatcher | undefined;

/** Applies one event to a watch state and returns the new state (the old one may be changed in place). */
export function applyWatchEvent(state: WatchState | undefined, event: string, data: string, id?: string): WatchState {
  const frame = parseWatchEventId(id)?.frame ?? state?.frame ?? 0;
  switch (event) {
    case WATCH_EVENTS.full:
      return { reply: JSON.parse(data), error: undefined, frame };
    case WATCH_EVENTS.diff: {
      if (state === undefined || state.reply === undefined) throw new Error(`a watch 'diff' event (frame ${frame}) arrived before any 'full' event: reopen the watch`);
      patcher ??= createWatchDiffer();
      return { reply: patcher.patch(state.reply, JSON.parse(data) as Delta), error: undefined, frame };
    }
    case WATCH_EVENTS.fail:
      return { reply: undefined, error: JSON.parse(data) as { status: number; error: string }, frame };
    // The full reply of the restored world follows; until then the state is the last one held.
    case WATCH_EVENTS.restored:
      return state ?? { reply: undefined, error: undefined, frame };
    default:
      return state ?? { reply: undefined, error: undefined, frame };
  }
}
