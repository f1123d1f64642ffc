// Compiled queries by their text, for ad-hoc queries (GET /query?q=…): a text seen before is
// neither parsed nor planned again, and its matched tables and variable bindings are kept, so it
// costs what a cached query of a system costs. Bounded, least recently used first out.
//
// A plan stays valid while every entity it names is alive and keeps its type (its table: traits
// such as Traversable live in the type) and no name or parent changed anywhere (a path may then
// resolve to another entity). Results are kept for plans whose matches depend only on types
// (cacheablePlan), evaluated with empty tables included, in the evaluation's own order, and
// refreshed when a table is created or deleted or an entity used in some type changes its type
// (world.structureVersion). So replies equal those of evaluating afresh, order and paging included.
import type { Entity, Table, World } from '../ecs';
import type { QueryBudget } from './budget';
import { cacheablePlan } from './cacheable';
import { keptResult, type QueryResult, type ResultFn } from './evaluate';
import { parseQuery, type QueryNode } from './parser';
import type { NameResolver, PlanStep, Slot } from './plan';
import { Query, type VarValues } from './query';
import { runPlan } from './run-plan';
import { unreachable } from '../unreachable';

/** Bounds of a query cache. */
export interface QueryCacheLimits {
  /** Compiled queries kept at most (default 64). */
  readonly maxEntries: number;
  /** Longest expression kept (default 4096 characters): longer ones are compiled each time. */
  readonly maxTextChars: number;
}

const DEFAULT_LIMITS: QueryCacheLimits = { maxEntries: 64, maxTextChars: 4096 };

/** A compiled query with a way to iterate its results that reuses what was matched before. */
export interface CompiledQuery {
  readonly query: Query;
  /**
   * Iterates the results (as query.each does, in the same order); kept results when no vars are
   * bound. An evaluation it makes counts against `budget` (QueryBudgetError past it).
   */
  each(onResult: ResultFn, vars: VarValues | undefined, budget: QueryBudget): void;
}

/** Results of one plan kept between calls, refreshed on structural changes. */
class KeptResults implements CompiledQuery {
  private results: QueryResult[] = [];
  private tablesVersion = -1;
  private structureVersion = -1;
  private perEntity = false;

  constructor(readonly query: Query) {}

  each(onResult: ResultFn, vars: VarValues | undefined, budget: QueryBudget): void {
    if (vars !== undefined && Object.keys(vars).length > 0) { this.query.each(onResult, vars, budget); return; }
    const w = this.query.world;
    const tv = w.counters.tablesCreated + w.counters.tablesDeleted;
    if (this.perEntity) { this.query.each(onResult, {}, budget); return; }
    if (tv !== this.tablesVersion || w.structureVersion !== this.structureVersion) {
      const results: QueryResult[] = [];
      runPlan(w, this.query.plan, budget, (r) => { results.push(keptResult(r)); }, [], true);
      // Results that pick rows of a table depend on more than types: evaluate every time.
      if (results.some((r) => r.rows !== null)) { this.perEntity = true; this.query.each(onResult, {}, budget); return; }
      this.results = results;
      this.tablesVersion = tv;
      this.structureVersion = w.structureVersion;
    }
    const results = this.results;
    for (let i = 0; i < results.length; i++) {
      const r = results[i]! as { count: number; table: Table };
      const count = r.table.count;
      if (count === 0) continue;
      r.count = count;
      if (onResult(r as QueryResult) === false) return;
    }
  }
}

/** A compiled query whose results are evaluated every time (plans that depend on more than types). */
class Evaluated implements CompiledQuery {
  constructor(readonly query: Query) {}

  each(onResult: ResultFn, vars: VarValues | undefined, budget: QueryBudget): void {
    this.query.each(onResult, vars, budget);
  }
}

interface Entry {
  readonly compiled: CompiledQuery;
  /** Entities the plan names, and the table each was in when planned. */
  readonly deps: readonly Entity[];
  readonly depTables: readonly Table[];
  /** world.hierarchy.version when planned. */
  readonly namesVersion: number;
}

/** Compiled queries by text (and variant), least recently used evicted first. */
export class QueryCache {
  private readonly entries = new Map<string, Entry>();

  /** `resolve` reads the names written in the expressions (default: the world's own, World.lookupSymbol). */
  constructor(private readonly world: World, private readonly limits: QueryCacheLimits = DEFAULT_LIMITS, private readonly resolve?: NameResolver) {}

  /**
   * The compiled query of `expr`; throws QueryParseError as compileQuery does. `variant` names
   * anything besides the text that changes how a query is compiled or evaluated (a compatibility
   * mode, say): texts under different variants are kept apart.
   */
  get(expr: string, variant = ''): CompiledQuery {
    const key = variant === '' ? expr : `${variant}\u0000${expr}`;
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      if (this.valid(hit)) {
        // Most recently used last (a Map iterates in insertion order).
        this.entries.delete(key);
        this.entries.set(key, hit);
        return hit.compiled;
      }
      this.entries.delete(key);
    }
    const query = new Query(this.world, expr, this.resolve);
    const compiled = cacheablePlan(query.plan) ? new KeptResults(query) : new Evaluated(query);
    // `AND | X` expands X's type at planning time, a dependency the plan does not show: not kept.
    if (expr.length > this.limits.maxTextChars || usesTypeOf(parseQuery(expr).nodes)) return compiled;
    const deps = [...new Set(planEntities(query.plan.steps))];
    const entry: Entry = { compiled, deps, depTables: deps.map((e) => this.world.tableOf(e)), namesVersion: this.world.hierarchy.version };
    if (this.entries.size >= this.limits.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    return compiled;
  }

  /** Number of compiled queries kept. */
  get size(): number {
    return this.entries.size;
  }

  private valid(entry: Entry): boolean {
    const w = this.world;
    if (entry.namesVersion !== w.hierarchy.version) return false;
    const deps = entry.deps;
    for (let i = 0; i < deps.length; i++) {
      const e = deps[i]!;
      if (!w.isAlive(e) || w.tableOf(e) !== entry.depTables[i]) return false;
    }
    return true;
  }
}

/** Every entity a plan names (ids, pair parts, sources, traversed relationships, compared entities). */
function* planEntities(steps: readonly PlanStep[]): Generator<Entity> {
  const slot = function* (s: Slot | null): Generator<Entity> { if (s?.kind === 'const' && s.e > 0) yield s.e; };
  for (const s of steps) {
    switch (s.kind) {
      case 'term': yield* slot(s.first); yield* slot(s.second); yield* slot(s.src); if (s.trav > 0) yield s.trav; break;
      case 'or': yield* planEntities(s.terms); break;
      case 'scope': yield* planEntities(s.body); break;
      case 'eq': if (s.right.kind !== 'string') yield* slot(s.right); break;
      case 'member': yield* planEntities([s.term]); break;
      default: unreachable(s, 'plan step');
    }
  }
}

/** True when the query uses a type operator (`AND | X`, `OR | X`, `NOT | X`), at any depth. */
function usesTypeOf(nodes: readonly QueryNode[]): boolean {
  return nodes.some((n) => n.type === 'from' || (n.type === 'scope' && usesTypeOf(n.body)));
}
