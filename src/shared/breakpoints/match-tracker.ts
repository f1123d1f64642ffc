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
//
// Attached to the breakpoints' ThresholdIndexes (attach), such a tracker does not filter its rows
// at every read: each of its comparisons has a ThresholdIndex that looks at the member's column
// once per frame for every breakpoint comparing it, and while the tracker's tables are the same
// and no crossing of the last pass changes one of its comparisons, its result is the same. A
// tracker that did not read at the pass before (just attached, or read outside a frame) filters
// its rows once, as without an index.
//
// When a tracker read and when, per comparison, its index had passed then, is its ReadStamp. A
// TrackerFamily (trackers of one shape) can hand the trackers that read in the same frame one
// stamp it moves on by itself in a frame where nothing they depend on moved: then none of them is
// looked at. A tracker that reads on its own takes its own stamp back.
import type { Column, Entity, Table, World } from '../ecs';
import { cacheablePlan, eachTableOf, memberColumns, memberRowsOf, memberSkeleton, memberValue, type PlanMember, type Query, type QueryBudget } from '../query';

import { holdsAt, type ThresholdIndex, type ThresholdIndexes } from './threshold-index';

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
  /** Per table, its version when its matched entities were last worked out. */
  readonly versions: number[];
  /** Per table, its matched entities as last worked out (null: to be worked out again). */
  readonly matched: (readonly Entity[] | null)[];
  readonly tablesMade: number;
  readonly structure: number;
  readonly names: number;
  /** The world's counters.rowChanges: while it stands, no table's rows changed (no need to look at each version). */
  rowChanges: number;
  /** The tables, for looking up a crossing's table. */
  readonly set: ReadonlySet<Table>;
  /** Per comparison, the tables that own its column: the ones its threshold index watches. */
  readonly owning: readonly (readonly Table[])[];
  /** Tables (index into tables) and comparisons whose value is inherited (read from a base), in pairs. */
  readonly inherited: readonly number[];
  /** The inherited values as of the last read, one per pair (undefined: the table had no rows). */
  readonly inheritedValues: (number | undefined)[];
  /** Per comparison, World.writtenAt of its component when the inherited values were read (none yet: empty). */
  readonly inheritedAt: number[];
  /** True when a table with an inherited value has rows (else there is nothing inherited to compare); kept with the versions. */
  inheritedLive: boolean;
}

/** The threshold indexes of a tracker's comparisons, one per comparison in plan order. */
interface Attached {
  readonly indexes: ThresholdIndexes;
  readonly each: readonly ThresholdIndex[];
  /** The kept tables the indexes track for this tracker (undefined: none). */
  tracked: Kept | undefined;
}

/** What a tracker's result is as of: the frame token it was read with, and per comparison (plan order) its index's pass then (-1: none). */
export interface ReadStamp {
  token: number | undefined;
  readonly at: number[];
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
  /** The tracker's own stamp, written by its reads. */
  private readonly own: ReadStamp;
  /** The stamp its result is as of: its own, or the one of the family it joined. */
  private stamp: ReadStamp;
  private diffFrom: MatchSnapshot | undefined;
  private diffTo: MatchSnapshot | undefined;
  private diffs: MatchDiff | undefined;

  private attached: Attached | undefined;

  /**
   * Tracks `query` of `world`; `names` is world.hierarchy.version when it was compiled (its names
   * resolved then); `key` is what breakpoints share it by (the query's canonical text), `shape`
   * the family it goes in (shapeKey).
   */
  constructor(private readonly world: World, readonly query: Query, readonly names: number, readonly key: string = query.expr, readonly shape: string = key) {
    if (cacheablePlan(query.plan)) this.keptPlan = query.plan;
    else {
      const skeleton = memberSkeleton(query.plan);
      this.keptPlan = skeleton?.plan;
      this.members = skeleton?.members;
    }
    this.own = { token: undefined, at: (this.members ?? []).map(() => -1) };
    this.stamp = this.own;
  }

