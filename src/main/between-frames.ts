// Work that must not hold the frame loop back (a history file written or read over HTTP) runs in
// slices: a few milliseconds of steps, then the event loop turns once — due frames and requests
// run — and the next slice follows. The loop's timers come before setImmediate's callbacks in
// each turn, so a frame waits at most one slice.
import { performance } from 'node:perf_hooks';

/** Milliseconds of steps in one slice (at 60 fps a frame falls due every 16.7 ms). */
export const SLICE_MS = 5;

/** Resolves after the event loop turned once (timers, I/O): due frames and requests ran. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs `steps` (a generator that yields where it may pause) to its end, in slices of about
 * `sliceMs` with a turn of the event loop between them; resolves to what the steps return and
 * rejects with what they throw. A step longer than a slice still runs whole.
 */
export async function runInSlices<T>(steps: Iterator<unknown, T>, sliceMs = SLICE_MS): Promise<T> {
  for (;;) {
    const end = performance.now() + sliceMs;
    for (;;) {
      const r = steps.next();
      if (r.done === true) return r.value;
      if (performance.now() >= end) break;
    }
    await nextTurn();
  }
}
