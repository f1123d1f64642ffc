// The steps of export and import that need no History: which part of a recording a file holds
// (up to a frame), and the trial run of a file on the replica before anything is changed — every
// keyframe restored and every frame replayed, each stretch compared with the keyframe after it —
// so a file the host cannot replay exactly is refused while the world and the recording stand.
import type { ComponentInfo, World } from '../ecs';
import { HistoryFileError, type HistoryFile } from './file-format';
import type { Segment } from './history-types';
import type { Recording } from './recording';
import { replayFrame, type Replica } from './replay';
import { diffImages, isProcessStatistic } from './image-diff';

/**
 * The recording's segments up to frame `to` (which the recording must have), later frames and
 * keyframes left out. Each frame list is a copy, so frames recorded, dropped by a restore or
 * trimmed later leave it as it is: an export reads it over many frames. Images never change once
 * taken, so they are shared.
 */
export function segmentsUpTo(recording: Recording, to: number): Segment[] {
  const out: Segment[] = [];
  for (const s of recording.segments) {
    if (s.frame > to) break;
    out.push({ ...s, frames: s.frames.slice(0, to - s.frame) });
  }
  return out;
}

/** A world's components by entity index, as an image holds them (what a file's must match). */
export function componentsOf(world: World): Map<number, ComponentInfo> {
  return new Map(world.snapshot().components);
}

/**
 * Restores every keyframe of `file` on the replica and replays its frames, comparing each stretch
 * with the next keyframe (the monitor's process statistics aside). Throws a HistoryFileError naming
 * the first frame that does not come out as recorded. The replica is left wherever it got to.
 *
 * It yields after every frame replayed and every stretch compared, so a host may run frames in
 * between. Whoever else uses the replica meanwhile (a read of the past) must make `touched` say
 * so: the stretch is then tried again from its keyframe, whole this time, so it always ends.
 */
export function* tryOnReplicaSteps(replica: Replica, file: HistoryFile, touched: () => boolean = () => false): Generator<void, void> {
  const segs = file.segments;
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    for (let whole = false; ; whole = true) {
      let interrupted = false;
      try {
        replica.world.restore(seg.image);
        for (const rec of seg.frames) {
          replayFrame(replica, rec);
          if (whole) continue;
          yield;
          if (touched()) { interrupted = true; break; }
        }
      } catch (err) {
        throw new HistoryFileError(`the recording does not replay on this host from keyframe ${seg.frame}: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (!interrupted) break;
    }
    const next = segs[i + 1];
    if (next === undefined) break;
    const world = replica.world;
    // Borrowed: compared at once, before the replica changes again.
    const d = diffImages(next.image, world.snapshot(true), world, isProcessStatistic);
    if (d !== undefined) throw new HistoryFileError(`the recording does not replay exactly on this host (another build, or systems that read the clock): at frame ${next.frame}, ${d}`);
    yield;
  }
}
