// A compiled query: parse once, plan once, evaluate many times.
import type { Entity, Table, World } from '../ecs';
import { QueryBudget } from './budget';
import { Evaluation, keptResult, type QueryResult, type ResultFn } from './evaluate';
import { runPlan } from './run-plan';
import { parseQuery } from './parser';
import { planQuery, type FieldInfo, type NameResolver, type Plan } from './plan';

/** Variable values given in advance, by name (without `$`). */
export type VarValues = Readonly<Record<string, Entity>>;

/** No variables given (each's default: nothing to look up). */
const NO_VARS: VarValues = Object.freeze({});
const NO_BOUND: readonly Entity[] = Object.freeze([]);

/** A compiled query expression. Compile with `compileQuery`. */
export class Query {
  /** The expression as written. */
  readonly expr: string;
  readonly plan: Plan;

  /** `resolve` reads the names written in `expr` (default: the world's own, World.lookupSymbol). */
  constructor(readonly world: World, expr: string, resolve?: NameResolver) {
    this.expr = expr;
    this.plan = planQuery(world, parseQuery(expr), resolve);
  }

  /** Result fields (one per top-level term or or-chain). */
  get fields(): readonly FieldInfo[] {
    return this.plan.fields;
  }

  /** Names of the query's variables other than $this, in order of first use. */
  get variableNames(): readonly string[] {
    return this.plan.vars.slice(1);
  }

  /** True when results have $this entities. */
  get hasThis(): boolean {
    return this.plan.hasThis;
  }

  /** Index of a variable by name (without `$`), or -1. */
  varIndex(name: string): number {
    return this.plan.vars.indexOf(name);
  }

  /**
   * Evaluates the query; `onResult` is called per result until it returns false (each result is
   * valid only during its call: see ResultFn). Its work is
   * counted against `budget` (QueryBudgetError past it); without one it is unbounded, which is
   * for the app's own queries only: whatever a request asks for passes the request's budget.
   */
  each(onResult: ResultFn, vars: VarValues = NO_VARS, budget: QueryBudget = QueryBudget.unbounded()): void {
    runPlan(this.world, this.plan, budget, onResult, this.bind(vars));
  }

  /** All results, each a copy that stays as it is (convenience; prefer `each` for large worlds). */
  results(vars: VarValues = {}, budget?: QueryBudget): QueryResult[] {
    const out: QueryResult[] = [];
    this.each((r) => { out.push(keptResult(r)); }, vars, budget);
    return out;
  }

  /** Matched $this entities, in result order. */
  entities(vars: VarValues = {}, budget?: QueryBudget): Entity[] {
    const out: Entity[] = [];
    this.each((r) => {
      if (!r.table) return;
      if (r.rows) for (const row of r.rows) out.push(r.table.entities[row]!);
      else out.push(...r.table.entities);
    }, vars, budget);
    return out;
  }

  /** Number of matched $this entities (or results, for queries without $this). */
  count(vars: VarValues = {}, budget?: QueryBudget): number {
    let n = 0;
    this.each((r) => { n += r.table ? r.count : 1; }, vars, budget);
    return n;
  }

  /** Evaluates with $this bound to one table (also when it is empty; caches use this). */
  evaluateOn(table: Table, onResult: ResultFn, budget: QueryBudget = QueryBudget.unbounded()): void {
    new Evaluation(this.world, this.plan, budget, [], true).run(onResult, table, null);
  }

  /** True when the entity is among the $this entities of some result (work counted against `budget`). */
  matches(e: Entity, budget: QueryBudget = QueryBudget.unbounded()): boolean {
    return this.firstResultOf(e, budget) !== undefined;
  }

  /** The first result whose $this entities include `e` (its fields as matched for it), or undefined (work counted against `budget`). */
  firstResultOf(e: Entity, budget: QueryBudget = QueryBudget.unbounded()): QueryResult | undefined {
    if (!this.plan.hasThis || !this.world.isAlive(e)) return undefined;
    const loc = this.world.locate(e);
    if ((loc.table.flags.disabled && !this.plan.matchDisabled) || (loc.table.flags.prefab && !this.plan.matchPrefab)) return undefined;
    let found: QueryResult | undefined;
    new Evaluation(this.world, this.plan, budget).run((r) => { found = r; return false; }, loc.table, [loc.row]);
    return found;
  }

  private bind(vars: VarValues): readonly Entity[] {
    if (vars === NO_VARS) return NO_BOUND;
    const bound: Entity[] = [];
    for (const [name, value] of Object.entries(vars)) {
      const i = this.plan.vars.indexOf(name);
      if (i > 0) bound[i] = value;
    }
    return bound;
  }
}

/** Parses and plans an expression, reading its names with `resolve` (default: the world's own). Throws QueryParseError (with position) on bad input. */
export function compileQuery(world: World, expr: string, resolve?: NameResolver): Query {
  return new Query(world, expr, resolve);
}
