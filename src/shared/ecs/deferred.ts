// Deferral: while a system iterates, structural changes are queued (commands.ts) instead of
// applied; at the end of the outermost defer they are applied in order. Commands whose entity
// (or id) died in between are dropped and counted.
import { unreachable } from '../unreachable';
import { CommandQueue, Op, type CommandCounters, type SetPayload } from './commands';
import type { EntityIndex } from './entity-index';
import { EcsError } from './errors';
import type { Entity, Id } from './ids';
import type { LeafWrite } from './values';

/** The changes a flush applies, without checks or queueing (storage.ts has them). */
export interface ChangesNow {
  addNow(e: Entity, id: Id): void;
  removeNow(e: Entity, id: Id): void;
  setNow(e: Entity, id: Id, writes: readonly LeafWrite[] | null, opaque: unknown): void;
  deleteNow(e: Entity): void;
  renameNow(e: Entity, name: string | undefined): void;
}

/** The defer depth and queue of one world. */
export class Deferred {
  private depth = 0;
  private readonly queue = new CommandQueue();
  /** Called with the queue at each flush, before it is applied (a command recorder); none by default. */
  onFlush: ((queue: CommandQueue) => void) | undefined = undefined;

  constructor(
    private readonly entities: EntityIndex,
    private readonly store: ChangesNow,
    private readonly counters: CommandCounters,
  ) {}

  /** True while changes are being queued. */
  get active(): boolean {
    return this.depth > 0;
  }

  /** Starts queuing structural changes (nests). */
  begin(): void {
    this.depth++;
  }

  /** Stops queuing; at the outermost level applies the queued changes in order. */
  end(): void {
    if (this.depth === 0) throw new EcsError('invalid_argument', 'deferEnd without deferBegin');
    if (--this.depth > 0) return;
    if (this.queue.length === 0) return;
    this.counters.merges++;
    if (this.onFlush !== undefined) this.onFlush(this.queue);
    // Commands queued by observers during the flush are applied in the same flush.
    this.depth++;
    const q = this.queue;
    try {
      for (let i = 0; i < q.length; i++) this.apply(q.op[i]!, q.e[i]!, q.id[i]!, q.payload[i]);
    } finally {
      q.clear();
      this.depth--;
    }
  }

  /** Runs fn with changes deferred, then applies them. */
  run<T>(fn: () => T): T {
    this.begin();
    try { return fn(); } finally { this.end(); }
  }

  /** Queues a change (`payload`: a SetPayload for Op.Set, the new name or null for Op.Name). */
  enqueue(op: Op, e: Entity, id: Id, payload?: unknown): void {
    this.counters.enqueued++;
    this.queue.push(op, e, id, payload);
  }

  private apply(op: Op, e: Entity, id: Id, payload: unknown): void {
    if (!this.entities.isAlive(e)) { this.counters.discard++; return; }
    const store = this.store;
    switch (op) {
      case Op.Add: if (this.entities.isValidId(id)) store.addNow(e, id); else this.counters.discard++; return;
      case Op.Remove: store.removeNow(e, id); return;
      case Op.Set: {
        const p = payload as SetPayload;
        if (this.entities.isValidId(id)) store.setNow(e, id, p.writes, p.opaque); else this.counters.discard++;
        return;
      }
      case Op.Delete: store.deleteNow(e); return;
      case Op.Name: store.renameNow(e, payload === null ? undefined : (payload as string)); return;
      default: unreachable(op, 'deferred command');
    }
  }
}
