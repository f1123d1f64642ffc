// The IsA bases of an entity in the order inheritance resolves them: depth first, each base once,
// at most 32 levels deep (a guard against a cycle the store should already refuse). The entity
// replies of every dialect list what each base contributes in this order.
import { isPair, type Entity, type World } from '../ecs';

/** Deepest IsA chain walked. */
const MAX_ISA_DEPTH = 32;

/** Calls `visit` for each IsA base of `e`, depth first, each base once, before its own bases. */
export function forEachIsABase(world: World, e: Entity, visit: (base: Entity) => void): void {
  const isA = world.core.IsA;
  const visited = new Set<Entity>();
  const walk = (ent: Entity, depth: number): void => {
    if (depth > MAX_ISA_DEPTH) return;
    for (const id of world.typeOf(ent)) {
      if (!isPair(id) || world.pairFirst(id) !== isA) continue;
      const base = world.pairSecond(id);
      if (base === 0 || visited.has(base)) continue;
      visited.add(base);
      visit(base);
      walk(base, depth + 1);
    }
  };
  walk(e, 0);
}