  /**
   * The matched entities now. With a `token` (one per frame), a second read with the same token
   * returns the first's snapshot without looking again; without one it always looks. Work is
   * counted against `budget` (QueryBudgetError past it leaves the tracker as it was).
   */
  read(budget: QueryBudget, token?: number): MatchSnapshot {
    if (token !== undefined && token === this.stamp.token) return this.current;
    const start = budget.used;
    const kept = this.kept, attached = this.attached;
    if (attached !== undefined && token !== undefined) for (const ix of attached.each) ix.pass(token);
    if (this.keptPlan !== undefined && kept !== undefined && this.sameTables(kept)) {
      budget.spend(kept.tables.length + 1);
      // Same tables: only those whose rows moved, whose inherited value changed, or where a value
      // crossed one of the comparisons' thresholds are worked out again (all of them when the
      // indexes cannot tell); the others keep their entities.
      let dirty = this.rowsMoved(kept);
      if (this.members !== undefined) {
        if (this.inheritedMoved(kept, budget)) dirty = true;
        const crossed = this.markCrossed(kept, token);
        if (crossed === undefined) { kept.matched.fill(null); dirty = true; } else if (crossed) dirty = true;
      }
      if (dirty) this.fromKept(kept, budget);
    } else {
      if (this.keptPlan !== undefined) {
        this.kept = this.keep(this.keptPlan, budget);
        // A result that picks rows depends on more than types: evaluated in full from now on.
        if (this.kept === undefined) { this.keptPlan = undefined; this.members = undefined; }
      }
      if (this.kept !== undefined) { this.inheritedMoved(this.kept, budget); this.fromKept(this.kept, budget); this.trackTables(this.kept); }
      else { this.evaluate(budget); this.trackTables(undefined); }
      // What a read costs when it walks the plan: what a frame may need of the budget.
      this.steps = budget.used - start;
    }
    // Its own stamp again (it read on its own): as of the indexes' pass when read within a frame, otherwise as of no pass.
    const own = this.own;
    own.token = token;
    if (attached !== undefined) for (let i = 0; i < attached.each.length; i++) own.at[i] = token === undefined ? -1 : attached.each[i]!.passes;
    this.stamp = own;
    return this.current;
  }

  /**
   * Answers the read of `token` from what is kept when nothing its result depends on moved (its
   * tables and their rows, its inherited values, a crossing of one of its comparisons): returns
   * the steps that costs (as read() counts them), or -1 when read() must look, also when that
   * would cost more than `max`. Needs no budget object: breakpoints ask this first every frame.
   */
  readQuiet(token: number, max: number): number {
    if (token === this.stamp.token) return 0;
    const kept = this.kept, attached = this.attached;
    if (this.keptPlan === undefined || kept === undefined || kept.tables.length + 1 > max) return -1;
    if (attached !== undefined) for (const ix of attached.each) ix.pass(token);
    if (!this.unchanged(kept)) return -1;
    if (this.members !== undefined && (this.inheritedWritten(kept) || !this.holds(kept, token))) return -1;
    const own = this.own;
    own.token = token;
    if (attached !== undefined) for (let i = 0; i < attached.each.length; i++) own.at[i] = attached.each[i]!.passes;
    this.stamp = own;
    return kept.tables.length + 1;
  }

  /**
   * Lets the comparisons be watched by `indexes` (one ThresholdIndex per compared member, shared
   * with the other trackers attached to them); a no-op for queries without kept comparisons.
   */
  attach(indexes: ThresholdIndexes): void {
    const members = this.members;
    if (members === undefined || this.attached !== undefined) return;
    const each = members.map((m) => indexes.acquire(m.component, m.leaf));
    members.forEach((m, i) => each[i]!.addThreshold(m.value));
    this.attached = { indexes, each, tracked: undefined };
    if (this.kept !== undefined) this.trackTables(this.kept);
  }

  /** Stops using the indexes (the last tracker of a member drops its index). */
  detach(): void {
    const a = this.attached;
    if (a === undefined) return;
    this.trackTables(undefined);
    a.each.forEach((ix, i) => { ix.removeThreshold(this.members![i]!.value); a.indexes.release(ix); });
    this.attached = undefined;
  }

  /** True when attached and no value crossed a threshold in a way that changes a comparison since the last read. */
  private holds(kept: Kept, token: number | undefined): boolean {
    if (!this.synced(kept, token)) return false;
    const a = this.attached!, members = this.members!;
    for (let i = 0; i < a.each.length; i++) {
      const ix = a.each[i]!;
      if (ix.crossed === 0) continue;
      const m = members[i]!, at = ix.rankOfThreshold(m.value), nan = ix.nanRank;
      for (let c = 0; c < ix.crossed; c++) {
        if (kept.set.has(ix.crossTables[c]!) && holdsAt(m.op, at, ix.crossFrom[c]!, nan) !== holdsAt(m.op, at, ix.crossTo[c]!, nan)) return false;
      }
    }
    return true;
  }

