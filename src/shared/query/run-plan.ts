// Which evaluator runs a plan: the table-level matcher for plans of terms alone (table-matcher.ts),
// the rules engine (evaluate.ts) for everything else. Both give the same results in the same order.
import type { Entity, World } from '../ecs';
import type { QueryBudget } from './budget';
import { Evaluation, type ResultFn } from './evaluate';
import type { Plan } from './plan';
import { TableMatcher } from './table-matcher';

/**
 * Evaluates `plan` with the variables in `bound` (by index) given, calling `onResult` per result
 * until it returns false; `emitEmpty` also reports matched tables without entities (for caches).
 */
export function runPlan(world: World, plan: Plan, budget: QueryBudget, onResult: ResultFn, bound: readonly Entity[] = [], emitEmpty = false): void {
  const matcher = TableMatcher.of(world, plan);
  if (matcher !== null) matcher.run(budget, onResult, bound, emitEmpty);
  else new Evaluation(world, plan, budget, bound, emitEmpty).run(onResult);
}
