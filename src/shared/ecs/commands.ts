// Deferred structural changes: queued while a system iterates, applied after it in order.
import type { Entity, Id } from './ids';
import type { LeafWrite } from './values';

/** Kinds of queued changes. */
export const enum Op { Add = 1, Remove = 2, Set = 3, Delete = 4, Name = 5 }

/** Payload of a queued set: validated leaf writes (reflected) or a raw value (opaque). */
export interface SetPayload {
  readonly writes: readonly LeafWrite[] | null;
  readonly opaque?: unknown;
}

/**
 * Queued changes, stored column-wise (no object per command): structural changes made while a
 * system iterates are recorded here and applied in order after it.
 */
export class CommandQueue {
  readonly op: Op[] = [];
  readonly e: Entity[] = [];
  readonly id: Id[] = [];
  /** Set payloads and new names, by command index (sparse). */
  readonly payload: unknown[] = [];

  /** Number of queued commands. */
  get length(): number {
    return this.op.length;
  }

  /** Appends a command. */
  push(op: Op, e: Entity, id: Id, payload?: unknown): void {
    const i = this.op.length;
    this.op.push(op);
    this.e.push(e);
    this.id.push(id);
    if (payload !== undefined) this.payload[i] = payload;
  }

  /** Empties the queue (keeps the arrays' capacity). */
  clear(): void {
    this.op.length = 0;
    this.e.length = 0;
    this.id.length = 0;
    this.payload.length = 0;
  }
}

/** Counters of applied commands, by kind (cumulative; the monitor reports differences). */
export interface CommandCounters {
  add: number;
  remove: number;
  delete: number;
  set: number;
  other: number;
  /** Commands dropped because their entity was deleted before the flush. */
  discard: number;
  /** Flushes (sync points). */
  merges: number;
  /** Total commands queued. */
  enqueued: number;
}

/** Makes a zeroed counter set. */
export function newCommandCounters(): CommandCounters {
  return { add: 0, remove: 0, delete: 0, set: 0, other: 0, discard: 0, merges: 0, enqueued: 0 };
}
