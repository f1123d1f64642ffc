// A query whose matching tables are kept up to date as tables are created and deleted, so that
// systems iterate a list instead of evaluating the query every frame. Tables whose match depends
// on other entities (inheritance through IsA, traversal, terms on a variable such as
// `Planet($p)`) are re-evaluated when those entities change their type (world.structureVersion).
import type { Column, Entity, Table, TableListener } from '../ecs';
import { cacheablePlan, type Query, type QueryResult, type ResultFn } from '../query';
import type { TableKernel } from './table-kernel';

/** A cached result: count is refreshed before each visit; columns of self fields are resolved once. */
export interface CachedResult extends QueryResult {
  count: number;
  /** The table's entities (the table's own array, changed in place): its length is the count runSystem gives. */
  readonly entities: readonly Entity[];
  /** Column of each field when it comes from the table itself (null otherwise). */
  readonly columns: readonly (Column | null)[];
  /**
   * A system may run on it through a kernel: every set field comes from the table itself and the
   * match depends on nothing outside it. A volatile entry's results are made anew each time the
   * world's structure moves, and a kernel is a compilation, so they have none.
   */
  readonly kernelable: boolean;
  /** The system's kernel for this result (table-kernel.ts), made on its first visit; null until then. */
  kernel: TableKernel | null;
  /** The result's next kernel is made for its row count (true until the count changes under a kernel made for one; see ANY_ROWS). */
  exactKernel: boolean;
}

interface Entry {
  readonly table: Table;
  /** Results of the table at match time (count is refreshed on every visit). */
  results: CachedResult[];
  /** The match depends on other entities (inheritance, traversal): re-evaluated when they change. */
  readonly volatile: boolean;
  /** world.structureVersion when `results` were computed. */
  version: number;
}

/** What runSystem points at each result (the SystemIter; declared here so this file does not import it). */
export interface ResultVisitor {
  /** Results visited since the system's counters were reset (visitCached leaves counting to runSystem). */
  matchedTables: number;
  /** Entities visited since the system's counters were reset. */
  matchedEntities: number;
  /** Points the visitor at a result and calls `run` with it. */
  visit(r: QueryResult, count: number, run: (it: this) => void): void;
  /** Runs the system on a cached result (through its table kernel), without counting it. */
  visitCached(r: CachedResult, count: number, run: (it: this) => void): void;
}

/** Cached iteration of a query's $this tables; falls back to plain evaluation when not cacheable. */
export class CachedQuery implements TableListener {
  private readonly entries: Entry[] = [];
  private readonly byTable = new Map<Table, Entry>();
  /**
   * Every entry's results in entry order, what runSystem walks while no entry is volatile (then
   * no result changes after its table's match): one array instead of entries then their results.
   */
  private flat: CachedResult[] = [];
  /** Entries whose match depends on other entities: while there are any, runSystem walks the entries. */
  private volatileEntries = 0;
  private readonly unlisten: (() => void) | undefined;
  /** False when a table's matches may depend on more than types (see cacheablePlan): then each() evaluates. */
  readonly cacheable: boolean;
  /** Some term's source is a variable other than $this: every table's match depends on other entities. */
  private readonly followsVariables: boolean;

  constructor(readonly query: Query) {
    const p = query.plan;
    this.cacheable = cacheablePlan(p);
    this.followsVariables = p.steps.some((s) => s.kind === 'term' && !(s.src.kind === 'var' && s.src.v === 0));
    this.unlisten = this.cacheable ? query.world.addTableListener(this) : undefined;
  }

  /** Stops following table changes. */
  dispose(): void {
    this.unlisten?.();
  }

  onTableCreate(table: Table): void {
    const f = table.flags;
    if ((f.disabled && !this.query.plan.matchDisabled) || (f.prefab && !this.query.plan.matchPrefab)) return;
    const volatile = f.hasIsA || this.followsVariables || this.usesTraversal(table);
    const results = this.evaluate(table, volatile);
    if (!volatile && results.length === 0) return;
    const entry = { table, results, volatile, version: this.query.world.structureVersion };
    this.entries.push(entry);
    this.byTable.set(table, entry);
    if (volatile) this.volatileEntries++;
    for (const r of results) this.flat.push(r);
  }

