// The clock and timers that every host (Node, Electron, the browser) has, reached
// through globalThis so that src/shared needs no node or DOM type declarations.

interface TimerHost {
  performance?: { now(): number };
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
const host = globalThis as unknown as TimerHost;

/** Monotonic time in milliseconds (high resolution where the host has it). */
// The performance object is read once: on Node, globalThis.performance is an accessor that costs
// more than the clock itself.
const perf = host.performance;
export const now: () => number = perf ? () => perf.now() : () => Date.now();

/** Schedules fn after ms milliseconds; returns a handle for cancelTimer. */
export function setTimer(fn: () => void, ms: number): unknown {
  return host.setTimeout(fn, ms);
}

/** Cancels a timer made by setTimer. */
export function cancelTimer(handle: unknown): void {
  host.clearTimeout(handle);
}
