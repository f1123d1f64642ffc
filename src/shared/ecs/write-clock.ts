// When each component's values were last written, as a clock reading: readers that keep something
// computed from a component's values (breakpoints' threshold indexes) compare the reading with the
// one they took and skip the work when it did not move. Writes are marked where they happen: set()
// (and every deferred set), a system's run for each component its query may write (pipeline),
// modified() for code that writes columns in place. A write whose component is not known marks
// every component (markAll). Rows added, removed or moved between tables are not writes here:
// they change Table.version, which such readers check as well.
import { entityIndex, isPair, type Id } from './ids';

/** The write clock of one world. */
export class WriteClock {
  private clock = 0;
  /** Clock of the last write that may have touched any component. */
  private all = 0;
  /** Clock of the last write of any pair's value (pairs are not told apart). */
  private pairs = 0;
  /** Per component entity index, the clock of its last write. */
  private byIndex = new Float64Array(256);

  /** Marks a write of `id`'s values (a component, or a pair). */
  mark(id: Id): void {
    const now = ++this.clock;
    if (isPair(id)) { this.pairs = now; return; }
    const i = entityIndex(id);
    if (i >= this.byIndex.length) {
      const next = new Float64Array(Math.max(i + 1, this.byIndex.length * 2));
      next.set(this.byIndex);
      this.byIndex = next;
    }
    this.byIndex[i] = now;
  }

  /** Marks a write that may have touched any component. */
  markAll(): void {
    this.all = ++this.clock;
  }

  /** The clock now: a later write of any component reads above it. */
  get now(): number {
    return this.clock;
  }

  /** The clock of the last write that may have touched `id`'s values (0: none yet). */
  at(id: Id): number {
    const own = isPair(id) ? this.pairs : (this.byIndex[entityIndex(id)] ?? 0);
    return own > this.all ? own : this.all;
  }
}
