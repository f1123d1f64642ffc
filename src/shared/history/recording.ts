// A recording: keyframes with the frames between them, bounded by construction. Segments are
// appended at the end and dropped at the start: when the window (in frames) is covered without
// the oldest segment, or when the bytes exceed the cap, the oldest keyframe and its frames go.
// The newest segment always stays, so the live frame can always be restored. A keyframe shares
// what did not change with the one before it (World.snapshot), so each counts the bytes it adds
// to the one before it, and the oldest counts all of its own.
import { countImageBytes, type WorldImage } from '../ecs';
import { frameRecordBytes, type FrameRecord, type Segment } from './history-types';

/** Bounds of a recording. */
export interface RecordingBounds {
  /** Frames the window keeps at least (seconds × target fps). */
  readonly windowFrames: number;
  /** Most bytes kept (keyframes and frame records); the oldest segments go first. */
  readonly maxBytes: number;
}

/**
 * Told when the oldest keyframe went with the window (`next`: the oldest kept): nothing but the
 * recording holds it then (while something is lent it, see hold(), nobody is told).
 */
export type DroppedKeyframe = (image: WorldImage, next: WorldImage | undefined) => void;

/** Keyframes and frame records of the recent past. */
export class Recording {
  readonly segments: Segment[] = [];
  private total = 0;
  /** Holders of the keyframes besides the recording (exports under way). */
  private holders = 0;

  constructor(readonly bounds: RecordingBounds, private readonly dropped?: DroppedKeyframe) {}

  /**
   * Notes that someone reads the keyframes between frames (an export): until the returned
   * function is called, keyframes that go are not reported dropped (their arrays are not reused).
   */
  hold(): () => void {
    this.holders++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.holders--;
    };
  }

  /** Bytes held now (keyframes and frame records). */
  get bytes(): number {
    return this.total;
  }

  /** The first frame that can be read (the oldest keyframe's), or undefined when empty. */
  get first(): number | undefined {
    return this.segments[0]?.frame;
  }

  /** The last recorded frame, or undefined when empty. */
  get last(): number | undefined {
    const s = this.segments[this.segments.length - 1];
    return s === undefined ? undefined : s.frames.length ? s.frames[s.frames.length - 1]!.frame : s.frame;
  }

  /** Starts a segment with the keyframe of `frame` (the world after it), then trims. */
  addKeyframe(frame: number, image: WorldImage): void {
    const seg: Segment = { frame, image, ...this.bytesOf(image), frames: [], frameBytes: 0 };
    this.segments.push(seg);
    this.total += seg.imageBytes;
    this.trim();
  }

  /** Appends a frame record to the newest segment (there must be one), then trims. */
  addFrame(record: FrameRecord): void {
    const seg = this.segments[this.segments.length - 1];
    if (seg === undefined) throw new Error('a frame was recorded before any keyframe');
    seg.frames.push(record);
    const b = frameRecordBytes(record);
    seg.frameBytes += b;
    this.total += b;
    this.trim();
  }

  /** The segment whose keyframe is the last one at or before `frame` (undefined outside the recording). */
  segmentFor(frame: number): Segment | undefined {
    let found: Segment | undefined;
    for (const s of this.segments) {
      if (s.frame > frame) break;
      found = s;
    }
    return found;
  }

  /**
   * The record of `frame`, if recorded. It lives in the segment of the keyframe before it: a
   * keyframe's own frame is the last record of the previous segment (the oldest keyframe's has none).
   */
  frameRecord(frame: number): FrameRecord | undefined {
    const seg = this.segmentFor(frame - 1);
    if (!seg) return undefined;
    return seg.frames[frame - seg.frame - 1];
  }

  /** True when `frame` can be read: from the oldest keyframe to the last recorded frame. */
  has(frame: number): boolean {
    const first = this.first, last = this.last;
    return first !== undefined && last !== undefined && Number.isInteger(frame) && frame >= first && frame <= last;
  }

  /** Forgets every frame after `frame` (a restore to it): later segments and later records of its own. */
  dropAfter(frame: number): void {
    while (this.segments.length > 0 && this.segments[this.segments.length - 1]!.frame > frame) {
      const s = this.segments.pop()!;
      this.total -= s.imageBytes + s.frameBytes;
    }
    const seg = this.segments[this.segments.length - 1];
    if (!seg) return;
    const keep = frame - seg.frame;
    while (seg.frames.length > keep) {
      const r = seg.frames.pop()!;
      const b = frameRecordBytes(r);
      seg.frameBytes -= b;
      this.total -= b;
    }
  }

  /**
   * Replaces everything with `segments` (a recording read from a file), kept whole: the bounds
   * trim it again with the next frame recorded.
   */
  load(segments: readonly { frame: number; image: WorldImage; frames: FrameRecord[] }[]): void {
    this.clear();
    for (const s of segments) {
      const seg: Segment = { frame: s.frame, image: s.image, ...this.bytesOf(s.image), frames: s.frames, frameBytes: 0 };
      for (const r of s.frames) seg.frameBytes += frameRecordBytes(r);
      this.segments.push(seg);
      this.total += seg.imageBytes + seg.frameBytes;
    }
  }

  /** Forgets everything. */
  clear(): void {
    this.segments.length = 0;
    this.total = 0;
  }

  private trim(): void {
    const { windowFrames, maxBytes } = this.bounds;
    const last = this.last ?? 0;
    while (this.segments.length > 1) {
      // The window is still covered from the second keyframe on, or the bytes are over the cap.
      const coveredWithout = last - this.segments[1]!.frame >= windowFrames;
      if (!coveredWithout && this.total <= maxBytes) break;
      const s = this.segments.shift()!;
      this.total -= s.imageBytes + s.frameBytes;
      this.countWhole();
      if (this.holders === 0) this.dropped?.(s.image, this.segments[0]?.image);
    }
  }

  /** The bytes a keyframe appended now adds to the newest one's, and its whole (counted from the newest one's whole). */
  private bytesOf(image: WorldImage): { imageBytes: number; wholeBytes: number } {
    const prev = this.segments[this.segments.length - 1];
    const { added, whole } = countImageBytes(image, prev?.image, prev?.wholeBytes ?? 0);
    return { imageBytes: added, wholeBytes: whole };
  }

  /** The oldest keyframe counts all its bytes now: what it shared with the one that went is its own. */
  private countWhole(): void {
    const first = this.segments[0];
    if (first === undefined) return;
    this.total += first.wholeBytes - first.imageBytes;
    first.imageBytes = first.wholeBytes;
  }
}
