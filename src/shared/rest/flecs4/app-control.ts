// What the Flecs 4 dialect reads and sets of the app loop (the frame count the commands recorder
// numbers frames by, the target rate WorldSummary shows and sets), kept apart so the recorder and
// the summary share it without importing each other.

/** The part of the app loop the dialect reads (frame count) and sets (target rate). */
export interface AppControl {
  /** Frames run since the start. */
  readonly frameCount: number;
  /** Target frames per second (1 to 1000). */
  targetFps: number;
}
