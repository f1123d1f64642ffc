// The write ledger: what the load test told the world, what the world acknowledged, and what it
// must therefore show. Each tracked entity is written by one connection only, one request at a
// time, so the order of its writes is the order they were sent and "the last acknowledged write"
// is well defined. A write that got no answer (its connection dropped, or the run ended while it
// was in flight) may or may not have been applied: either outcome is accepted for it.

/** The state of one entity the test writes: its Scale value and whether it is disabled. */
export interface EntityState {
  /** The Scale component's value (undefined before the test wrote one). */
  scale: number | undefined;
  /** True when the entity carries ecs.core.Disabled. */
  disabled: boolean;
}

/** One write: which entity, and the member it changes to which value. */
export type Write = { entity: number; field: 'scale'; value: number } | { entity: number; field: 'disabled'; value: boolean };

interface Slot<T> {
  /** Value of the last acknowledged write (or the initial value). */
  acked: T;
  /** Values of writes without an answer since then: any of them may be what the world shows. */
  unsure: T[];
}

interface Entry {
  scale: Slot<number | undefined>;
  disabled: Slot<boolean>;
  /** True once a write to the entity was sent. */
  written: boolean;
}

/** A stale read or a lost write: what was expected and what the world showed. */
export interface Mismatch {
  entity: number;
  field: 'scale' | 'disabled';
  expected: number | boolean | undefined;
  seen: number | boolean | undefined;
}

/** Tally of a verification. */
export interface VerifyReport {
  /** Entities whose final state was checked. */
  checked: number;
  /** Acknowledged writes whose effect is not visible in the final state. */
  lost: Mismatch[];
  /** Entities nobody wrote whose state changed anyway. */
  unexpected: Mismatch[];
}

/** Records writes per entity and checks reads and the final state against them. */
export class WriteLedger {
  private readonly entries = new Map<number, Entry>();
  /** Writes sent. */
  sent = 0;
  /** Writes acknowledged with a 2xx status. */
  acked = 0;
  /** Writes refused with a non-2xx status (they must change nothing). */
  refused = 0;
  /** Writes that got no answer. */
  unanswered = 0;
  /** Reads that did not show an acknowledged write (the contract says a GET after a PUT sees it). */
  readonly staleReads: Mismatch[] = [];
  /** Reads compared with the ledger. */
  readsChecked = 0;

  /** Starts tracking an entity in its initial state (call before any write to it). */
  track(entity: number, initial: EntityState): void {
    this.entries.set(entity, { scale: { acked: initial.scale, unsure: [] }, disabled: { acked: initial.disabled, unsure: [] }, written: false });
  }

  /** True when the entity is tracked. */
  tracks(entity: number): boolean {
    return this.entries.has(entity);
  }

  /** Entities tracked, in the order they were added. */
  entities(): number[] {
    return [...this.entries.keys()];
  }

  private entry(entity: number): Entry {
    const e = this.entries.get(entity);
    if (!e) throw new Error(`entity ${entity} is not tracked by the write ledger; call track() first`);
    return e;
  }

  /** A write is about to be sent. */
  send(w: Write): void {
    this.entry(w.entity).written = true;
    this.sent++;
  }

  /** The answer to a write: status 2xx = applied, other = refused, undefined = no answer. */
  settle(w: Write, status: number | undefined): void {
    const slot = this.entry(w.entity)[w.field] as Slot<unknown>;
    if (status === undefined) { this.unanswered++; slot.unsure.push(w.value); return; }
    if (status >= 200 && status < 300) { this.acked++; slot.acked = w.value; slot.unsure.length = 0; return; }
    this.refused++;
  }

  /** The state the world must show now if every acknowledged write is visible; undefined when an unanswered write leaves it open. */
  expected(entity: number): EntityState | undefined {
    const e = this.entry(entity);
    if (e.scale.unsure.length || e.disabled.unsure.length) return undefined;
    return { scale: e.scale.acked, disabled: e.disabled.acked };
  }

  /** Compares a read made after the writes settled with the ledger; records a stale read. Returns false when it was stale. */
  checkRead(entity: number, seen: EntityState): boolean {
    const want = this.expected(entity);
    if (!want) return true;
    this.readsChecked++;
    let ok = true;
    if (want.scale !== undefined && want.scale !== seen.scale) { this.staleReads.push({ entity, field: 'scale', expected: want.scale, seen: seen.scale }); ok = false; }
    if (want.disabled !== seen.disabled) { this.staleReads.push({ entity, field: 'disabled', expected: want.disabled, seen: seen.disabled }); ok = false; }
    return ok;
  }

  /**
   * Checks the final state of every tracked entity: a written entity that does not show its last
   * acknowledged write (or one of the unanswered ones after it) lost a write; an entity nobody
   * wrote must be as it was. An entity missing from `final` fails both checks.
   */
  verify(final: ReadonlyMap<number, EntityState>): VerifyReport {
    const lost: Mismatch[] = [], unexpected: Mismatch[] = [];
    for (const [entity, e] of this.entries) {
      const seen = final.get(entity);
      const into = e.written ? lost : unexpected;
      const check = <T>(field: 'scale' | 'disabled', slot: Slot<T>, value: T | undefined) => {
        if (seen !== undefined && (value === slot.acked || slot.unsure.includes(value as T))) return;
        into.push({ entity, field, expected: slot.acked as number | boolean | undefined, seen: value as number | boolean | undefined });
      };
      check('scale', e.scale, seen?.scale);
      check('disabled', e.disabled, seen?.disabled);
    }
    return { checked: this.entries.size, lost, unexpected };
  }
}
