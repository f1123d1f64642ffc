// Deferred structural changes: queued while a system iterates, applied after it in order.
import type { Entity, Id } from './ids';
import type { LeafWrite } from './values';

/** A queued change. `value` holds validated leaf writes (reflected) or a raw value (opaque). */
export type Command =
  | { readonly op: 'add'; readonly e: Entity; readonly id: Id }
  | { readonly op: 'remove'; readonly e: Entity; readonly id: Id }
  | { readonly op: 'set'; readonly e: Entity; readonly id: Id; readonly writes: readonly LeafWrite[] | null; readonly opaque?: unknown }
  | { readonly op: 'delete'; readonly e: Entity }
  | { readonly op: 'name'; readonly e: Entity; readonly name: string | undefined };

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
