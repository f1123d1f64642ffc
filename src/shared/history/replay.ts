// Replay: a replica world (built by the same code as the live one) is put at a keyframe and
// runs the recorded frames — each frame's inputs through the replica's own router, then its
// systems with the recorded delta time — so it stands where the live world stood after any
// recorded frame. Nothing here touches storage: restore and the pipeline are the world's own.
import { planTick } from '../app';
import type { Entity, World } from '../ecs';
import { pipelineOf } from '../pipeline';
import type { RestReply } from '../protocol';
import type { FrameRecord, HistoryInput } from './history-types';
import type { Recording } from './recording';

/** What a replica's routers do: answer a request synchronously. */
export interface ReplicaRouter {
  route(method: string, url: string): RestReply;
}

/** A second world built by the same code as the live one, with its own router (same dialect and options). */
export interface Replica {
  readonly world: World;
  /** Applies inputs and answers past reads (the live host's dialect). */
  readonly router: ReplicaRouter;
  /** Routers of the live host's other faces by name (a --compat host's 'contract'): their inputs replay through them. */
  readonly faces?: Readonly<Record<string, ReplicaRouter>>;
  /** The ecs.app.TimeControl component of the replica (0 without time control). */
  readonly timeControl: Entity;
}

/** A replayed frame did not come out as recorded: what differed, at which frame. */
export class ReplayMismatch extends Error {
  constructor(readonly frame: number, message: string) {
    super(`replay of frame ${frame}: ${message}`);
    this.name = 'ReplayMismatch';
  }
}

/** The replica's router of a face (undefined: the host's own dialect); throws for a face the replica lacks. */
export function routerOf(replica: Replica, face: string | undefined): ReplicaRouter {
  if (face === undefined) return replica.router;
  const r = replica.faces?.[face];
  if (r === undefined) throw new RangeError(`the replica has no '${face}' face (it has ${['the root', ...Object.keys(replica.faces ?? {})].join(', ')})`);
  return r;
}

/** Applies one input to a world through its router (or, for the restore's pause, its time control). */
export function applyInput(replica: Replica, frame: number, input: HistoryInput): void {
  switch (input.kind) {
    case 'rest': {
      const reply = routerOf(replica, input.face).route(input.method, input.url);
      if (reply.status >= 400) throw new ReplayMismatch(frame, `the recorded write ${input.method} ${input.url} was refused this time (${reply.status}: ${reply.body})`);
      return;
    }
    case 'pause':
      if (replica.timeControl !== 0) replica.world.set(replica.world.core.World, replica.timeControl, { paused: true, step: 0 });
      return;
    default: {
      const never: never = input;
      throw new Error(`unknown input ${JSON.stringify(never)}`);
    }
  }
}

/** Runs one recorded frame on the replica: its inputs, then its systems with its delta time. */
export function replayFrame(replica: Replica, record: FrameRecord): void {
  for (const input of record.inputs) applyInput(replica, record.frame, input);
  const w = replica.world;
  const run = replica.timeControl === 0 ? true : planTick(w, replica.timeControl).run;
  if (run !== record.simulated) {
    throw new ReplayMismatch(record.frame, `the systems ${record.simulated ? 'ran' : 'stood still'} when recorded but ${run ? 'ran' : 'stood still'} in the replay (ecs.app.TimeControl differs)`);
  }
  if (run) pipelineOf(w).progress(record.dt);
  if (record.after !== undefined) for (const input of record.after) applyInput(replica, record.frame, input);
}

/** Keeps a replica at a recorded frame, moving forward from where it stands when it can. */
export class Replayer {
  /** The frame the replica stands at, or undefined when unknown (never placed, or the recording changed). */
  private at: number | undefined;
  /** Counts every use of the replica (moves here, and lend): work that pauses between uses of its own sees whether another came between. */
  uses = 0;

  constructor(readonly replica: Replica, private readonly recording: Recording) {}

  /** The frame the replica stands at, if known. */
  get frame(): number | undefined {
    return this.at;
  }

  /** Puts the replica at `frame` (which the recording must have): from the nearest keyframe, or onward from where it stands. */
  moveTo(frame: number): void {
    const seg = this.recording.segmentFor(frame);
    if (seg === undefined || !this.recording.has(frame)) throw new RangeError(`frame ${frame} is not recorded`);
    this.uses++;
    let at = this.at;
    // Unknown while it moves: a replay that throws leaves the replica somewhere unrecorded.
    this.at = undefined;
    if (at === undefined || at > frame || at < seg.frame) {
      this.replica.world.restore(seg.image);
      at = seg.frame;
    }
    while (at < frame) {
      const rec: FrameRecord = this.recording.frameRecord(at + 1)!;
      replayFrame(this.replica, rec);
      at = rec.frame;
    }
    this.at = at;
  }

  /** Forgets where the replica stands (the recording changed under it). */
  invalidate(): void {
    this.at = undefined;
  }

  /** Says the replica was used outside the replayer (a file tried on it): forgets where it stands and counts the use. Returns the count. */
  lend(): number {
    this.at = undefined;
    return ++this.uses;
  }
}
