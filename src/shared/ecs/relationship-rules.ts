// The rules of relationships, asked by storage around every pair change: no ChildOf, IsA or
// Acyclic cycles, no name clash under a new parent (or at the root), an IsA whose copied
// children can all be made; an exclusive relationship keeps one target (the new pair replaces
// the old); and the parent index follows ChildOf, the instance's copies follow IsA.
import type { CoreIds } from './core-ids';
import type { EntityIndex } from './entity-index';
import { EcsError } from './errors';
import { MAX_DEPTH, type Hierarchy } from './hierarchy';
import type { IdRecord } from './id-record';
import { entityIndex, isPair, makePair, pairFirstIndex, pairSecondIndex, type Entity, type Id } from './ids';
import type { InheritPlan } from './inherit-copy';
import type { Inheritance } from './inheritance';
import type { Names } from './names';
import type { Prefabs } from './prefabs';
import type { PairRules, Storage } from './storage';
import type { Table } from './table';

/** Relationship rules of one world. */
export class RelationshipRules implements PairRules {
  /** Built-in ids; set by the World when the bootstrap makes them. */
  core!: CoreIds;
  /** True while an exclusive pair is being replaced (the remove is half of a move). */
  private replacingExclusive = false;

  constructor(
    private readonly entities: EntityIndex,
    private readonly records: ReadonlyMap<Id, IdRecord>,
    private readonly hierarchy: Hierarchy,
    private readonly store: Storage,
    private readonly names: Names,
    private readonly inheritance: Inheritance,
    private readonly prefabs: Prefabs,
  ) {}

  /** True when the relationship has the Exclusive trait. */
  isExclusive(rel: Entity): boolean {
    return rel === this.core.ChildOf || this.inheritance.ownsId(rel, this.core.Exclusive);
  }

  beforeAdd(e: Entity, from: Table, id: Id): void {
    this.checkPairAdd(e, id);
    const sibling = this.exclusiveSibling(from, id);
    if (sibling === 0) return;
    this.replacingExclusive = true;
    try { this.store.removeNow(e, sibling); } finally { this.replacingExclusive = false; }
  }

  afterAdd(e: Entity, id: Id): void {
    const rel = this.entities.aliveAt(pairFirstIndex(id));
    if (rel === this.core.ChildOf) this.hierarchy.setParent(e, this.entities.aliveAt(pairSecondIndex(id)));
    else if (rel === this.core.IsA) this.prefabs.copyChildren(this.entities.aliveAt(pairSecondIndex(id)), e);
  }

  beforeRemove(e: Entity, id: Id): void {
    if (pairFirstIndex(id) !== entityIndex(this.core.ChildOf)) return;
    // Replacing the parent (exclusive ChildOf): afterAdd moves it straight to the new parent.
    if (this.replacingExclusive) return;
    const name = this.names.nameOf(e);
    if (name !== undefined && this.hierarchy.childNamed(0, name) !== undefined) {
      throw new EcsError('name_clash', `cannot move ${this.names.describe(e)} to the root: the root already has an entity named '${name}'`);
    }
    this.hierarchy.setParent(e, 0);
  }

  /**
   * Throws if adding the pair `id` to `e` would break a rule: a ChildOf or IsA cycle, a name clash
   * under the new parent, an IsA whose copied children could not all be made. `plan` carries what
   * earlier ids of the same setMany will have done.
   */
  checkPairAdd(e: Entity, id: Id, plan?: InheritPlan): void {
    if (!isPair(id)) return;
    const rel = this.entities.aliveAt(pairFirstIndex(id)), target = this.entities.aliveAt(pairSecondIndex(id));
    if (rel === this.core.ChildOf) {
      if (this.isAncestorOrSelf(e, target)) throw new EcsError('cycle', `cannot make ${this.names.describe(e)} a child of ${this.names.describe(target)}: that would make a ChildOf cycle`);
      const name = this.names.nameOf(e);
      if (name !== undefined) this.names.checkName(name, target, e);
      plan?.newParents.push(target);
    } else if (rel === this.core.IsA || this.inheritance.ownsId(rel, this.core.Acyclic)) {
      if (this.reaches(target, e, rel, 0)) throw new EcsError('cycle', `cannot add (${this.names.pathOf(rel)}, ${this.names.pathOf(target)}) to ${this.names.describe(e)}: that would make a cycle`);
      if (rel === this.core.IsA) {
        const problem = this.prefabs.copyProblem(e, target, plan);
        if (problem) throw problem;
      }
    }
  }

  /** The pair of an exclusive relationship that the new pair replaces, or 0. */
  private exclusiveSibling(table: Table, id: Id): Id {
    const rel = this.entities.aliveAt(pairFirstIndex(id));
    if (!this.isExclusive(rel)) return 0;
    const matches = this.records.get(makePair(rel, this.core.Wildcard))?.indices.get(table);
    return matches ? table.type[matches[0]!]! : 0;
  }

  private isAncestorOrSelf(e: Entity, of: Entity): boolean {
    let cur = of;
    for (let d = 0; cur !== 0 && d < MAX_DEPTH; d++) {
      if (cur === e) return true;
      cur = this.hierarchy.parentOf(cur);
    }
    return false;
  }

  private reaches(from: Entity, to: Entity, rel: Entity, depth: number): boolean {
    if (from === to) return true;
    if (depth > MAX_DEPTH) return true;
    const t = this.store.tableOf(from);
    const matches = this.records.get(makePair(rel, this.core.Wildcard))?.indices.get(t);
    if (!matches) return false;
    return matches.some((ti) => this.reaches(this.entities.aliveAt(pairSecondIndex(t.type[ti]!)), to, rel, depth + 1));
  }
}
