// A plan with its top-level member comparisons taken out: the terms that decide which tables match
// (each comparison leaves its component's term behind) and the comparisons as row filters. When
// the terms depend only on types (cacheablePlan), a caller can keep the matched tables between
// structural changes and, each time it needs the result, only filter their rows by value, reading
// the column arrays directly: what a full evaluation would find, without walking the plan again.
// Breakpoints on `Fuel.value < 10` do this after every frame.
import type { Column, Table, World } from '../ecs';
import type { QueryBudget } from './budget';
import { cacheablePlan } from './cacheable';
import { Evaluation, type ResultFn } from './evaluate';
import { keepRows, memberHolds, memberValue } from './member-compare';
import type { Plan, PlanMember } from './plan';

/** The structure of a plan with member comparisons, and the comparisons. */
export interface MemberSkeleton {
  /** The plan with each top-level member comparison replaced by its component's term. */
  readonly plan: Plan;
  /** The comparisons taken out, in plan order. */
  readonly members: readonly PlanMember[];
}

/**
 * The skeleton of `plan` when it has top-level member comparisons and what is left depends only on
 * types (cacheablePlan); undefined otherwise (no comparisons, or comparisons nested in or-chains
 * and scopes, or other steps that need a full evaluation).
 */
export function memberSkeleton(plan: Plan): MemberSkeleton | undefined {
  const members: PlanMember[] = [];
  const steps = plan.steps.map((s) => {
    if (s.kind !== 'member') return s;
    members.push(s);
    return s.term;
  });
  if (members.length === 0) return undefined;
  const skeleton: Plan = { ...plan, steps };
  return cacheablePlan(skeleton) ? { plan: skeleton, members } : undefined;
}

/** Evaluates `plan` over every matching table, empty ones included; work counted against `budget`. */
export function eachTableOf(world: World, plan: Plan, onResult: ResultFn, budget: QueryBudget): void {
  new Evaluation(world, plan, budget, [], true).run(onResult);
}

const NONE: readonly number[] = Object.freeze([]);

/** The columns of `table` the comparisons read (undefined: inherited, read from a base), one per comparison; stable while the table lives. */
export function memberColumns(table: Table, members: readonly PlanMember[]): (Column | undefined)[] {
  return members.map((m) => table.column(m.component));
}

/**
 * The rows of `table` whose values pass every comparison, as a full evaluation keeps them (an
 * inherited component is read from the first row's base: the rows of a table share their bases);
 * null when all rows pass. `columns` are the table's memberColumns. One step per row per
 * comparison against `budget`.
 */
export function memberRowsOf(world: World, table: Table, members: readonly PlanMember[], columns: readonly (Column | undefined)[], budget: QueryBudget): readonly number[] | null {
  let rows: readonly number[] | null = null;
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    const n = rows === null ? table.count : rows.length;
    if (n === 0) return rows;
    const column = columns[i];
    if (column === undefined) {
      budget.spend(1);
      const v = memberValue(world, table.entities[rows === null ? 0 : rows[0]!]!, m.component, m.leaf);
      if (v === undefined || !memberHolds(m.op, v, m.value)) return NONE;
      continue;
    }
    budget.spend(n);
    const keep = keepRows(m.op, column.arrays[m.leaf] as ArrayLike<number>, rows, n, m.value);
    rows = keep.length === table.count ? null : keep;
  }
  return rows;
}
