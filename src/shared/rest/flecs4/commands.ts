// The explorer's Commands page: the commands systems queue, recorded per frame. While a Flecs 4
// router serves a world, every flush of the deferred queue (a sync point) is recorded as one
// sync of the frame it ran in; the last RETAINED_FRAMES frames are kept. GET /commands/capture
// answers the last finished frame, GET /commands/frame/<n> its syncs. Recording walks each
// flushed queue once (no copy of payloads), which is the price of this dialect only.
import type { CommandQueue, World } from '../../ecs';
import type { AppControl } from './app-control';
import { entityPath, idKey } from './wire';

/** Frames whose commands are kept (one minute at 60 frames per second). */
export const RETAINED_FRAMES = 3600;

/** Names of the queue's operations (ecs/commands.ts Op: Add 1, Remove 2, Set 3, Delete 4, Name 5). */
const KINDS = ['', 'add', 'remove', 'set', 'delete', 'set_name'];

/** A recorded command: ids as numbers, printed when a frame is asked for (names set by the same flush then show). */
interface Command { kind: string; e: number; id: number; is_alive: boolean; next_for_entity: number }
interface Sync { commands: Command[]; duration: number }

/** The command recorder of one world. */
export class CommandRecorder {
  private readonly frames = new Map<number, Sync[]>();

  constructor(private readonly world: World, private readonly app: AppControl | undefined) {
    world.recordCommands((q) => this.record(q));
  }

  /** The frame a flush belongs to: the app's current frame (0 without an app). */
  private get frame(): number {
    return this.app?.frameCount ?? 0;
  }

  private record(q: CommandQueue): void {
    const w = this.world;
    const commands: Command[] = [];
    const lastFor = new Map<number, number>();
    for (let i = 0; i < q.length; i++) {
      const e = q.e[i]!;
      const cmd: Command = { kind: KINDS[q.op[i]!] ?? 'other', e, id: q.id[i]!, is_alive: w.isAlive(e), next_for_entity: 0 };
      // Each command points at the next one for the same entity (the page draws the chain).
      const prev = lastFor.get(e);
      if (prev !== undefined) commands[prev]!.next_for_entity = i;
      lastFor.set(e, i);
      commands.push(cmd);
    }
    let syncs = this.frames.get(this.frame);
    if (!syncs) {
      this.frames.set(this.frame, (syncs = []));
      for (const old of this.frames.keys()) { if (old > this.frame - RETAINED_FRAMES) break; this.frames.delete(old); }
    }
    syncs.push({ commands, duration: 0 });
  }

  /** The last finished frame: the one /commands/capture names. */
  captureFrame(): number {
    return this.frame;
  }

  /** Commands recorded in a frame (all its syncs). */
  commandCount(frame: number): number {
    let n = 0;
    for (const s of this.frames.get(frame) ?? []) n += s.commands.length;
    return n;
  }

  /** JSON text of a frame's syncs, or undefined when the frame is not (or no longer) kept. */
  frameText(frame: number): string | undefined {
    if (frame > this.frame || frame <= this.frame - RETAINED_FRAMES) return undefined;
    const w = this.world;
    const syncs = (this.frames.get(frame) ?? []).map((s) => ({
      commands: s.commands.map((c) => {
        const out: Record<string, unknown> = { kind: c.kind, entity: w.isAlive(c.e) ? entityPath(w, c.e) : `#${c.e}` };
        if (c.id !== 0 && w.isValidId(c.id)) out.id = idKey(w, c.id);
        out.is_alive = c.is_alive;
        out.next_for_entity = c.next_for_entity;
        return out;
      }),
      duration: s.duration,
    }));
    return JSON.stringify({ syncs });
  }

  /** Stops recording. */
  close(): void {
    this.world.recordCommands(undefined);
  }
}
