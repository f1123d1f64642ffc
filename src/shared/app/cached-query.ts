// A query whose matching tables are kept up to date as tables are created and deleted, so that
// systems iterate a list instead of evaluating the query every frame. Tables whose match depends
// on other entities (inheritance through IsA, traversal) are re-evaluated on every iteration.
import type { Table, TableListener } from '../ecs';
import type { Query, QueryResult, ResultFn } from '../query';

interface Entry {
  readonly table: Table;
  /** Results of the table at match time (count is read live). */
  results: QueryResult[];
  /** Re-evaluate on every iteration (the match depends on other entities). */
  readonly volatile: boolean;
}

/** Cached iteration of a query's $this tables; falls back to plain evaluation when not cacheable. */
export class CachedQuery implements TableListener {
  private readonly entries: Entry[] = [];
  private readonly byTable = new Map<Table, Entry>();
  private readonly unlisten: (() => void) | undefined;
  /** False when the query has variables, equality terms or fixed sources: then each() evaluates. */
  readonly cacheable: boolean;

  constructor(readonly query: Query) {
    const p = query.plan;
    this.cacheable = p.hasThis && p.vars.length === 1 && p.steps.every((s) => s.kind === 'term' && s.src.kind === 'var' && s.src.v === 0);
    this.unlisten = this.cacheable ? query.world.addTableListener(this) : undefined;
  }

  /** Stops following table changes. */
  dispose(): void {
    this.unlisten?.();
  }

  onTableCreate(table: Table): void {
    const f = table.flags;
    if ((f.disabled && !this.query.plan.matchDisabled) || (f.prefab && !this.query.plan.matchPrefab)) return;
    const volatile = f.hasIsA || this.usesTraversal(table);
    const results = volatile ? [] : this.evaluate(table);
    if (!volatile && results.length === 0) return;
    const entry = { table, results, volatile };
    this.entries.push(entry);
    this.byTable.set(table, entry);
  }

  onTableDelete(table: Table): void {
    const entry = this.byTable.get(table);
    if (!entry) return;
    this.byTable.delete(table);
    this.entries.splice(this.entries.indexOf(entry), 1);
  }

  private usesTraversal(table: Table): boolean {
    // A table whose entities have a parent can match `up(ChildOf)` terms through it.
    return table.flags.parentIndex !== 0 && this.query.plan.steps.some((s) => s.kind === 'term' && s.up && s.trav !== this.query.world.core.IsA);
  }

  private evaluate(table: Table): QueryResult[] {
    const out: QueryResult[] = [];
    // Evaluated with $this bound to the table, even while it is empty (new tables are).
    this.query.evaluateOn(table, (r) => { out.push(r); });
    return out;
  }

  /** Iterates results (tables with entities) in creation order. */
  each(onResult: ResultFn): void {
    if (!this.cacheable) { this.query.each(onResult); return; }
    for (const entry of this.entries) {
      const t = entry.table;
      if (t.count === 0) continue;
      const results = entry.volatile ? (entry.results = this.evaluate(t)) : entry.results;
      for (const r of results) if (onResult({ ...r, count: t.count }) === false) return;
    }
  }

  /** Number of tables currently holding matched entities. */
  matchedTableCount(): number {
    let n = 0;
    for (const e of this.entries) if (e.table.count > 0) n++;
    return n;
  }
}
