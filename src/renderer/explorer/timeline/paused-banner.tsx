// The paused banner, under the title bar: says that time stands still (and at which frame), that
// what the panels show is the past while the timeline is scrubbed back, and carries the lines other
// panels add and, while paused, the breakpoint hit the world stands at (breakpoints/hit-line.tsx).
// It shows nothing while the world runs and no panel has a line.
import type { ComponentChildren } from 'preact';
import { WORLD_URL, type EntityReply } from '../client';
import { BreakpointHitLine } from '../breakpoints';
import { timeControlOf } from '../time-controls';
import { useRest } from '../ui';
import { useBannerLines } from './banner-lines';

/** How often the banner re-reads the World entity (ms); the title bar reads the same reply. */
export const BANNER_POLL_MS = 2000;

/** Props of PausedBanner. */
export interface PausedBannerProps {
  /** The frame the world stands at, when known. */
  frame?: number;
  /** The past frame the panels show (scrubbed back), if any. */
  viewing?: number;
  /** Extra controls (the timeline's restore and export buttons). */
  children?: ComponentChildren;
}

/** The banner; renders nothing while running with no lines and no past view. */
export function PausedBanner({ frame, viewing, children }: PausedBannerProps) {
  const world = useRest<EntityReply>(WORLD_URL, { intervalMs: BANNER_POLL_MS });
  const lines = useBannerLines();
  const paused = timeControlOf(world.data)?.paused === true;
  if (!paused && viewing === undefined && lines.length === 0 && !children) return null;
  return (
    <section class={`paused-banner${viewing !== undefined ? ' past' : ''}`} role="status" aria-label="Time" data-testid="paused-banner" data-paused={paused}>
      <div class="banner-main">
        {paused ? <strong class="banner-state">❚❚ paused{frame !== undefined ? ` at frame ${frame}` : ''}</strong> : <span class="banner-state dim">running</span>}
        {viewing !== undefined ? <strong class="banner-past" data-testid="viewing-past">viewing the past: frame {viewing}</strong> : null}
        {children}
      </div>
      {lines.map((l, i) => <div key={i} class={`banner-line${l.tone ? ` ${l.tone}` : ''}`}>{l.text}</div>)}
      {paused ? <BreakpointHitLine /> : null}
    </section>
  );
}
