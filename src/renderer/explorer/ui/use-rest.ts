// useRest: a GET reply that stays fresh. It reads through the shared client (so panels asking for
// the same URL share one request), re-reads every `intervalMs` while the page is visible (the next
// poll starts after the previous reply, so a slow server is never flooded), and at once when the
// client drops its cache (after a PUT, or when the connection comes back).
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { RestError } from '../client';
import { useClient } from './contexts';
import { usePageVisible } from './use-page-visible';

/** The state of a polled GET. */
export interface RestState<T> {
  /** The latest reply for `url` (or, with `keep`, for the previous URL until the new one arrives). */
  data?: T;
  /** The latest failure; cleared by the next success. */
  error?: RestError;
  /** True while a request for `url` is under way and no reply for it has arrived yet. */
  loading: boolean;
  /** True when `data` belongs to a previous URL (with `keep`). */
  stale: boolean;
  /** Re-reads now. */
  refresh(): void;
}

/** Options of useRest. */
export interface UseRestOptions {
  /** Poll period in ms (default 0: read once, and again on invalidation). */
  intervalMs?: number;
  /** Keep showing the previous URL's reply until the new one arrives (paging) (default false). */
  keep?: boolean;
}

interface Inner<T> {
  url: string | null;
  data?: T;
  dataUrl?: string | null;
  error?: RestError;
  loading: boolean;
}

function asRestError(err: unknown, url: string): RestError {
  return err instanceof RestError ? err : new RestError(err instanceof Error ? err.message : String(err), 0, url, 'network');
}

/** Polls GET `url` (no request while url is null). */
export function useRest<T>(url: string | null, options: UseRestOptions = {}): RestState<T> {
  const client = useClient();
  const visible = usePageVisible();
  const intervalMs = options.intervalMs ?? 0;
  const keep = options.keep ?? false;
  const [inner, setInner] = useState<Inner<T>>({ url, loading: url !== null });
  const [nonce, setNonce] = useState(0);
  const refresh = useCallback(() => setNonce((n) => n + 1), []);
  const runId = useRef(0);
  const loadedUrl = useRef<string | null>(null);

  useEffect(() => {
    if (url === null) {
      setInner({ url: null, loading: false });
      return undefined;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const run = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      const id = ++runId.current;
      // Share a reply another panel fetched moments ago, but never one older than our period.
      client.get(url, intervalMs > 0 ? intervalMs * 0.8 : 0).then(
        (data) => {
          if (!alive || id !== runId.current) return;
          loadedUrl.current = url;
          setInner({ url, data: data as T, dataUrl: url, loading: false });
        },
        (err: unknown) => {
          if (!alive || id !== runId.current) return;
          const error = asRestError(err, url);
          // A reply that says "no" replaces what was shown; a lost connection keeps the last view.
          setInner((s) => (error.kind === 'network' && (s.dataUrl === url || keep)
            ? { ...s, url, error, loading: false }
            : { url, error, loading: false }));
        },
      ).finally(() => {
        if (alive && id === runId.current && intervalMs > 0 && visible) timer = setTimeout(run, intervalMs);
      });
    };
    setInner((s) => (keep || s.dataUrl === url ? { ...s, url, loading: s.dataUrl !== url } : { url, loading: true }));
    // A page going hidden only stops the polling; it does not need one more read.
    if (visible || loadedUrl.current !== url) run();
    const unsubscribe = client.subscribe((e) => { if (e === 'invalidate') run(); });
    return () => {
      alive = false;
      if (timer !== undefined) clearTimeout(timer);
      unsubscribe();
    };
  }, [url, intervalMs, visible, client, nonce, keep]);

  const current = inner.url === url;
  const fresh = url !== null && inner.dataUrl === url;
  const showData = fresh || (keep && url !== null && inner.data !== undefined);
  const state: RestState<T> = {
    loading: url !== null && (!current || inner.loading),
    stale: showData && !fresh,
    refresh,
  };
  if (showData && inner.data !== undefined) state.data = inner.data;
  if (current && inner.error) state.error = inner.error;
  return state;
}
