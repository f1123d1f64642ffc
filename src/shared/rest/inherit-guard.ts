// Adding (IsA, base) copies the base's children into the entity, and each copied child that
// itself inherits gets its own base's children copied in turn. The store does this after the
// add, one entity at a time, so two things went wrong half way through:
// - if the entity sits inside a tree being copied, every copy lands inside that tree again and
//   copying never ends (the stack overflowed, leaving thousands of half-made entities);
// - a copied child whose name is already taken where it lands is refused only after earlier
//   copies were made, so a 400 left entities behind.
// /set checks both before anything is applied (DECISIONS: nothing is half-applied).
import { isPair, type Entity, type Id, type World } from '../ecs';

/** Deepest chain of nested inheritance the check follows; deeper is refused as a likely loop. */
const MAX_NESTING = 64;

/** Bases whose children an (IsA, base) add would copy: base, then every base reached through inheriting descendants. */
function copiedTrees(world: World, base: Entity): Set<Entity> {
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
function firstIn(world: World, from: Entity, trees: ReadonlySet<Entity>): Entity | undefined {
  for (let cur = from, depth = 0; cur !== 0 && depth < 256; depth++, cur = world.parentOf(cur)) {
    if (trees.has(cur)) return cur;
  }
  return undefined;
}

/**
 * Replays the store's copying of `base`'s children into a place whose child names are `names`
 * (updated as copies land); returns why it would fail, or undefined.
 */
function copyProblem(world: World, base: Entity, names: Set<string>, into: string, depth: number): string | undefined {
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
      const problem = copyProblem(world, world.pairSecond(id), copyNames, copyOf, depth + 1);
      if (problem !== undefined) return problem;
    }
    const problem = copyProblem(world, child, copyNames, copyOf, depth + 1);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** State of one /set request across its ids (they apply in order). */
export interface InheritContext {
  /** Parents the entity is moved to by earlier ids of the request. */
  readonly newParents: Entity[];
  /** IsA ids added by earlier ids of the request (adding one again copies nothing). */
  readonly added: Set<Id>;
  /** Names of the entity's children, including copies made by earlier ids (filled on first use). */
  childNames?: Set<string>;
}

/**
 * Why adding `id` to `e` would fail part way (for an (IsA, base) id: endless copying, or a
 * copied child whose name is taken), as a message; undefined when the add is safe.
 */
export function inheritRefusal(world: World, e: Entity, id: Id, ctx: InheritContext): string | undefined {
  if (!isPair(id) || world.pairFirst(id) !== world.core.IsA) return undefined;
  const base = world.pairSecond(id);
  // Inheriting from itself is a plain cycle, which the store refuses up front with its own message.
  if (base === e) return undefined;
  // An id the entity already has is not added again, so nothing is copied.
  if (world.owns(e, id) || ctx.added.has(id)) return undefined;
  ctx.added.add(id);
  const trees = copiedTrees(world, base);
  let loop = firstIn(world, e, trees);
  for (const p of ctx.newParents) loop ??= firstIn(world, p, trees);
  if (loop !== undefined) {
    const where = loop === e ? 'the entity itself' : `'${world.pathOf(loop)}' (an ancestor of it, or one after this request)`;
    return `inheriting would copy the children of ${where} into its own subtree without end; inherit from an entity outside its own ancestors`;
  }
  ctx.childNames ??= new Set(world.childrenOf(e).map((c) => world.nameOf(c)).filter((n): n is string => n !== undefined));
  const problem = copyProblem(world, base, ctx.childNames, `'${world.pathOf(e)}'`, 0);
  return problem === undefined ? undefined : `${problem}; rename or delete one of them first`;
}
