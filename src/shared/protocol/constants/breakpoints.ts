// The words of breakpoints that clients send and show (zod-free, for the explorer's bundle too).

/** When a breakpoint fires: an entity starts matching its query (enter), stops (leave), or the result (with a path: that entity's matched values) changes (change). */
export const BREAK_ON = ['enter', 'leave', 'change'] as const;

/** One of BREAK_ON. */
export type BreakOn = (typeof BREAK_ON)[number];

/** Endpoint of one breakpoint: PUT (create, replace, enable/disable) and DELETE `/breakpoint/<name>`. */
export const BREAKPOINT_PATH = '/breakpoint';

/** Endpoint listing the breakpoints with their hits: GET `/breakpoints`. */
export const BREAKPOINTS_PATH = '/breakpoints';