  /** True when attached, `kept` is what the indexes track, and the last read was at their previous pass (no reset since). */
  private synced(kept: Kept, token: number | undefined): boolean {
    const a = this.attached;
    if (a === undefined || token === undefined || a.tracked !== kept) return false;
    for (let i = 0; i < a.each.length; i++) {
      const ix = a.each[i]!;
      if (this.stamp.at[i] !== ix.passes - 1 || ix.resetAt === ix.passes) return false;
    }
    return true;
  }

  /**
   * Marks the kept tables where a value crossed a threshold in a way that changes a comparison
   * to be worked out again; true when it marked any, false when none, undefined when the indexes
   * cannot tell (then every table must be).
   */
  private markCrossed(kept: Kept, token: number | undefined): boolean | undefined {
    if (!this.synced(kept, token)) return undefined;
    const a = this.attached!, members = this.members!;
    let marked = false;
    for (let i = 0; i < a.each.length; i++) {
      const ix = a.each[i]!;
      if (ix.crossed === 0) continue;
      const m = members[i]!, at = ix.rankOfThreshold(m.value), nan = ix.nanRank;
      for (let c = 0; c < ix.crossed; c++) {
        const table = ix.crossTables[c]!;
        if (!kept.set.has(table) || holdsAt(m.op, at, ix.crossFrom[c]!, nan) === holdsAt(m.op, at, ix.crossTo[c]!, nan)) continue;
        // A table may be kept more than once (once per result): each is worked out again.
        for (let t = 0; t < kept.tables.length; t++) if (kept.tables[t] === table) kept.matched[t] = null;
        marked = true;
      }
    }
    return marked;
  }

  /** True when a compared component of `kept`'s inherited values may have been written since they were read. */
  private inheritedWritten(kept: Kept): boolean {
    // Tables with no rows have nothing to compare (rows coming change their version).
    if (!kept.inheritedLive) return false;
    const members = this.members!, at = kept.inheritedAt;
    for (let i = 0; i < members.length; i++) if (this.world.writtenAt(members[i]!.component) !== at[i]) return true;
    return false;
  }

  /**
   * Reads the inherited values of `kept` (one per table and comparison, from the base) and keeps
   * them; true when one differs from the last read's. One step each against `budget`.
   */
  private inheritedMoved(kept: Kept, budget: QueryBudget): boolean {
    const pairs = kept.inherited, values = kept.inheritedValues, at = kept.inheritedAt, members = this.members!;
    if (pairs.length === 0) return false;
    // No compared component written since, and (kept unchanged) no base moved: the same values.
    let written = false;
    for (let i = 0; i < members.length; i++) {
      const stamp = this.world.writtenAt(members[i]!.component);
      if (stamp !== at[i]) { at[i] = stamp; written = true; }
    }
    if (!written) return false;
    let moved = false;
    for (let j = 0; j < pairs.length; j += 2) {
      const table = kept.tables[pairs[j]!]!, m = members[pairs[j + 1]!]!;
      budget.spend(1);
      const v = table.count === 0 ? undefined : memberValue(this.world, table.entities[0]!, m.component, m.leaf);
      if (!Object.is(v, values[j >> 1])) { values[j >> 1] = v; kept.matched[pairs[j]!] = null; moved = true; }
    }
    return moved;
  }

  /** Makes the indexes track the owning tables of `kept` instead of the ones before. */
  private trackTables(kept: Kept | undefined): void {
    const a = this.attached;
    if (a === undefined || a.tracked === kept) return;
    a.each.forEach((ix, i) => {
      if (kept !== undefined) for (const t of kept.owning[i]!) ix.track(t);
      if (a.tracked !== undefined) for (const t of a.tracked.owning[i]!) ix.untrack(t);
    });
    a.tracked = kept;
    // Tables newly tracked have ranks as of now, not of a pass: the next read filters in full.
    this.own.at.fill(-1);
    this.stamp = this.own;
  }

  /** True when a read with `token` was made, or its family vouched for it (another read with it costs nothing). */
  hasRead(token: number): boolean {
    return token === this.stamp.token;
  }

  /**
   * What a family needs to vouch for this tracker from the next frame on, when it read with `token`
   * and keeps its tables: the threshold indexes of its comparisons in plan order (none for a
   * types-only query) and whether a kept table whose compared value is inherited has rows (then a
   * write of the component can change its result). Undefined when it cannot be vouched for (it did
   * not read with `token`, or it is evaluated in full).
   */
  familyView(token: number): { readonly indexes: readonly ThresholdIndex[]; readonly inheritedLive: boolean } | undefined {
    const kept = this.kept, a = this.attached;
    if (this.own.token !== token || this.stamp !== this.own || this.keptPlan === undefined || kept === undefined) return undefined;
    if (this.members === undefined) return { indexes: [], inheritedLive: false };
    if (a === undefined || a.tracked !== kept) return undefined;
    return { indexes: a.each, inheritedLive: kept.inheritedLive };
  }

