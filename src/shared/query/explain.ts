// Why an entity is or isn't matched by a query: the verdict of the rules engine itself for the
// entity, and per step (term, or-chain, scope, equality), in the order the engine evaluates them,
// whether it held, on which source, and why not. The verdict and every "held" come from running
// the same Evaluation on the plan (or on a prefix of it) with $this pinned to the entity, so the
// explanation cannot disagree with the query's results; only the wording of "why not" is
// computed here (explain-why.ts).
import type { Entity, World } from '../ecs';
import { QueryBudget } from './budget';
import type { QueryResult } from './evaluate';
import { unreachable } from '../unreachable';
import { printNode } from './parser';
import type { Plan, PlanStep } from './plan';
import type { Query, VarValues } from './query';
import { StepProbe, type WhyNot } from './explain-why';
export type { WhyNot, WhyNotCode } from './explain-why';

/** Why the entity as a whole is not a candidate of the query, before any term is looked at. */
export interface Blocker {
  /** not-alive: no such entity; no-this: results are not entities; empty: the query has no terms; disabled / prefab: skipped unless the query names ecs.core.Disabled / ecs.core.Prefab. */
  readonly code: 'not-alive' | 'no-this' | 'empty' | 'disabled' | 'prefab';
  readonly message: string;
}

/** One step of the query for the entity. */
export interface StepExplanation {
  readonly kind: PlanStep['kind'];
  /** The step in canonical form (parser/print.ts; the terms `AND | T` expands, one by one). */
  readonly text: string;
  /** 'and', 'not' (`!`) or 'optional' (`?`); comparisons are 'and'. */
  readonly oper: 'and' | 'not' | 'optional';
  /** Offset of the step in the expression (UTF-16), or -1 when it has none (entity comparisons, scopes). */
  readonly pos: number;
  /** True when the step held for the entity (a `!` step holds when nothing matched it). */
  readonly holds: boolean;
  /** True when an earlier step already failed and this one was checked on its own. */
  readonly alone: boolean;
  /** For a term or or-chain that matched: the id it matched, e.g. `(ChildOf, Sun)`. */
  readonly id?: string;
  /** For a term or or-chain that matched: the path of the entity that has the id. */
  readonly source?: string;
  /** When the id was found by traversal (inherited, or up a hierarchy): the relationship followed. */
  readonly via?: string;
  /** Why the step did not hold. */
  readonly why?: WhyNot;
}

/** The explanation of one entity against one query. */
export interface Explanation {
  /** Path of the entity (its id when it is not alive). */
  readonly entity: string;
  /** The query expression. */
  readonly query: string;
  /** True exactly when the query's results include the entity. */
  readonly matches: boolean;
  /** Entity-level reasons for not matching (empty when the entity is a candidate). */
  readonly blockers: readonly Blocker[];
  /** Every top-level step in evaluation order. */
  readonly steps: readonly StepExplanation[];
  /** Variable values (paths) of the first match, or of the steps that held before the first failure. */
  readonly vars: Readonly<Record<string, string>>;
}

/**
 * Explains whether `e` is among the $this entities of `query` (with variables bound in advance);
 * its evaluations count against `budget` (QueryBudgetError past it).
 */
export function explainMatch(query: Query, e: Entity, vars: VarValues = {}, budget: QueryBudget = QueryBudget.unbounded()): Explanation {
  const world = query.world, plan = query.plan;
  const base = { entity: world.isAlive(e) ? world.pathOf(e) : String(e), query: plan.text };
  if (!world.isAlive(e)) {
    return { ...base, matches: false, blockers: [{ code: 'not-alive', message: `no alive entity has id ${e}` }], steps: [], vars: {} };
  }
  const blockers = entityBlockers(world, plan, e);
  const bound = plan.vars.map((name, i) => (i > 0 ? vars[name] ?? 0 : 0));
  const probe = new StepProbe(world, plan, e, bound, budget);
  const texts = stepTexts(plan);
  const full = probe.first(plan.steps);
  let steps: StepExplanation[];
  let shown: QueryResult | undefined = full;
  if (full) {
    steps = plan.steps.map((s, i) => held(world, s, texts[i]!, full, probe, false));
  } else {
    // The first step whose prefix has no solution is the one that failed; the earlier ones held
    // with the prefix's first solution; the later ones are checked on their own.
    let k = 0;
    let prefix: QueryResult | undefined;
    for (; k < plan.steps.length; k++) {
      const r = probe.first(plan.steps.slice(0, k + 1));
      if (!r) break;
      prefix = r;
    }
    shown = prefix;
    steps = plan.steps.map((s, i) => {
      if (i < k) return held(world, s, texts[i]!, prefix!, probe, false);
      if (i === k) return failed(s, texts[i]!, probe.why(s, prefix?.vars ?? bound), false);
      const alone = probe.first([s]);
      return alone ? held(world, s, texts[i]!, alone, probe, true) : failed(s, texts[i]!, probe.why(s, bound), true);
    });
  }
  const matches = full !== undefined && blockers.length === 0;
  return { ...base, matches, blockers, steps, vars: shown ? varPaths(world, plan, shown.vars) : {} };
}

