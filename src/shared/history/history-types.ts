// What a recording holds and the defaults that bound it. Frames are the app's frame numbers
// (App.frameCount): frame N is the world as it stood after the N-th frame ran.
import type { WorldImage } from '../ecs';

/** Seconds of the past a host keeps by default (--history); 0 turns recording off. */
export const DEFAULT_HISTORY_SECONDS = 60;

/**
 * Frames between keyframes: 120, two seconds at 60 fps. A keyframe's frame costs more than the
 * others (a copy of what changed since the last one), so keyframes are kept rarer than 1 frame in
 * 100 and the 99th percentile of frame times is not one of them; a read or restore of frame N
 * replays at most 119 frames from the keyframe before it, which keeps a restore at 3,000 asteroids
 * well inside its 50 ms (docs/history.md, "What it costs", gives the measures and the choice).
 */
export const KEYFRAME_INTERVAL = 120;

/** Most bytes a recording keeps by default (keyframes and frame records), 128 MiB. */
export const DEFAULT_MAX_HISTORY_BYTES = 128 * 1024 * 1024;

/**
 * An outside write applied between two frames: a REST request that changed the world, or the pause
 * a restore sets. `face` names the router it came through when that was not the host's own dialect
 * (a --compat host's contract face, 'contract'): a replay applies it through the same face.
 */
export type HistoryInput =
  | { readonly kind: 'rest'; readonly method: string; readonly url: string; readonly face?: string }
  | { readonly kind: 'pause' };

/** One recorded frame: what it was given (delta time, inputs before it) and what it showed. */
export interface FrameRecord {
  /** The frame's number. */
  readonly frame: number;
  /** Seconds the systems were given (time control applied); 0 when they did not run. */
  readonly dt: number;
  /** Whether the systems ran (false while paused). */
  readonly simulated: boolean;
  /** Outside writes applied after the previous frame and before this one, in order. */
  readonly inputs: readonly HistoryInput[];
  /**
   * What the frame's own hooks changed after its systems ran (a breakpoint's pause), applied after
   * the frame in a replay, so the world after the frame (a keyframe taken there, a read of it) is
   * the one the live host had. Absent when there was none.
   */
  readonly after?: readonly HistoryInput[];
  /** Active alert instances after the frame (the timeline marks where this rises). */
  readonly alerts: number;
}

/** A keyframe (the world after frame `frame`) and the frames recorded after it up to the next keyframe. */
export interface Segment {
  readonly frame: number;
  readonly image: WorldImage;
  /**
   * Bytes of the image (imageBytes) it does not share with the previous segment's image; the
   * oldest segment's: all of them (what it shared with one that went is its own now).
   */
  imageBytes: number;
  /** Bytes of the whole image (imageBytes without the previous image): what it counts once it is the oldest. */
  readonly wholeBytes: number;
  readonly frames: FrameRecord[];
  /** Bytes of the frame records (an estimate: FRAME_RECORD_BYTES each plus their inputs' text). */
  frameBytes: number;
}

/** Bytes counted for one frame record besides its inputs' text (its object, numbers and array). */
export const FRAME_RECORD_BYTES = 96;

/** Bytes counted for one input: its object and its URL text (2 bytes a character). */
export function inputBytes(input: HistoryInput): number {
  return input.kind === 'rest' ? 48 + 2 * (input.method.length + input.url.length + (input.face?.length ?? 0)) : 32;
}

/** Bytes counted for one frame record: FRAME_RECORD_BYTES and its inputs, before and after the frame. */
export function frameRecordBytes(record: FrameRecord): number {
  let n = FRAME_RECORD_BYTES;
  for (const i of record.inputs) n += inputBytes(i);
  if (record.after !== undefined) for (const i of record.after) n += inputBytes(i);
  return n;
}
