// What one breakpoint watches, frame by frame: the $this entities of its query (or, with a path,
// whether that one entity matches and the values it matched), and which entities made it fire.
// The first look (prime) only takes the state as it is: a breakpoint created while its condition
// already holds fires on `enter` only for entities that start matching afterwards. Without a path
// the entities come from a MatchTracker that breakpoints with the same query text share.
import type { Entity, World } from '../ecs';
import type { BreakOn } from '../protocol';
import type { Query, QueryBudget } from '../query';
import { unreachable } from '../unreachable';
import type { MatchSnapshot, MatchTracker } from './match-tracker';

/** The state of one watched query between frames, and what changed in it. */
export class WatchedQuery {
  /** The matched $this entities this breakpoint last saw (without a path). */
  private seen: MatchSnapshot | undefined;
  /** With a path: the entity's matched fields and values as text, undefined while it does not match. */
  private signature: string | undefined;
  private primed = false;

  /**
   * Watches `query` for `on`: only `entity` when given, else all its entities through `tracker`
   * (which must track the same query).
   */
  constructor(private readonly world: World, readonly query: Query, readonly on: BreakOn, readonly entity: Entity | undefined, readonly tracker: MatchTracker | undefined) {
    if (entity === undefined && tracker === undefined) throw new Error('WatchedQuery: a query without a path needs a MatchTracker');
  }

  /** Takes the current state as the baseline, firing nothing; work counted against `budget`. */
  prime(budget: QueryBudget): void {
    if (this.entity === undefined) this.seen = this.tracker!.read(budget);
    else this.readEntity(budget);
    this.primed = true;
  }

  /** True when this watches a tracker's entities and has seen what the tracker read last (observing again would fire nothing). */
  sawCurrent(): boolean {
    return this.primed && this.tracker !== undefined && this.seen === this.tracker.current;
  }

  /**
   * Reads the state again (a tracker reads once per `token`); the entities that make the
   * breakpoint fire (none: it does not fire). Throws QueryBudgetError past `budget`.
   */
  observe(budget: QueryBudget, token?: number): readonly Entity[] {
    if (this.entity === undefined) {
      const now = this.tracker!.read(budget, token), before = this.seen;
      this.seen = now;
      if (!this.primed) { this.primed = true; return []; }
      if (now === before) return [];
      const d = this.tracker!.diff(before!);
      switch (this.on) {
        case 'enter': return d.entered;
        case 'leave': return d.left;
        case 'change': return d.entered.length === 0 ? d.left : d.left.length === 0 ? d.entered : [...d.entered, ...d.left];
        default: return unreachable(this.on, 'break condition');
      }
    }
    const prevSignature = this.signature, primed = this.primed;
    this.readEntity(budget);
    this.primed = true;
    if (!primed) return [];
    const was = prevSignature !== undefined, is = this.signature !== undefined;
    switch (this.on) {
      case 'enter': return !was && is ? [this.entity] : [];
      case 'leave': return was && !is ? [this.entity] : [];
      case 'change': return prevSignature !== this.signature ? [this.entity] : [];
      default: return unreachable(this.on, 'break condition');
    }
  }

  private readEntity(budget: QueryBudget): void {
    const entity = this.entity!;
    const r = this.query.firstResultOf(entity, budget);
    if (r === undefined) { this.signature = undefined; return; }
    // The fields as matched for the entity, with the values they show: a change of either is a change.
    const w = this.world;
    let text = '';
    for (let i = 0; i < r.ids.length; i++) {
      if (!r.isSet[i]) { text += '|-'; continue; }
      const id = r.ids[i]!, src = r.sources[i] || entity;
      const value = w.isAlive(src) && w.dataOf(id)?.schema !== undefined ? JSON.stringify(w.get(src, id)) : '';
      text += `|${id}@${src}=${value}`;
    }
    this.signature = text;
  }
}