function entityBlockers(world: World, plan: Plan, e: Entity): Blocker[] {
  const out: Blocker[] = [];
  const path = world.pathOf(e);
  if (plan.steps.length === 0) out.push({ code: 'empty', message: 'the query has no terms: an empty query matches nothing' });
  if (!plan.hasThis) out.push({ code: 'no-this', message: `the query never uses $this (every term has a fixed or variable source): its results are not entities, so no entity matches it` });
  const flags = world.locate(e).table.flags;
  if (flags.disabled && !plan.matchDisabled) out.push({ code: 'disabled', message: `${path} is disabled: queries skip disabled entities unless they name ecs.core.Disabled (e.g. add ?ecs.core.Disabled)` });
  if (flags.prefab && !plan.matchPrefab) out.push({ code: 'prefab', message: `${path} is a prefab: queries skip prefabs unless they name ecs.core.Prefab (e.g. add ?ecs.core.Prefab)` });
  return out;
}

function held(world: World, s: PlanStep, text: string, r: QueryResult, probe: StepProbe, alone: boolean): StepExplanation {
  const common = { kind: s.kind, text, oper: stepOper(s), pos: stepPos(s), holds: true, alone };
  if ((s.kind !== 'term' && s.kind !== 'or' && s.kind !== 'member') || s.field < 0 || !r.isSet[s.field]) return common;
  // An or-chain won by a comparison (`$this == Sun.Earth || …`) matched no id.
  const term = s.kind === 'term' ? s : s.kind === 'member' ? s.term
    : r.ids[s.field] === 0 ? undefined : s.terms.map((t) => (t.kind === 'member' ? t.term : t)).find((t) => t.kind === 'term');
  if (!term) return common;
  const source = r.sources[s.field]!;
  const own = probe.sourceOf(term, r.vars);
  const where = source === 0 ? probe.entity : source;
  return {
    ...common, id: world.idText(r.ids[s.field]!), source: world.pathOf(where),
    ...(where !== own ? { via: world.pathOf(term.trav) } : {}),
  };
}

function failed(s: PlanStep, text: string, why: WhyNot, alone: boolean): StepExplanation {
  return { kind: s.kind, text, oper: stepOper(s), pos: stepPos(s), holds: false, alone, why };
}

function stepOper(s: PlanStep): StepExplanation['oper'] {
  switch (s.kind) {
    case 'eq': case 'member': return 'and';
    case 'term': case 'or': case 'scope': return s.oper;
    default: return unreachable(s, 'plan step');
  }
}

function stepPos(s: PlanStep): number {
  switch (s.kind) {
    case 'term': case 'or': case 'member': return s.pos;
    case 'eq': case 'scope': return -1;
    default: return unreachable(s, 'plan step');
  }
}

function varPaths(world: World, plan: Plan, values: readonly Entity[]): Record<string, string> {
  const out: Record<string, string> = {};
  plan.vars.forEach((name, i) => { if (i > 0 && values[i]) out[name] = world.pathOf(values[i]!); });
  return out;
}

/** The text of each top-level step, printed from the syntax node it was planned from (`AND | T` gives one per id of T). */
function stepTexts(plan: Plan): string[] {
  return plan.steps.map((s) => printNode(s.node));
}
