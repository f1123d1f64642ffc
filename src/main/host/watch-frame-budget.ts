// One evaluation budget per frame, shared by all watch feeds. Each feed's GET is answered under
// its own per-request budget (--max-query-steps), so without this 200 watches of heavy-but-legal
// queries would together hold a frame 200 times as long as one request may. Here the feeds of a
// frame draw from one budget of frame steps; a feed that does not fit what is left waits for the
// next frame(s). Feeds are taken least recently served first, so every feed is served in turn
// (round robin) and none starves: a feed that waited is first in the next frame, where it gets a
// whole request's budget (the frame budget is never less than that). A feed whose query alone
// exceeds a request's budget gets the same over-budget reply as a REST request.
//
// How much a feed costs is known only by running it; to waste no work on a feed that will not
// fit, a feed is skipped while its last known cost exceeds what is left (the first feed of a
// frame is always tried), and a feed stopped because the frame ran out is retried later.
import { QueryBudget } from '../../shared/query';

/** What a feed's attempt did: it ran (its reply is kept) or the frame's budget ran out first (its reply is dropped). */
export type Attempt = 'served' | 'deferred';

/** Shares one budget of evaluation steps per frame among keyed work items (watch feeds), least recently served first. */
export class WatchFrameBudget<K> {
  /** Steps each frame may spend: the frame budget, or a request's when that is larger. */
  readonly frameSteps: number;
  /** Steps of evaluation done in the last frame (work that ran, not the step that found the budget spent). */
  stepsLastFrame = 0;
  /** Items served / deferred in the last frame. */
  servedLastFrame = 0;
  deferredLastFrame = 0;
  /** Counts services: an item's ticket is the count when it was last served, so lower tickets waited longer. */
  private tickets = 0;
  /** Per item: its ticket (0: never served), the steps it last needed, and the order it was first seen in. */
  private readonly state = new Map<K, { served: number; cost: number; seq: number }>();
  private seq = 0;

  /** A budget of `frameSteps` per frame for items that may each spend up to `requestSteps`. */
  constructor(frameSteps: number, readonly requestSteps: number) {
    for (const [name, v] of [['frameSteps', frameSteps], ['requestSteps', requestSteps]] as const) {
      if (!Number.isInteger(v) || v < 1) throw new RangeError(`${name} must be a positive whole number of evaluation steps, got ${v}`);
    }
    this.frameSteps = Math.max(frameSteps, requestSteps);
  }

  /**
   * Runs one frame: calls `run(key, budget)` for the items, least recently served first, while the
   * frame's steps last. `run` evaluates under `budget` (at most a request's steps, less when the
   * frame has less left) and must not keep its reply when the budget ran out before a request's
   * worth: `runFrame` tells it so by the return value of `outcome(budget)`. `spent` steps of the
   * frame are already taken (the breakpoints, which go first).
   */
  runFrame(keys: Iterable<K>, run: (key: K, budget: QueryBudget, outcome: () => Attempt) => void, spent = 0): void {
    const items = [...keys].map((key) => ({ key, s: this.entry(key) }));
    // Least recently served first (round robin); among those never served, the order they were first seen.
    items.sort((a, b) => a.s.served - b.s.served || a.s.seq - b.s.seq);
    let left = this.frameSteps - spent, steps = 0, served = 0, deferred = 0;
    for (const { key, s } of items) {
      const first = served + deferred === 0;
      if (left < 1 || (!first && s.cost > left)) { deferred++; continue; }
      const allotted = Math.min(this.requestSteps, left);
      const budget = new QueryBudget(allotted);
      // Stopped short of a request's budget: the frame ran out, not the feed's right to run.
      const outcome = (): Attempt => (budget.used > budget.limit && allotted < this.requestSteps ? 'deferred' : 'served');
      run(key, budget, outcome);
      const work = Math.min(budget.used, budget.limit);
      left -= work;
      steps += work;
      if (outcome() === 'served') { s.served = ++this.tickets; s.cost = work; served++; } else { s.cost = budget.used; deferred++; }
    }
    this.stepsLastFrame = steps;
    this.servedLastFrame = served;
    this.deferredLastFrame = deferred;
  }

  /** Forgets an item (its feed closed). */
  delete(key: K): void {
    this.state.delete(key);
  }

  private entry(key: K): { served: number; cost: number; seq: number } {
    let s = this.state.get(key);
    if (s === undefined) this.state.set(key, (s = { served: 0, cost: 0, seq: this.seq++ }));
    return s;
  }
}
