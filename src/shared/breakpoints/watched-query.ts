// What one breakpoint watches, frame by frame: the $this entities of its query (or, with a path,
// whether that one entity matches and the values it matched), and which entities made it fire.
// The first look (prime) only takes the state as it is: a breakpoint created while its condition
// already holds fires on `enter` only for entities that start matching afterwards.
import type { Entity, World } from '../ecs';
import type { BreakOn } from '../protocol';
import type { Query, QueryBudget } from '../query';
import { unreachable } from '../unreachable';

/** The state of one watched query between frames, and what changed in it. */
export class WatchedQuery {
  /** Matched $this entities (without a path). */
  private matched: Set<Entity> | undefined;
  /** With a path: the entity's matched fields and values as text, undefined while it does not match. */
  private signature: string | undefined;
  private primed = false;

  /** Watches `query` (all its entities, or only `entity` when given) for `on`. */
  constructor(private readonly world: World, readonly query: Query, readonly on: BreakOn, readonly entity: Entity | undefined) {}

  /** Takes the current state as the baseline, firing nothing; work counted against `budget`. */
  prime(budget: QueryBudget): void {
    this.read(budget);
    this.primed = true;
  }

  /** Reads the state again; the entities that make the breakpoint fire (none: it does not fire). Throws QueryBudgetError past `budget`. */
  observe(budget: QueryBudget): Entity[] {
    const prevMatched = this.matched, prevSignature = this.signature, primed = this.primed;
    this.read(budget);
    this.primed = true;
    if (!primed) return [];
    if (this.entity !== undefined) {
      const was = prevSignature !== undefined, is = this.signature !== undefined;
      switch (this.on) {
        case 'enter': return !was && is ? [this.entity] : [];
        case 'leave': return was && !is ? [this.entity] : [];
        case 'change': return prevSignature !== this.signature ? [this.entity] : [];
        default: return unreachable(this.on, 'break condition');
      }
    }
    const before = prevMatched!, now = this.matched!;
    const entered = (): Entity[] => [...now].filter((e) => !before.has(e));
    const left = (): Entity[] => [...before].filter((e) => !now.has(e));
    switch (this.on) {
      case 'enter': return entered();
      case 'leave': return left();
      case 'change': return [...entered(), ...left()];
      default: return unreachable(this.on, 'break condition');
    }
  }

  private read(budget: QueryBudget): void {
    if (this.entity === undefined) {
      this.matched = new Set(this.query.entities({}, budget));
      return;
    }
    const r = this.query.firstResultOf(this.entity, budget);
    if (r === undefined) { this.signature = undefined; return; }
    // The fields as matched for the entity, with the values they show: a change of either is a change.
    const w = this.world;
    let text = '';
    for (let i = 0; i < r.ids.length; i++) {
      if (!r.isSet[i]) { text += '|-'; continue; }
      const id = r.ids[i]!, src = r.sources[i] || this.entity;
      const value = w.isAlive(src) && w.dataOf(id)?.schema !== undefined ? JSON.stringify(w.get(src, id)) : '';
      text += `|${id}@${src}=${value}`;
    }
    this.signature = text;
  }
}
