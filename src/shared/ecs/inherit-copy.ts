// Adding (IsA, base) copies the base's children into the entity, and each copied child that
// itself inherits gets its own base's children copied in turn. The copying happens after the add,
// one entity at a time, so two things must be ruled out before the add, or it would fail part way:
// - the entity sits inside a tree being copied: every copy lands inside that tree again and the
//   copying never ends;
// - a copied child's name is already taken where the copy lands.
// The check replays the copying on names only, without changing anything.
import { EcsError } from './errors';
import type { CoreIds } from './core-ids';
import { isPair, type Entity, type Id } from './ids';

/** What the check reads of a world (the World has it; declared here so this file does not import world.ts). */
export interface InheritView {
  readonly core: CoreIds;
  childrenOf(e: Entity): readonly Entity[];
  parentOf(e: Entity): Entity;
  nameOf(e: Entity): string | undefined;
  pathOf(e: Entity): string;
  typeOf(e: Entity): readonly Id[];
  owns(e: Entity, id: Id): boolean;
  pair(rel: Entity, target: Entity): Id;
  pairFirst(id: Id): Entity;
  pairSecond(id: Id): Entity;
}

/** Deepest chain of nested inheritance followed; deeper is refused as a likely loop. */
const MAX_NESTING = 64;

/** What earlier ids of one atomic change (World.setMany) will have done when a later IsA is added. */
export interface InheritPlan {
  /** Parents the entity is moved to by earlier ids. */
  readonly newParents: Entity[];
  /** IsA ids added by earlier ids (adding one again copies nothing). */
  readonly added: Set<Id>;
  /** Names of the entity's children, including copies made by earlier ids (filled on first use). */
  childNames?: Set<string>;
}

/** A plan for a change that has not applied anything yet. */
export function newInheritPlan(): InheritPlan {
  return { newParents: [], added: new Set() };
}

/** Bases whose children an (IsA, base) add would copy: base, then every base reached through inheriting descendants. */
function copiedTrees(world: InheritView, base: Entity): Set<Entity> {
  const isA = world.core.IsA;
  const sources = new Set<Entity>([base]);
  const pending = [base];
  while (pending.length > 0) {
    const stack = [...world.childrenOf(pending.pop()!)];
    while (stack.length > 0) {
      const d = stack.pop()!;
      for (const id of world.typeOf(d)) {
        if (!isPair(id) || world.pairFirst(id) !== isA) continue;
        const next = world.pairSecond(id);
        if (!sources.has(next)) { sources.add(next); pending.push(next); }
      }
      stack.push(...world.childrenOf(d));
    }
  }
  return sources;
}

/** The first of `from` and its ancestors that is in `trees`. */
function firstIn(world: InheritView, from: Entity, trees: ReadonlySet<Entity>): Entity | undefined {
  for (let cur = from, depth = 0; cur !== 0 && depth < 256; depth++, cur = world.parentOf(cur)) {
    if (trees.has(cur)) return cur;
  }
  return undefined;
}

/**
 * Replays the copying of `base`'s children into a place whose child names are `names` (updated as
 * copies land); returns why it would fail, or undefined.
 */
function nameProblem(world: InheritView, base: Entity, names: Set<string>, into: string, depth: number): string | undefined {
  if (depth > MAX_NESTING) return `inheritance is nested more than ${MAX_NESTING} levels deep below '${world.pathOf(base)}'`;
  for (const child of world.childrenOf(base)) {
    const name = world.nameOf(child);
    if (name !== undefined) {
      if (names.has(name)) return `it would copy '${world.pathOf(child)}' into ${into}, which already has a child named '${name}'`;
      names.add(name);
    }
    // The copy inherits what the child inherits (its own bases' children first), then gets the child's children.
    const copyNames = new Set<string>();
    const copyOf = `the copy of '${world.pathOf(child)}'`;
    for (const id of world.typeOf(child)) {
      if (!isPair(id) || world.pairFirst(id) !== world.core.IsA) continue;
      const problem = nameProblem(world, world.pairSecond(id), copyNames, copyOf, depth + 1);
      if (problem !== undefined) return problem;
    }
    const problem = nameProblem(world, child, copyNames, copyOf, depth + 1);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * Why adding (IsA, base) to `e` would fail part way (endless copying, or a copied child whose
 * name is taken), as an EcsError to throw; undefined when the add is safe. `plan` carries what
 * earlier ids of the same atomic change will have done.
 */
export function inheritCopyProblem(world: InheritView, e: Entity, base: Entity, plan: InheritPlan = newInheritPlan()): EcsError | undefined {
  const id = world.pair(world.core.IsA, base);
  // Inheriting from itself is a plain cycle, refused by the cycle check with its own message.
  if (base === e) return undefined;
  // An id the entity already has is not added again, so nothing is copied.
  if (world.owns(e, id) || plan.added.has(id)) return undefined;
  plan.added.add(id);
  const what = `cannot add (${world.pathOf(world.core.IsA)}, ${world.pathOf(base)}) to '${world.pathOf(e)}'`;
  const trees = copiedTrees(world, base);
  let loop = firstIn(world, e, trees);
  for (const p of plan.newParents) loop ??= firstIn(world, p, trees);
  if (loop !== undefined) {
    const where = loop === e ? 'the entity itself' : `'${world.pathOf(loop)}' (an ancestor of it, or one it is being moved under)`;
    return new EcsError('cycle', `${what}: inheriting would copy the children of ${where} into its own subtree without end; inherit from an entity outside its own ancestors`);
  }
  plan.childNames ??= new Set(world.childrenOf(e).map((c) => world.nameOf(c)).filter((n): n is string => n !== undefined));
  const problem = nameProblem(world, base, plan.childNames, `'${world.pathOf(e)}'`, 0);
  return problem === undefined ? undefined : new EcsError('name_clash', `${what}: ${problem}; rename or delete one of them first`);
}
