// The $this entities one query matches, read at most once per frame and shared by every
// breakpoint with the same query text: 100 breakpoints on five queries evaluate five queries.
//
// A read that finds the same entities as the last one keeps the last snapshot object, so a
// breakpoint that saw it knows in one comparison that nothing changed; only a changed result
// builds sets and the entities that entered and left (once, for every breakpoint that saw the
// same snapshot before).
//
// Queries whose matches depend only on table types (cacheablePlan: plain terms, no member
// comparisons, equality or name tests) are not evaluated again while nothing structural moved:
// no table created or deleted, no entity used in a type changed its type (structureVersion), no
// name or parent changed, and every table the last evaluation matched (empty ones included) has
// the same rows (Table.version). Then a full evaluation would find the same entities, so the read
// costs one step per matched table instead of one per entity. Queries whose only other steps are
// top-level member comparisons (`Fuel.value < 10`, `Asteroid, Position.y > 5`) keep their tables
// the same way (memberSkeleton) and each read filters those tables' rows by value, straight from
// the column arrays: systems write values in place every frame, so values are read every time.
// Anything else is evaluated in full at every read.
import type { Column, Entity, Table, World } from '../ecs';
import { cacheablePlan, eachTableOf, memberColumns, memberRowsOf, memberSkeleton, type PlanMember, type Query, type QueryBudget } from '../query';

/** One read of a query's matched $this entities: the list in result order (an entity in several results repeats), and its set. */
export class MatchSnapshot {
  private unique: Set<Entity> | undefined;

  /** A snapshot of `entities` (not copied: never change the array afterwards). */
  constructor(readonly entities: readonly Entity[]) {}

  /** The entities as a set (in first-seen order), built when first asked. */
  get set(): ReadonlySet<Entity> {
    return (this.unique ??= new Set(this.entities));
  }
}

/** What changed between two snapshots: entities in the later and not the earlier, and the reverse, each in first-seen order. */
export interface MatchDiff {
  readonly entered: readonly Entity[];
  readonly left: readonly Entity[];
}

/** The tables a structure-only evaluation matched (once per result, in result order), and what they and the world looked like then. */
interface Kept {
  readonly tables: readonly Table[];
  /** Per table, the columns its comparisons read (memberColumns); empty without comparisons. */
  readonly columns: readonly (readonly (Column | undefined)[])[];
  readonly versions: readonly number[];
  readonly tablesMade: number;
  readonly structure: number;
  readonly names: number;
}

const NONE: readonly Entity[] = [];

/** The matched entities of one query, read at most once per frame token and shared by its breakpoints. */
export class MatchTracker {
  /** The state at the last read. */
  current = new MatchSnapshot(NONE);
  /** Steps the last full evaluation took: what a frame that must evaluate the query needs of the budget. */
  steps = 0;
  /** Breakpoints using this tracker (the owner drops it at zero). */
  users = 0;
  /** Full evaluations so far (reads that were not answered from the kept tables). */
  evaluations = 0;
  /** Comparisons filtered per read from the kept tables; undefined: kept tables are read whole (types only) or not kept (full). */
  private members: readonly PlanMember[] | undefined;
  /** The plan evaluated to keep tables; undefined: evaluated in full every read. */
  private keptPlan: Query['plan'] | undefined;
  private kept: Kept | undefined;
  private token: number | undefined;
  private diffFrom: MatchSnapshot | undefined;
  private diffTo: MatchSnapshot | undefined;
  private diffs: MatchDiff | undefined;

  /** Tracks `query` of `world`; `names` is world.hierarchy.version when it was compiled (its names resolved then). */
  constructor(private readonly world: World, readonly query: Query, readonly names: number) {
    if (cacheablePlan(query.plan)) this.keptPlan = query.plan;
    else {
      const skeleton = memberSkeleton(query.plan);
      this.keptPlan = skeleton?.plan;
      this.members = skeleton?.members;
    }
  }

