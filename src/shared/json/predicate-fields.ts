// The reference engine counted a query's top-level comparisons (`$x == y`, `$x != y`, `$x ~= "t"`)
// as terms, so its replies have an element for each in every array aligned with the terms (ids,
// id_labels, sources, is_set, values), and clients written for it index those arrays so: the 3.2
// explorer's alerts table reads is_set[7] of an eight-term query whose sixth term is
// `$Severity == …`. Here comparisons are not fields; the 3.2 reply shape inserts one element for
// each where it stood: its id as written ([operator, right side]), its source (the compared
// variable's value), is_set true (a result exists only where it held) and no value (0).
import type { World } from '../ecs';
import type { Plan, PlanEq } from '../query';
import { unreachable } from '../unreachable';
import type { DialectNames } from './dialect-names';

/** The comparisons of a plan, ready to splice into the arrays of a reply. */
export interface PredicateFields {
  /** For each comparison, the number of fields before it (ascending). */
  readonly at: readonly number[];
  /** JSON text of each comparison's id: `["==","flecs.alerts.Error"]`. */
  readonly ids: readonly string[];
  /** Index (in the plan's variables) of each comparison's left variable. */
  readonly left: readonly number[];
}

/** The comparisons of `plan` as reply elements, or undefined when it has none (most queries). */
export function predicateFields(world: World, plan: Plan, names: DialectNames): PredicateFields | undefined {
  if (plan.predicates.length === 0) return undefined;
  const ids = plan.predicates.map(({ eq }) => `[${JSON.stringify(eq.op)},${rightText(world, plan, eq.right, names)}]`);
  return { at: plan.predicates.map((p) => p.at), ids, left: plan.predicates.map((p) => p.eq.left) };
}

/** JSON text of a comparison's right side as the reference wrote it: a path, `"$v"`, a quoted string, `"*"`, `"_"` or 0. */
function rightText(world: World, plan: Plan, r: PlanEq['right'], names: DialectNames): string {
  switch (r.kind) {
    case 'const': return names.pathText(world, r.e);
    case 'var': return JSON.stringify(`$${plan.vars[r.v] ?? ''}`);
    case 'string': return JSON.stringify(JSON.stringify(r.value));
    case 'wildcard': return '"*"';
    case 'any': return '"_"';
    case 'none': return '0';
    default: return unreachable(r, 'comparison side');
  }
}

/** `items` with `fills[k]` inserted before the item at `at[k]` (every k). */
export function spliced(items: readonly string[], at: readonly number[], fills: readonly string[] | string): string[] {
  const out = items.slice();
  for (let k = 0; k < at.length; k++) out.splice(at[k]! + k, 0, typeof fills === 'string' ? fills : fills[k]!);
  return out;
}

/** The values of the compared variables in one result (its `vars`, $this first), as JSON path texts. */
export function predicateSources(world: World, p: PredicateFields, vars: readonly number[], names: DialectNames): string[] {
  return p.left.map((v) => (vars[v] ? names.pathText(world, vars[v]!) : '0'));
}