  /** Takes a family's stamp as what its result is as of (the family moves it on while nothing moved); the tracker read with the stamp's token, as of the same passes. */
  join(stamp: ReadStamp): void {
    this.stamp = stamp;
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

  /**
   * True when the plan would match the same tables as when `k` was kept: no table created or
   * deleted, no entity used in a type changed its type, no name or parent changed. (Rows moving
   * between tables change which entities, not which tables.)
   */
  private sameTables(k: Kept): boolean {
    const w = this.world, c = w.counters;
    return c.tablesCreated + c.tablesDeleted === k.tablesMade && w.structureVersion === k.structure && w.hierarchy.version === k.names;
  }

  /** Marks the kept tables whose rows changed since their entities were worked out; true when there are any. */
  private rowsMoved(k: Kept): boolean {
    const rows = this.world.counters.rowChanges;
    if (rows === k.rowChanges) return false;
    k.rowChanges = rows;
    const tables = k.tables, versions = k.versions;
    let moved = false;
    for (let i = 0; i < tables.length; i++) {
      const v = tables[i]!.version;
      if (v !== versions[i]) { versions[i] = v; k.matched[i] = null; moved = true; }
    }
    if (moved) k.inheritedLive = inheritedLive(k);
    return moved;
  }

  /** True when the same tables match with the same rows (nothing to work out again for types). */
  private unchanged(k: Kept): boolean {
    const c = this.world.counters;
    if (!this.sameTables(k)) return false;
    if (c.rowChanges === k.rowChanges) return true;
    const tables = k.tables, versions = k.versions;
    for (let i = 0; i < tables.length; i++) if (tables[i]!.version !== versions[i]) return false;
    // Rows moved elsewhere only: the next read need not look at each table again while nothing else moves.
    k.rowChanges = c.rowChanges;
    return true;
  }

  /** Evaluates `plan` over every table (empty ones included) and keeps them; undefined when a result picks rows (then it depends on more than types). */
  private keep(plan: Query['plan'], budget: QueryBudget): Kept | undefined {
    const w = this.world, c = w.counters;
    // Read before evaluating: nothing changes them during the evaluation.
    const tablesMade = c.tablesCreated + c.tablesDeleted, structure = w.structureVersion, names = w.hierarchy.version, rowChanges = c.rowChanges;
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
    if (perRow) return undefined;
    const owning = (members ?? []).map((_, i) => tables.filter((_t, t) => columns[t]![i] !== undefined));
    const inherited: number[] = [];
    columns.forEach((cs, t) => cs.forEach((c, i) => { if (c === undefined) inherited.push(t, i); }));
    const kept: Kept = { tables, versions, matched: tables.map(() => null), columns, tablesMade, structure, names, rowChanges, set: new Set(tables), owning, inherited, inheritedValues: [], inheritedAt: [], inheritedLive: false };
    kept.inheritedLive = inheritedLive(kept);
    return kept;
  }

  /** The entities of the kept tables, filtered by the comparisons if any: tables marked (matched null) worked out again, the others as they were. */
  private fromKept(k: Kept, budget: QueryBudget): void {
    const entities: Entity[] = [], members = this.members, tables = k.tables, columns = k.columns, matched = k.matched;
    for (let t = 0; t < tables.length; t++) {
      let mine = matched[t];
      if (mine === null || mine === undefined) {
        const table = tables[t]!, all = table.entities;
        k.versions[t] = table.version;
        if (table.count === 0) mine = NONE;
        else {
          const rows = members === undefined ? null : memberRowsOf(this.world, table, members, columns[t]!, budget);
          mine = rows === null ? all.slice() : rows.map((r) => all[r]!);
        }
        matched[t] = mine;
      }
      for (let i = 0; i < mine.length; i++) entities.push(mine[i]!);
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

/** True when some table of `k` whose compared value is inherited has rows. */
function inheritedLive(k: Kept): boolean {
  const pairs = k.inherited;
  for (let j = 0; j < pairs.length; j += 2) if (k.tables[pairs[j]!]!.count !== 0) return true;
  return false;
}

function sameList(a: readonly Entity[], b: readonly Entity[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