  onTableDelete(table: Table): void {
    const entry = this.byTable.get(table);
    if (!entry) return;
    this.byTable.delete(table);
    this.entries.splice(this.entries.indexOf(entry), 1);
    if (entry.volatile) this.volatileEntries--;
    this.flat = this.entries.flatMap((e) => e.results);
  }

  private usesTraversal(table: Table): boolean {
    // A table whose entities have a parent can match `up(ChildOf)` terms through it.
    return table.flags.parentIndex !== 0 && this.query.plan.steps.some((s) => s.kind === 'term' && s.up && s.trav !== this.query.world.core.IsA);
  }

  private evaluate(table: Table, volatile: boolean): CachedResult[] {
    const out: CachedResult[] = [];
    // Evaluated with $this bound to the table, even while it is empty (new tables are).
    this.query.evaluateOn(table, (r) => {
      const columns = r.ids.map((id, i) => (r.isSet[i] && r.sources[i] === 0 ? table.column(id) ?? null : null));
      // One object shape for every cached result (a spread would copy into varying shapes).
      const kernelable = !volatile && r.sources.every((src, i) => src === 0 || !r.isSet[i]);
      out.push({ table: r.table, rows: r.rows, count: r.count, ids: r.ids, sources: r.sources, isSet: r.isSet, vars: r.vars, entities: table.entities, columns, kernelable, kernel: null, exactKernel: true });
    });
    return out;
  }

  /** Iterates results (tables with entities) in creation order. */
  each(onResult: ResultFn): void {
    if (!this.cacheable) { this.query.each(onResult); return; }
    for (const entry of this.entries) {
      const t = entry.table;
      if (t.count === 0) continue;
      const version = this.query.world.structureVersion;
      if (entry.volatile && entry.version !== version) { entry.results = this.evaluate(t, true); entry.version = version; }
      const results = entry.results;
      for (let i = 0; i < results.length; i++) {
        const r = results[i]!;
        r.count = t.count;
        if (onResult(r) === false) return;
      }
    }
  }

  /**
   * The systems' hot loop: points `it` at each result with entities and calls `run`, with no
   * closure per frame and no callback between the entries and the system (each() has both).
   * While no entry is volatile it walks `flat`, one array. It counts the results and entities it
   * visits in locals and adds them to `it` after the walk (a frame of many small tables paid two
   * read-add-writes of `it` per table), not in a finally: Node 24 compiled the system's inlined
   * loop 1.6x larger inside a try (frag_iter 32 k -> 51 k instructions per frame), so a system
   * that throws has its frame's counts left at 0. Kept small: V8 moves a function called once
   * a frame to its optimizing compiler after a number of calls that grows with its bytecode, and
   * move_100k's kernel reaches its constant arrays only once this function is optimized with it.
   */
  runSystem<V extends ResultVisitor>(it: V, run: (it: V) => void): void {
    if (!this.cacheable || this.volatileEntries !== 0) { this.runSystemSlowly(it, run); return; }
    const flat = this.flat;
    let tables = 0, entities = 0;
    for (let i = 0; i < flat.length; i++) {
      const r = flat[i]!, n = r.entities.length;
      if (n === 0) continue;
      r.count = n;
      tables++;
      entities += n;
      it.visitCached(r, n, run);
    }
    it.matchedTables += tables;
    it.matchedEntities += entities;
  }

  /** runSystem for a query that cannot be cached or has volatile entries (evaluated again once the world's structure moved). */
  private runSystemSlowly<V extends ResultVisitor>(it: V, run: (it: V) => void): void {
    if (!this.cacheable) { this.query.each((r) => { it.visit(r, r.count, run); }); return; }
    const entries = this.entries, world = this.query.world;
    let tables = 0, entities = 0;
    for (let k = 0; k < entries.length; k++) {
      const entry = entries[k]!, t = entry.table, n = t.entities.length;
      if (n === 0) continue;
      if (entry.volatile && entry.version !== world.structureVersion) { entry.results = this.evaluate(t, true); entry.version = world.structureVersion; }
      const results = entry.results;
      for (let i = 0; i < results.length; i++) {
        const r = results[i]!;
        r.count = n;
        tables++;
        entities += n;
        it.visitCached(r, n, run);
      }
    }
    it.matchedTables += tables;
    it.matchedEntities += entities;
  }

  /** Number of tables currently holding matched entities. */
  matchedTableCount(): number {
    let n = 0;
    for (const e of this.entries) if (e.table.count > 0) n++;
    return n;
  }
}
