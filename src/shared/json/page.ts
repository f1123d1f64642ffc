// Paging, applied once: every paged reply (a query's entities, a parent's children) reads its
// sequence in runs — a query result's table rows, a list — and keeps the part of each run that
// falls on the page: the first `offset` items of the whole sequence are skipped, then at most
// `limit` are kept. The offset and limit parameters themselves are protocol's pageParams.

/** One page of a sequence read in runs. */
export class Page {
  private skip: number;
  private remaining: number;
  /** Where, in the last run given to take(), its part on the page starts. */
  start = 0;

  /** Skips `offset` items of the sequence, then keeps at most `limit` (0: none). */
  constructor(offset: number, limit: number) {
    this.skip = offset;
    this.remaining = limit;
  }

  /** True once the page holds `limit` items: the rest of the sequence is off it. */
  get full(): boolean {
    return this.remaining <= 0;
  }

  /** How many of the next run of `n` items are on the page (from `start` in the run); advances past the run. */
  take(n: number): number {
    if (this.remaining <= 0) return 0;
    if (this.skip >= n) {
      this.skip -= n;
      return 0;
    }
    this.start = this.skip;
    const kept = Math.min(n - this.skip, this.remaining);
    this.skip = 0;
    this.remaining -= kept;
    return kept;
  }
}
