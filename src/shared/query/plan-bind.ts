// Equalities that bind: the order the evaluator runs a plan's steps in when the plan says
// `$this == $o` (or `$o == $this`) at its top level. Ranked by the plan alone, the comparison is a
// FILTER (plan-contract.ts) and runs last, so `Position, Planet($o), $this == $o` first pairs every
// Position entity with every planet (3,012 × 8 on the demo world) and then keeps the pairs that are
// equal. Here the comparison binds instead: each positive term on $o that names only constant ids
// (`Planet($o)`) is also asked of $this, narrowing the $this tables as `Planet, Position` does, and
// the comparison moves right after the $this terms, where it binds $o to each remaining entity; the
// terms on $o then check one entity each. The answer is the same (the copies are implied by the
// equality and show no field), and so is the plan as printed and explained: only evaluation uses
// this order.
import type { PlanEq, PlanStep, PlanTerm } from './plan';
import { isSeed } from './plan-contract';

const memo = new WeakMap<readonly PlanStep[], readonly PlanStep[]>();

/** The steps in evaluation order: `steps` itself unless a top-level `$this == $v` can bind (see above). */
export function evaluationSteps(steps: readonly PlanStep[]): readonly PlanStep[] {
  let out = memo.get(steps);
  if (out === undefined) { out = bindEqualities(steps); memo.set(steps, out); }
  return out;
}

/** The variable a top-level step equates with $this (`$this == $v` or `$v == $this`), or 0. */
function equatedWithThis(s: PlanStep): number {
  if (s.kind !== 'eq' || s.op !== '==' || s.right.kind !== 'var') return 0;
  if (s.left === 0) return s.right.v;
  return s.right.v === 0 ? s.left : 0;
}

/** A positive term on source $v whose ids are constants: asking it of $this adds no bindings and at most one match. */
function copyableOn(s: PlanStep, v: number): s is PlanTerm {
  return s.kind === 'term' && s.oper === 'and' && s.src.kind === 'var' && s.src.v === v
    && s.first.kind === 'const' && (s.second === null || s.second.kind === 'const');
}

function isThisTerm(s: PlanStep): boolean {
  return s.kind === 'term' && s.oper === 'and' && s.src.kind === 'var' && s.src.v === 0;
}

function bindEqualities(steps: readonly PlanStep[]): readonly PlanStep[] {
  const eqs = steps.filter((s): s is PlanEq => equatedWithThis(s) !== 0);
  if (eqs.length === 0) return steps;
  const copies: PlanTerm[] = [];
  for (const eq of eqs) {
    const v = equatedWithThis(eq);
    for (const s of steps) if (copyableOn(s, v)) copies.push({ ...s, src: { kind: 'var', v: 0 }, field: -1, cascade: false });
  }
  // The copies lead the $this terms (after the steps ranked before THIS, plan-contract.ts): the
  // terms that pick $o are what the equality narrows $this to, so they choose the candidate tables
  // (`Planet` enumerates 8 entities' tables, `Position` 3,034 entities'). The comparison follows
  // the last $this term, where $this is bound, and binds $o to each entity left. With neither a
  // $this term nor a copy it would have to visit every table to bind $this: it stays where the
  // plan put it. The comparisons themselves are FILTER steps, ranked after all of these, so the
  // indices are the same with them taken out.
  const lastThis = steps.findLastIndex(isThisTerm);
  if (copies.length === 0 && lastThis < 0) return steps;
  let lead = 0;
  while (lead < steps.length && leadsThis(steps[lead]!)) lead++;
  const bound = Math.max(lead, lastThis + 1);
  const rest = steps.filter((s) => !eqs.includes(s as PlanEq));
  return [...rest.slice(0, lead), ...copies, ...rest.slice(lead, bound), ...eqs, ...rest.slice(bound)];
}

/** Steps ranked before the $this terms: terms on a constant source and seeding comparisons. */
function leadsThis(s: PlanStep): boolean {
  if (s.kind === 'eq') return isSeed(s);
  return s.kind === 'term' && s.oper === 'and' && s.src.kind === 'const';
}
