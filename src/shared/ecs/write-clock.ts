// When each component's values were last written, as a clock reading: readers that keep something
// computed from a component's values (breakpoints' threshold indexes) compare the reading with the
// one they took and skip the work when it did not move. Writes are marked where they happen: set()
// (and every deferred set), a system's run for each component its query may write (pipeline),
// modified() for code that writes columns in place. A write whose component is not known marks
// every component (markAll). Rows added, removed or moved between tables are not writes here:
// they change Table.version, which such readers check as well. Pairs are told apart by their
// relationship: a system writing (TravellingTo, *) each frame must not mark the doc pairs
// (Description, Name) of every table written, which made each history keyframe copy them again
// (75 of the 168 columns a keyframe copied at 10,000 asteroids). A pair whose relationship is a
// wildcard (or a variable, which systems mark as one) marks every pair.
import { entityIndex, isPair, pairFirstIndex, type Id } from './ids';

/** The write clock of one world. */
export class WriteClock {
  private clock = 0;
  /** Clock of the last write that may have touched any component. */
  private all = 0;
  /** Clock of the last write that may have touched any pair's value (a wildcard relationship). */
  private pairs = 0;
  /** Per component entity index, the clock of its last write. */
  private byIndex = new Float64Array(256);
  /** Per relationship entity index, the clock of the last write of a pair of it. */
  private byRelation = new Float64Array(256);
  /** Entity indices of the wildcards `*` and `_` (-1 until known: every pair write then marks every pair). */
  private wildcard = -1;
  private any = -1;

  /** Names the wildcards' entity indices (the world does, once its built-in ids exist). */
  setWildcards(wildcard: number, any: number): void {
    this.wildcard = wildcard;
    this.any = any;
  }

  /** Marks a write of `id`'s values (a component, or a pair). */
  mark(id: Id): void {
    const now = ++this.clock;
    if (!isPair(id)) { this.byIndex = stamp(this.byIndex, entityIndex(id), now); return; }
    const rel = pairFirstIndex(id);
    if (this.wildcard < 0 || rel === this.wildcard || rel === this.any) this.pairs = now;
    else this.byRelation = stamp(this.byRelation, rel, now);
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
    let own: number;
    if (isPair(id)) {
      const rel = this.byRelation[pairFirstIndex(id)] ?? 0;
      own = rel > this.pairs ? rel : this.pairs;
    } else own = this.byIndex[entityIndex(id)] ?? 0;
    return own > this.all ? own : this.all;
  }
}

/** `clocks` with `now` at index `i`, grown (a new array) when too short. */
function stamp(clocks: Float64Array<ArrayBuffer>, i: number, now: number): Float64Array<ArrayBuffer> {
  if (i >= clocks.length) {
    const next = new Float64Array(Math.max(i + 1, clocks.length * 2));
    next.set(clocks);
    clocks = next;
  }
  clocks[i] = now;
  return clocks;
}
