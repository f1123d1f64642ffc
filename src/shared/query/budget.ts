// Bounded evaluation. The rules engine backtracks, so the work of a query is not bounded by the
// size of its answer: `Position($a), Position($b)` visits every pair of entities, and a chain of
// such terms grows as a power of the world. Every evaluation therefore counts its work in steps
// (one per candidate table, entity or row visited and per match tried) against a budget, and an
// evaluation that runs past its budget stops with a QueryBudgetError instead of holding the host.
//
// One budget may cover several evaluations (a request that evaluates a query, then a second page,
// or every named query against one entity): they draw from the same count.

/** A cap on the work of one or more evaluations, in steps; `used` grows as they run. */
export class QueryBudget {
  /** Steps spent so far. */
  used = 0;

  /** A budget of `limit` steps (a positive integer, or Infinity for the app's own queries). */
  constructor(readonly limit: number) {
    if (!(limit === Infinity || (Number.isInteger(limit) && limit >= 1))) {
      throw new RangeError(`a query budget must be a positive whole number of steps, got ${limit}`);
    }
  }

  /** A budget without a cap: for queries the app itself runs (systems, alerts), never for a request. */
  static unbounded(): QueryBudget {
    return new QueryBudget(Infinity);
  }

  /** Spends `n` steps; throws QueryBudgetError once more than `limit` are spent. */
  spend(n: number): void {
    this.used += n;
    if (this.used > this.limit) throw new QueryBudgetError(this.limit, this.used);
  }
}

/** An evaluation that ran past its budget; it stopped there and reported nothing more. */
export class QueryBudgetError extends Error {
  /** Steps spent when it stopped (just over `limit`). */
  readonly used: number;
  /** The budget, in steps. */
  readonly limit: number;

  /** Builds the error of a budget of `limit` steps that reached `used`. */
  constructor(limit: number, used: number) {
    super(`the query needs more than ${limit} evaluation steps (the limit): it stopped after ${used}`);
    this.name = 'QueryBudgetError';
    this.limit = limit;
    this.used = used;
  }
}
