// The determinism check: replays every recorded stretch between two keyframes on the replica and
// compares the result with the later keyframe. A system that reads the wall clock or Math.random,
// or state kept outside the world, makes them differ; the check names the first difference
// (frame, entity, component and member) instead of hiding it.
import type { History } from './history';
import { diffImages, isProcessStatistic } from './image-diff';
import { ReplayMismatch, replayFrame } from './replay';

/** The outcome of a determinism check. */
export type VerifyResult =
  | { readonly ok: true; readonly frames: number }
  | { readonly ok: false; readonly frame: number; readonly difference: string };

/** Replays from each keyframe to the next and compares; stops at the first difference. */
export function verifyReplay(history: History): VerifyResult {
  const segs = history.recording.segments;
  let frames = 0;
  for (let i = 0; i + 1 < segs.length; i++) {
    const seg = segs[i]!, next = segs[i + 1]!;
    // From this keyframe through its frames (the last of which is the next keyframe's frame).
    history.replayer.invalidate();
    try {
      history.replica.world.restore(seg.image);
      for (const rec of seg.frames) replayFrame(history.replica, rec);
    } catch (err) {
      if (err instanceof ReplayMismatch) return { ok: false, frame: err.frame, difference: err.message };
      throw err;
    }
    frames += seg.frames.length;
    const world = history.replica.world;
    const difference = diffImages(next.image, world.snapshot(), world, isProcessStatistic);
    if (difference !== undefined) return { ok: false, frame: next.frame, difference };
  }
  history.replayer.invalidate();
  return { ok: true, frames };
}

