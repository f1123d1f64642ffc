// Measured render rate: frames drawn per second over half-second windows.

/** Counts rendered frames; `fps` updates twice a second. */
export class FpsMeter {
  /** Latest measurement, frames per second (0 until the first window ends). */
  fps = 0;
  private frames = 0;
  private since = performance.now();

  /** Call once per rendered frame. */
  tick(): void {
    this.frames++;
    const t = performance.now();
    const elapsed = t - this.since;
    if (elapsed >= 500) {
      this.fps = (this.frames * 1000) / elapsed;
      this.frames = 0;
      this.since = t;
    }
  }
}
