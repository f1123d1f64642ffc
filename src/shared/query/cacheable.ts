// Which plans have results that depend only on the types of tables and of the entities those
// types name, so that the results can be kept and refreshed on structural changes alone.
import type { Plan } from './plan';

/**
 * True when a table's matches depend only on types: its own, and those of the entities its type
 * names (bases, parents, pair targets), whose changes move world.structureVersion. That holds for
 * a plan of plain terms whose sources are $this or a variable bound by an earlier term's id (so
 * the variable's entity appears in some table's type), with $this never a component or target
 * (which would split tables into single entities). Fixed sources (`Position(Sun)`), equality and
 * name tests, or-chains and scopes are evaluated every time instead.
 */
export function cacheablePlan(p: Plan): boolean {
  if (!p.hasThis) return false;
  const bound = new Set<number>([0]);
  for (const s of p.steps) {
    if (s.kind !== 'term' || s.src.kind !== 'var' || !bound.has(s.src.v)) return false;
    for (const slot of [s.first, s.second]) {
      if (slot?.kind !== 'var') continue;
      if (slot.v === 0) return false;
      // Only a term that must match binds for later terms (a not-term's variables are existential,
      // an optional term may leave its variable unbound, and a term on an unbound variable source
      // searches every table).
      if (s.oper === 'and') bound.add(slot.v);
    }
  }
  return true;
}
