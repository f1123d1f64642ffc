// useLive: useRest that follows a watch when the server offers watches. The GET still answers
// first (and after a PUT), so errors read as they always did; while the watch stream delivers,
// its state replaces the reply and polling stops. A refused or ended watch, a server without
// watches, or a page over its stream budget simply keeps polling.
import { useEffect, useState } from 'preact/hooks';
import { watchHubOf } from '../client';
import { useClient } from './contexts';
import { atFrame, usePastFrame } from './past-frame';
import { useRest, type RestState, type UseRestOptions } from './use-rest';

/** The state of a live GET: useRest's, plus where updates come from. */
export interface LiveState<T> extends RestState<T> {
  /** True while a watch stream updates `data` (false: polling). */
  watching: boolean;
  /** Frame of the watched state, when watching. */
  frame?: number;
}

interface Watched {
  url: string;
  data: unknown;
  frame: number;
}

/** Options of useLive: useRest's, and the watch priority (see WatchHub.watch). */
export interface UseLiveOptions extends UseRestOptions {
  /** 'high' (default) for the inspector and query results, 'low' for the tree's levels. */
  priority?: 'high' | 'low';
}

/** Follows GET `url` live: a watch when possible, else polling every `intervalMs`; with intervalMs 0 it reads once, as useRest does. */
export function useLive<T>(asked: string | null, options: UseLiveOptions = {}): LiveState<T> {
  const client = useClient();
  // A past frame shown by the timeline: read it once (at=), no watch, no polling.
  const past = usePastFrame().frame;
  const url = asked === null ? null : atFrame(asked, past);
  const [watched, setWatched] = useState<Watched | undefined>(undefined);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [streaming, setStreaming] = useState<string | null>(null);

  const wanted = (options.intervalMs ?? 0) > 0 && past === undefined;
  const priority = options.priority ?? 'high';
  useEffect(() => {
    setWatched(undefined);
    setStreaming(null);
    if (url === null || !wanted || failedUrl === url) return undefined;
    const hub = watchHubOf(client);
    let stop: (() => void) | undefined;
    let alive = true;
    void hub.supported().then((yes) => {
      if (!yes || !alive) return;
      stop = hub.watch(url, {
        update: (s) => {
          if (!alive) return;
          // The GET fails now (e.g. the entity was deleted): polling shows its error as usual.
          if (s.reply === undefined) { stop?.(); setStreaming(null); setFailedUrl(url); return; }
          setWatched({ url, data: s.reply, frame: s.frame });
        },
        failed: () => { if (alive) { setStreaming(null); setFailedUrl(url); } },
      }, priority);
      if (stop !== undefined) setStreaming(url);
    });
    return () => { alive = false; stop?.(); };
  }, [url, client, failedUrl, wanted, priority]);

  const watching = url !== null && streaming === url;
  const rest = useRest<T>(url, { intervalMs: watching || past !== undefined ? 0 : options.intervalMs, keep: options.keep });
  const live = watching && watched !== undefined && watched.url === url;
  const state: LiveState<T> = { ...rest, watching };
  if (live) {
    state.data = watched.data as T;
    state.frame = watched.frame;
    state.stale = false;
    state.loading = false;
  }
  return state;
}