  /**
   * The matched entities now. With a `token` (one per frame), a second read with the same token
   * returns the first's snapshot without looking again; without one it always looks. Work is
   * counted against `budget` (QueryBudgetError past it leaves the tracker as it was).
   */
  read(budget: QueryBudget, token?: number): MatchSnapshot {
    if (token !== undefined && token === this.token) return this.current;
    const start = budget.used;
    const kept = this.kept;
    if (this.keptPlan !== undefined && kept !== undefined && this.unchanged(kept)) {
      budget.spend(kept.tables.length + 1);
      // Same tables with the same rows: without comparisons, the same entities.
      if (this.members !== undefined) this.fromKept(kept, budget);
    } else {
      if (this.keptPlan !== undefined) {
        this.kept = this.keep(this.keptPlan, budget);
        // A result that picks rows depends on more than types: evaluated in full from now on.
        if (this.kept === undefined) { this.keptPlan = undefined; this.members = undefined; }
      }
      if (this.kept !== undefined) this.fromKept(this.kept, budget);
      else this.evaluate(budget);
      // What a read costs when it walks the plan: what a frame may need of the budget.
      this.steps = budget.used - start;
    }
    this.token = token;
    return this.current;
  }

  /** True when a read with `token` was made (another read with it costs nothing). */
  hasRead(token: number): boolean {
    return token === this.token;
  }

  /** What changed from `from` (an earlier snapshot of this tracker) to the current one; computed once per pair. */
  diff(from: MatchSnapshot): MatchDiff {
    const to = this.current;
    if (this.diffs !== undefined && this.diffFrom === from && this.diffTo === to) return this.diffs;
    const before = from.set, now = to.set;
    const entered: Entity[] = [], left: Entity[] = [];
    for (const e of now) if (!before.has(e)) entered.push(e);
    for (const e of before) if (!now.has(e)) left.push(e);
    this.diffFrom = from;
    this.diffTo = to;
    return (this.diffs = { entered, left });
  }

  private unchanged(k: Kept): boolean {
    const w = this.world, c = w.counters;
    if (c.tablesCreated + c.tablesDeleted !== k.tablesMade || w.structureVersion !== k.structure || w.hierarchy.version !== k.names) return false;
    const tables = k.tables, versions = k.versions;
    for (let i = 0; i < tables.length; i++) if (tables[i]!.version !== versions[i]) return false;
    return true;
  }

  /** Evaluates `plan` over every table (empty ones included) and keeps them; undefined when a result picks rows (then it depends on more than types). */
  private keep(plan: Query['plan'], budget: QueryBudget): Kept | undefined {
    const w = this.world, c = w.counters;
    // Read before evaluating: nothing changes them during the evaluation.
    const tablesMade = c.tablesCreated + c.tablesDeleted, structure = w.structureVersion, names = w.hierarchy.version;
    const tables: Table[] = [], versions: number[] = [], columns: (Column | undefined)[][] = [];
    const members = this.members;
    let perRow = false;
    eachTableOf(w, plan, (r) => {
      if (r.rows !== null) perRow = true;
      if (r.table === null) return;
      tables.push(r.table);
      versions.push(r.table.version);
      if (members !== undefined) columns.push(memberColumns(r.table, members));
    }, budget);
    this.evaluations++;
    return perRow ? undefined : { tables, versions, columns, tablesMade, structure, names };
  }

  /** The entities of the kept tables, filtered by the comparisons if any. */
  private fromKept(k: Kept, budget: QueryBudget): void {
    const entities: Entity[] = [], members = this.members, tables = k.tables, columns = k.columns;
    for (let t = 0; t < tables.length; t++) {
      const table = tables[t]!;
      if (table.count === 0) continue;
      const all = table.entities;
      const rows = members === undefined ? null : memberRowsOf(this.world, table, members, columns[t]!, budget);
      if (rows === null) for (let i = 0; i < all.length; i++) entities.push(all[i]!);
      else for (let i = 0; i < rows.length; i++) entities.push(all[rows[i]!]!);
    }
    this.update(entities);
  }

  /** A full evaluation, for plans whose results depend on more than types and values of $this. */
  private evaluate(budget: QueryBudget): void {
    const entities: Entity[] = [];
    this.query.each((r) => {
      const table = r.table, rows = r.rows;
      if (table === null) return;
      const all = table.entities;
      if (rows !== null) for (let i = 0; i < rows.length; i++) entities.push(all[rows[i]!]!);
      else for (let i = 0; i < all.length; i++) entities.push(all[i]!);
    }, {}, budget);
    this.evaluations++;
    this.update(entities);
  }

  private update(entities: Entity[]): void {
    if (!sameList(entities, this.current.entities)) this.current = new MatchSnapshot(entities);
  }
}

function sameList(a: readonly Entity[], b: readonly Entity[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
