// Waiting on a real host's own loop: tests that run a Host with its clock going wait for frame
// counts, never for time.
import type { Host } from '../../src/main/host/index';

/** Resolves once the host's app has run `frame` frames (at once if it already has). */
export function frameReached(h: Host, frame: number): Promise<void> {
  return new Promise((resolve) => {
    if (h.app.frameCount >= frame) { resolve(); return; }
    const off = h.app.onFrame((_s, app) => { if (app.frameCount >= frame) { off(); resolve(); } });
  });
}

/** Resolves once the host's running loop has run `n` more frames (counted from now). */
export function framesRan(h: Host, n: number): Promise<void> {
  return frameReached(h, h.app.frameCount + n);
}
