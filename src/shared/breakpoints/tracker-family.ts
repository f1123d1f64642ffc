// The trackers of one query shape (shapeKey: the same terms, comparisons with other operators and
// numbers), looked at together after every frame. 100 breakpoints whose texts all differ
// (`Fuel.value < 3`, `Fuel.value < 4`, …) make as many trackers, and each used to pay its own look
// at the same counters and indexes every frame. A family does that look once for all of them.
//
// After a frame in which each of its trackers read on its own (settle), the family hands those
// that can be vouched for (they keep their tables, and read in that frame) one ReadStamp and
// remembers the store's counters and, where an inherited value is compared, the write clocks of
// the compared components. In a later frame (quiet) the family moves that stamp on, which makes
// all of them read for the frame with their results unchanged, when:
// - no table was created or deleted, nothing structural or named changed and no row moved (the
//   store's counters): each tracker's kept tables and rows are as they were;
// - every index of the comparisons passed over its column with no crossing and no new thresholds,
//   and the stamp is as of the pass before: no value moved between two thresholds, so no
//   comparison of any of them changed;
// - no compared component was written, if a kept table with an inherited value has rows.
// Otherwise each tracker reads on its own, exactly as without a family (a crossing there is
// checked against its own thresholds), and the family settles again.
import type { World } from '../ecs';
import type { MatchTracker, ReadStamp } from './match-tracker';
import type { ThresholdIndex } from './threshold-index';

/** Trackers of one shape, vouched for together in frames where nothing they depend on moved. */
export class TrackerFamily {
  /** Trackers in it (the owner drops it at zero). */
  users = 0;
  private stamp: ReadStamp = { token: undefined, at: [] };
  private indexes: readonly ThresholdIndex[] = [];
  private tablesMade = -1;
  private structure = -1;
  private names = -1;
  private rowChanges = -1;
  private inheritedLive = false;
  /** World.writtenAt of each index's component at settle. */
  private written: number[] = [];

  /** A family of trackers of `world` whose queries have the shape `key`. */
  constructor(private readonly world: World, readonly key: string) {}

  /** Evaluation steps a quiet look costs: one, and one per index. */
  get quietSteps(): number {
    return 1 + this.indexes.length;
  }

  /**
   * For frame `token`: true when nothing the trackers holding the stamp depend on moved since
   * they read (then they have read for `token`, their results unchanged); false when each must
   * read on its own. Makes the indexes' pass of this frame.
   */
  quiet(token: number): boolean {
    const stamp = this.stamp;
    if (stamp.token === undefined) return false;
    const w = this.world, c = w.counters;
    if (c.rowChanges !== this.rowChanges || c.tablesCreated + c.tablesDeleted !== this.tablesMade || w.structureVersion !== this.structure || w.hierarchy.version !== this.names) return false;
    const indexes = this.indexes, at = stamp.at;
    for (let i = 0; i < indexes.length; i++) {
      const ix = indexes[i]!;
      ix.pass(token);
      if (ix.crossed !== 0 || ix.resetAt === ix.passes || at[i] !== ix.passes - 1) return false;
    }
    if (this.inheritedLive) {
      for (let i = 0; i < indexes.length; i++) if (w.writtenAt(indexes[i]!.component) !== this.written[i]) return false;
    }
    stamp.token = token;
    for (let i = 0; i < indexes.length; i++) at[i] = indexes[i]!.passes;
    return true;
  }

  /**
   * After frame `token`, in which `trackers` read on their own: hands a new stamp to those that
   * can be vouched for (the first one's indexes are the family's; one with other indexes is left
   * out) and remembers the counters. True when every one of `trackers` took it.
   */
  settle(token: number, trackers: readonly MatchTracker[]): boolean {
    const w = this.world, c = w.counters;
    let all = true, indexes: readonly ThresholdIndex[] | undefined, live = false;
    // A new stamp: trackers holding the old one that did not read in this frame keep it, and it moves no more.
    const stamp: ReadStamp = { token, at: [] };
    for (const t of trackers) {
      const view = t.familyView(token);
      if (view === undefined || (indexes !== undefined && !same(indexes, view.indexes))) { all = false; continue; }
      if (indexes === undefined) {
        indexes = view.indexes;
        for (const ix of indexes) stamp.at.push(ix.passes);
      }
      live ||= view.inheritedLive;
      t.join(stamp);
    }
    if (indexes === undefined) stamp.token = undefined;
    this.stamp = stamp;
    this.indexes = indexes ?? [];
    this.tablesMade = c.tablesCreated + c.tablesDeleted;
    this.structure = w.structureVersion;
    this.names = w.hierarchy.version;
    this.rowChanges = c.rowChanges;
    this.inheritedLive = live;
    this.written = this.indexes.map((ix) => w.writtenAt(ix.component));
    return all && indexes !== undefined;
  }
}

function same(a: readonly ThresholdIndex[], b: readonly ThresholdIndex[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
