// Walking a traversal relationship up from a table (`up(Rel)`): the depth bound every walk keeps,
// and what one walk remembers of the tables it searched in vain.
import type { Table } from '../ecs';

/** How many steps up a traversal any walk goes (the evaluator, the table matcher, explain). */
export const MAX_UP_DEPTH = 32;

/**
 * The tables one walk searched without a find, with the smallest depth each was searched from
 * (one map per relationship walked: the term's own and IsA). A relationship with several targets
 * per table reaches the same table along many paths; without this a walk is exponential in
 * MAX_UP_DEPTH. A table that failed from depth d fails from any depth ≥ d (less of the bound is
 * left), so skipping it changes no answer and no source. Kept only once the walk met a table with
 * several targets (`branched`): without one (the usual ChildOf walk, with at most an IsA chain
 * from each step) paths do not multiply, and the walk pays nothing for the maps.
 */
export class UpWalkMemo {
  /** True once the walk met a table with several targets: from then on failures are remembered. */
  branched = false;
  private readonly failed = new Map<Table, number>();
  private readonly failedIsA = new Map<Table, number>();

  /** Forgets the last walk (call as a walk starts). */
  reset(): void {
    if (!this.branched) return;
    this.failed.clear();
    this.failedIsA.clear();
    this.branched = false;
  }

  /** True when the table was searched in vain (walking IsA, or the term's relationship) from `depth` or less: it would fail again. */
  failedFrom(table: Table, isA: boolean, depth: number): boolean {
    const from = (isA ? this.failedIsA : this.failed).get(table);
    return from !== undefined && from <= depth;
  }

  /** Notes a search of the table from `depth` that found nothing. */
  fail(table: Table, isA: boolean, depth: number): void {
    (isA ? this.failedIsA : this.failed).set(table, depth);
  }
}
