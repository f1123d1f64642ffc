// The breakpoints of the host, kept fresh: GET /breakpoints re-read every BREAKPOINTS_POLL_MS (the
// client shares one request among the list, the badge and the banner's hit line). A host without
// breakpoints (a router without an app loop answers 501) shows none of the views.
import type { BreakpointsReply } from '../client';
import { BREAKPOINTS_URL } from '../client';
import { useRest } from '../ui';

/** How often the breakpoints are re-read, in ms: a hit shows in the banner within about this. */
export const BREAKPOINTS_POLL_MS = 500;

/** The host's breakpoints, and whether it has breakpoints at all. */
export function useBreakpoints() {
  const r = useRest<BreakpointsReply>(BREAKPOINTS_URL, { intervalMs: BREAKPOINTS_POLL_MS, keep: true });
  return { reply: r.data, known: r.data !== undefined && Array.isArray(r.data.breakpoints), error: r.error };
}
