// The components a system may write in place: the ids of its query's terms whose access is not
// [in], [none] or [filter] (the default access counts as a write, as in Flecs), outside `!`
// terms and `!{ … }` scopes, which match nothing to write. The pipeline marks them written each
// time the system runs (World.modified), so readers of World.writtenAt see every write a system
// can make through its fields. A term whose component is a variable or wildcard may write any
// component: then the system's writes are unknown (undefined), and every component is marked.
import { makePair, type Entity, type Id, type World } from '../ecs';
import type { Plan, PlanStep, PlanTerm, Slot } from '../query';
import { unreachable } from '../unreachable';

const READ_ONLY = new Set<PlanTerm['inout']>(['in', 'none', 'filter']);

/** The ids a system with query plan `plan` may write, or undefined when any component may be. */
export function systemWrites(world: World, plan: Plan): readonly Id[] | undefined {
  const ids = new Set<Id>();
  const wildcard = world.core.Wildcard;
  const slot = (s: Slot): Entity | undefined => (s.kind === 'const' ? s.e : undefined);
  const term = (t: PlanTerm): boolean => {
    if (t.oper === 'not' || READ_ONLY.has(t.inout)) return true;
    const first = slot(t.first);
    if (t.second === null) {
      if (first === undefined) return false;
      ids.add(first);
      return true;
    }
    // A pair: marked by its relationship (the world's write clock keeps one mark per relationship),
    // so an unbound or wildcard relationship marks every pair.
    ids.add(makePair(first ?? wildcard, slot(t.second) ?? wildcard));
    return true;
  };
  const steps = (list: readonly PlanStep[]): boolean => list.every((s) => {
    switch (s.kind) {
      case 'term': return term(s);
      case 'member': return term(s.term);
      case 'or': return s.terms.every((a) => (a.kind === 'term' ? term(a) : a.kind === 'member' ? term(a.term) : true));
      case 'scope': return s.oper === 'not' || steps(s.body);
      case 'eq': return true;
      default: return unreachable(s, 'plan step');
    }
  });
  return steps(plan.steps) ? [...ids] : undefined;
}
