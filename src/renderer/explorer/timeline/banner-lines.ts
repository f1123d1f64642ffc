// Lines other panels add to the paused banner (a breakpoint that fired, a restore that happened):
// a small ordered store keyed by who added the line, so a panel replaces or removes only its own.
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';

/** One line of the banner: short text, and an optional tone for its colour. */
export interface BannerLine {
  readonly text: string;
  readonly tone?: 'info' | 'warn';
}

/** The banner's extra lines, in the order their owners first added them. */
export class BannerLines {
  private readonly lines = new Map<string, BannerLine>();
  private readonly listeners = new Set<() => void>();

  /** Sets (or with undefined removes) the line owned by `key`; listeners hear of real changes only. */
  set(key: string, line: BannerLine | undefined): void {
    const old = this.lines.get(key);
    if (line === undefined ? old === undefined : old !== undefined && old.text === line.text && old.tone === line.tone) return;
    if (line === undefined) this.lines.delete(key);
    else this.lines.set(key, line);
    for (const l of this.listeners) l();
  }

  /** The current lines, oldest owner first. */
  list(): readonly BannerLine[] {
    return [...this.lines.values()];
  }

  /** Calls fn after every change; returns the unsubscribe function. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => { this.listeners.delete(fn); };
  }
}

/** The page's banner lines (the app provides one store). */
export const BannerLinesContext = createContext<BannerLines>(new BannerLines());

/**
 * Shows `line` in the paused banner while the calling component is mounted and the line is
 * defined; `key` names the owner (e.g. 'breakpoints'), one line per key.
 */
export function useBannerLine(key: string, line: BannerLine | undefined): void {
  const store = useContext(BannerLinesContext);
  const text = line?.text, tone = line?.tone;
  useEffect(() => {
    store.set(key, text === undefined ? undefined : { text, tone });
  }, [store, key, text, tone]);
  useEffect(() => () => store.set(key, undefined), [store, key]);
}

/** The banner's lines, re-rendering on every change. */
export function useBannerLines(): readonly BannerLine[] {
  const store = useContext(BannerLinesContext);
  const [lines, setLines] = useState(() => store.list());
  useEffect(() => {
    setLines(store.list());
    return store.subscribe(() => setLines(store.list()));
  }, [store]);
  return lines;
}
