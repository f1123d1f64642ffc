// The table-level matcher: the fast path of evaluation for plans made of terms alone (no
// or-chains, scopes, comparisons or member tests), which is what most ad-hoc queries are. It gives
// the results the rules engine (evaluate.ts) gives, in its order, with the same bindings, but
// matches each candidate table's type once per term with no closures between the steps: the
// terms are a flat array walked by index, their records are looked up once per evaluation, and a
// term on a variable source (`Planet($p)`) reads that entity's table straight from the store.
// Plans with anything else, or with $this as a component or target, go to the rules engine.
import { isPair, makePair, pairSecondIndex, type Entity, type Id, type IdRecord, type Table, type World } from '../ecs';
import { QueryBudget } from './budget';
import type { ResultFn } from './evaluate';
import type { Plan, PlanTerm, Slot } from './plan';
import { TargetJoin, takesTable } from './target-join';
import { MAX_UP_DEPTH, UpWalkMemo } from './up-walk';

const AND = 0, OPTIONAL = 1, NOT = 2;
/** What a term's second slot is: none (a plain id), an entity, a wildcard, `_`, or a variable. */
const NO_SECOND = 0, CONST_SECOND = 1, WILD_SECOND = 2, ANY_SECOND = 3, VAR_SECOND = 4;

/** One term, flattened for the matcher. */
interface FlatTerm {
  readonly field: number;
  readonly first: Entity;
  readonly secondKind: number;
  /** The entity of a CONST_SECOND, the variable index of a VAR_SECOND, else 0. */
  readonly second: number;
  /** Variable index of the source (0 is $this), or -1 for a constant source. */
  readonly srcVar: number;
  readonly srcConst: Entity;
  readonly oper: number;
  readonly self: boolean;
  readonly up: boolean;
  readonly trav: Entity;
  /** `_` in the second slot: one match is enough. */
  readonly anyOnce: boolean;
  /** The pattern when it does not depend on bindings, else -1. */
  readonly fixed: Id;
}

const matchers = new WeakMap<Plan, TableMatcher | null>();

/**
 * The table-level matcher of a plan: its flat terms, and the state of one evaluation kept for the
 * next (arrays and the result object, not results), so that an evaluation allocates nothing.
 */
export class TableMatcher {
  private spare: TableMatch | null = null;

  private constructor(private readonly world: World, private readonly plan: Plan, private readonly terms: readonly FlatTerm[]) {}

  /** The matcher of a plan, or null when the rules engine must run it (not only terms, or $this as an id). */
  static of(world: World, plan: Plan): TableMatcher | null {
    let m = matchers.get(plan);
    if (m === undefined) {
      const terms = flatten(plan, world.core.Wildcard);
      m = terms === null ? null : new TableMatcher(world, plan, terms);
      matchers.set(plan, m);
    }
    return m;
  }

  /** Evaluates the plan as Evaluation.run does; each result is valid only inside onResult (see ResultFn). */
  run(budget: QueryBudget, onResult: ResultFn, bound: readonly Entity[], emitEmpty: boolean): void {
    // An evaluation started from inside another one's callback gets state of its own.
    const m = this.spare ?? new TableMatch(this.world, this.plan, this.terms);
    this.spare = null;
    try {
      m.run(budget, onResult, bound, emitEmpty);
    } finally {
      m.release();
      this.spare = m;
    }
  }
}

/**
 * For terms that start `(R, $v)` on $this (and, self): the first later term that is `X($v)` (and,
 * a fixed id, self or self|up(IsA)), whose holders can start the join; else -1.
 */
function driverOf(terms: readonly FlatTerm[], IsA: Entity): number {
  const t0 = terms[0]!;
  if (t0.srcVar !== 0 || t0.oper !== AND || t0.secondKind !== VAR_SECOND || !t0.self) return -1;
  for (let j = 1; j < terms.length; j++) {
    const t = terms[j]!;
    if (t.srcVar === t0.second && t.oper === AND && t.fixed >= 0 && t.self && (!t.up || t.trav === IsA)) return j;
  }
  return -1;
}

function flatten(plan: Plan, W: Entity): FlatTerm[] | null {
  if (!plan.hasThis || plan.steps.length === 0) return null;
  const out: FlatTerm[] = [];
  for (const s of plan.steps) {
    if (s.kind !== 'term' || s.cascade) return null;
    const t = flat(s, W);
    if (t === null) return null;
    out.push(t);
  }
  return out;
}

function flat(t: PlanTerm, W: Entity): FlatTerm | null {
  if (t.first.kind !== 'const') return null;
  const [secondKind, second] = secondOf(t.second);
  if (secondKind < 0) return null;
  let srcVar: number, srcConst = 0;
  if (t.src.kind === 'var') srcVar = t.src.v;
  else if (t.src.kind === 'const') { srcVar = -1; srcConst = t.src.e; } else return null;
  const oper = t.oper === 'and' ? AND : t.oper === 'optional' ? OPTIONAL : NOT;
  const first = t.first.e;
  const fixed = secondKind === NO_SECOND ? first : secondKind === VAR_SECOND ? -1 : makePair(first, secondKind === CONST_SECOND ? second : W);
  return {
    field: t.field, first, secondKind, second, srcVar, srcConst, oper, self: t.self, up: t.up, trav: t.trav,
    anyOnce: secondKind === ANY_SECOND, fixed,
  };
}

/** [kind, value] of a second slot; kind -1 when the matcher does not take it ($this, `0`). */
function secondOf(s: Slot | null): [number, number] {
  if (s === null) return [NO_SECOND, 0];
  switch (s.kind) {
    case 'const': return [CONST_SECOND, s.e];
    case 'wildcard': return [WILD_SECOND, 0];
    case 'any': return [ANY_SECOND, 0];
    case 'var': return s.v === 0 ? [-1, 0] : [VAR_SECOND, s.v];
    case 'none': return [-1, 0];
    default: return [-1, 0];
  }
}

/** The result object an evaluation reuses: its fields and arrays change from one result to the next. */
interface LiveResult {
  table: Table | null;
  rows: null;
  count: number;
  ids: Id[];
  sources: Entity[];
  isSet: boolean[];
  vars: Entity[];
}

/** Between evaluations (one shape for the budget field, so that spending stays a direct call). */
const NO_BUDGET_YET = new QueryBudget(1);
const NO_CALLBACK: ResultFn = () => false;

/**
 * The state of one evaluation of flat terms. Its work is counted against the budget as the rules
 * engine counts it: a step per candidate table or entity, per term tried and per match bound.
 */
class TableMatch {
  private readonly vars: Entity[];
  private readonly ids: Id[];
  private readonly sources: Entity[];
  private readonly isSet: boolean[];
  private readonly result: LiveResult;
  private budget = NO_BUDGET_YET;
  private onResult = NO_CALLBACK;
  /** The tables this evaluation's walks take (allowed): empty ones when run() asks for them, disabled and prefab ones as the plan says. */
  private readonly filter: { keepEmpty: boolean; readonly keepDisabled: boolean; readonly keepPrefab: boolean };
  private table: Table | null = null;
  private stopped = false;
  private readonly W: Entity;
  private readonly IsA: Entity;
  private readonly ChildOf: Entity;
  /** Each term's record under its last pattern (`keys`), while the world's ids stay as they were. */
  private readonly records: (IdRecord | undefined)[];
  private readonly keys: Id[];
  /** Each term's last two source tables (at 2k and 2k + 1) and its indices there: sources such as parents share few tables. */
  private readonly lastTables: (Table | null)[];
  private readonly lastIndices: (readonly number[] | undefined)[];
  private created = -1;
  private deleted = -1;
  /** Term walkedTerm's indices in the $this table, when known from the record walked (-1: none). */
  private walked: readonly number[] | undefined = undefined;
  private walkedTerm = -1;
  /** A not term's test: the term whose continuation only notes that it matched (-1: none). */
  private probeAt = -1;
  private probeHit = false;
  /** The term on the first term's variable that can start the join from that side (see fromTargets), or -1. */
  private readonly driver: number;
  private readonly values: Entity[] = [];
  private readonly join = new TargetJoin();

  constructor(private readonly world: World, plan: Plan, private readonly terms: readonly FlatTerm[]) {
    this.driver = driverOf(terms, world.core.IsA);
    this.filter = { keepEmpty: false, keepDisabled: plan.matchDisabled, keepPrefab: plan.matchPrefab };
    // Entity ids are stored as doubles from the start, so that binding one never changes the array's kind.
    this.vars = plan.vars.map(() => 0.5);
    this.vars.fill(0);
    const n = plan.fields.length;
    this.ids = new Array<Id>(n).fill(0.5).fill(0);
    this.sources = new Array<Entity>(n).fill(0.5).fill(0);
    this.isSet = new Array<boolean>(n).fill(false);
    this.W = world.core.Wildcard;
    this.IsA = world.core.IsA;
    this.ChildOf = world.core.ChildOf;
    this.records = new Array<IdRecord | undefined>(terms.length).fill(undefined);
    this.keys = new Array<Id>(terms.length).fill(0);
    this.lastTables = new Array<Table | null>(2 * terms.length).fill(null);
    this.lastIndices = new Array<readonly number[] | undefined>(2 * terms.length).fill(undefined);
    this.result = { table: null, rows: null, count: 0, ids: this.ids, sources: this.sources, isSet: this.isSet, vars: this.vars };
  }

  /** Runs the evaluation, calling onResult per result until it returns false. */
  run(budget: QueryBudget, onResult: ResultFn, bound: readonly Entity[], emitEmpty: boolean): void {
    this.budget = budget; this.onResult = onResult; this.filter.keepEmpty = emitEmpty;
    const vars = this.vars;
    for (let i = 0; i < vars.length; i++) vars[i] = bound[i] ?? 0;
    // Nothing is kept from an evaluation before: records are looked up again, as a first evaluation would.
    this.created = -1;
    this.term(0);
  }

  /**
   * Forgets the evaluation's callback and budget (run() sets the bindings anew). The fields are not
   * restored step by step: every term on the way to a result writes its own field (a match, or its
   * pattern when it did not match), so a field left by a path that gave up is overwritten before
   * any result shows it. They are cleared here, also after an evaluation that threw.
   */
  release(): void {
    this.budget = NO_BUDGET_YET; this.onResult = NO_CALLBACK;
    this.table = null; this.stopped = false; this.walked = undefined; this.walkedTerm = -1; this.probeAt = -1; this.probeHit = false;
    this.upTable = null; this.upOwn = null; this.upMine = undefined;
    const r = this.result;
    r.table = null; r.count = 0;
    const ids = this.ids, sources = this.sources, isSet = this.isSet;
    for (let i = 0; i < ids.length; i++) { ids[i] = 0; sources[i] = 0; isSet[i] = false; }
  }

  private next(k: number): void {
    if (k === this.probeAt) { this.probeHit = true; return; }
    if (k + 1 < this.terms.length) { this.term(k + 1); return; }
    this.emit();
  }

  /** Term k: $this's candidate tables when it is the first term on an unbound $this, else the term under the current bindings. */
  private term(k: number): void {
    if (this.stopped) return;
    this.budget.spend(1);
    const t = this.terms[k]!;
    if (t.srcVar === 0 && this.table === null) { this.enumerate(t, k); return; }
    this.operTerm(t, k);
  }

  /** The term by its operator: every match continues (and), else its field unset when nothing matched (optional, not). */
  private operTerm(t: FlatTerm, k: number): void {
    if (t.oper === AND) { this.tries(t, k); return; }
    if (t.oper === OPTIONAL) { if (!this.tries(t, k) && !this.stopped) this.unset(t, k); return; }
    // not: holds when nothing matches; its variables are bound for the test alone (a probe).
    const at = this.probeAt, hit = this.probeHit, stopped = this.stopped;
    this.probeAt = k; this.probeHit = false;
    this.tries(t, k);
    const matched = this.probeHit;
    this.probeAt = at; this.probeHit = hit; this.stopped = stopped;
    if (!matched) this.unset(t, k);
  }

  /** Matches the term on its source under the current bindings; true when some match bound. */
  private tries(t: FlatTerm, k: number): boolean {
    this.budget.spend(1);
    if (t.srcVar === 0) return this.and(t, k, this.table!, 0);
    const e = t.srcVar < 0 ? t.srcConst : this.vars[t.srcVar]!;
    if (e === 0) return this.unboundSource(t, k);
    if (!this.world.isAlive(e)) return false;
    const table = this.world.tableOf(e);
    const at = table === this.lastTables[2 * k] ? 2 * k : table === this.lastTables[2 * k + 1] ? 2 * k + 1 : -1;
    if (!t.self || at < 0) return this.and(t, k, table, e);
    const indices = this.lastIndices[at];
    return (indices !== undefined && this.ownAt(t, k, table, e, indices)) || (t.up && this.up(t, k, table));
  }

  /** Binds each match of the term on the table (its own ids, else up its traversal) and continues; true when some match bound. */
  private and(t: FlatTerm, k: number, table: Table, source: Entity): boolean {
    return this.own(t, k, table, source) || (t.up && this.up(t, k, table));
  }

  /** The term's matches among the table's own ids. */
  private own(t: FlatTerm, k: number, table: Table, source: Entity): boolean {
    if (!t.self) return false;
    let indices: readonly number[] | undefined;
    if (k === this.walkedTerm && table === this.table) indices = this.walked;
    else {
      indices = this.record(t, k)?.indices.get(table);
      // A table's type never changes, so the indices of a fixed pattern in it stay right.
      if (t.fixed >= 0) {
        const last = this.lastTables, li = this.lastIndices;
        last[2 * k + 1] = last[2 * k]!; li[2 * k + 1] = li[2 * k];
        last[2 * k] = table; li[2 * k] = indices;
      }
    }
    return indices !== undefined && this.ownAt(t, k, table, source, indices);
  }

  /** The term's matches among the table's ids at `indices` (its record's indices there). */
  private ownAt(t: FlatTerm, k: number, table: Table, source: Entity, indices: readonly number[]): boolean {
    let any = false;
    const type = table.type;
    for (let i = 0; i < indices.length; i++) {
      if (this.stopped) break;
      const id = type[indices[i]!]!;
      if (t.secondKind === NO_SECOND && isPair(id)) continue;
      if (this.bind(t, k, id, source)) any = true;
      if (t.anyOnce && any) break;
    }
    return any;
  }

  /** The term's match up the traversal relationship from the table. */
  private up(t: FlatTerm, k: number, table: Table): boolean {
    // A table without IsA pairs has nothing to inherit from (TableFlags.hasIsA).
    if (t.trav === this.IsA && !table.flags.hasIsA) return false;
    const own = this.record(t, k);
    if (own === undefined) return false;
    this.upMemo.reset();
    const found = this.findUp(t, own, table, t.trav, 0);
    return found !== undefined && this.bind(t, k, found, this.upSource);
  }

  /** Binds the term's variable (if any) from a matched id, fills its field, and continues; false when the id disagrees with a bound variable. */
  private bind(t: FlatTerm, k: number, id: Id, source: Entity): boolean {
    this.budget.spend(1);
    let v = 0;
    if (t.secondKind === VAR_SECOND) {
      const value = isPair(id) ? this.world.aliveAt(pairSecondIndex(id)) : 0;
      const cur = this.vars[t.second]!;
      if (cur === 0) { v = t.second; this.vars[v] = value; } else if (cur !== value) return false;
    }
    const f = t.field;
    if (f >= 0) { this.ids[f] = id; this.sources[f] = source; this.isSet[f] = true; }
    this.next(k);
    if (v !== 0) this.vars[v] = 0;
    return true;
  }

  /** An optional or not term that did not match: its field shows its pattern, no source, not set. */
  private unset(t: FlatTerm, k: number): void {
    const f = t.field;
    if (f >= 0) { this.ids[f] = this.pattern(t); this.sources[f] = 0; this.isSet[f] = false; }
    this.next(k);
  }

  /** A variable source no earlier term bound: every entity that has the id, one at a time (its own ids only). */
  private unboundSource(t: FlatTerm, k: number): boolean {
    const record = this.record(t, k);
    if (record === undefined) return false;
    let any = false;
    for (const table of record.tables) {
      if (!this.allowed(table)) continue;
      for (const ent of table.entities.slice()) {
        if (this.stopped) return any;
        this.budget.spend(1);
        this.vars[t.srcVar] = ent;
        if (this.own(t, k, table, ent)) any = true;
      }
      this.vars[t.srcVar] = 0;
    }
    return any;
  }

  // ---------------------------------------------------------------- $this tables

  /** Binds $this to each candidate table of the first term on it, then matches the term there. */
  private enumerate(t: FlatTerm, k: number): void {
    const trav = t.up ? this.travRecord(t.trav) : undefined;
    if (t.oper === AND && t.self && (trav === undefined || trav.tables.length === 0)) {
      if (k === 0 && this.driver > 0 && this.fromTargets(t)) return;
      const record = this.record(t, k);
      if (this.terms.length === 1) { if (record !== undefined) this.walkOne(record, t); } else this.walk(record, t, k);
      return;
    }
    if (t.oper === AND && !t.self) {
      if (this.terms.length === 1 && t.secondKind !== VAR_SECOND) { if (trav !== undefined) this.walkUpOne(trav, t); } else this.walk(trav, t, k);
      return;
    }
    let candidates: Table[];
    if (t.oper !== AND) candidates = [...this.world.tables.values()];
    else candidates = [...new Set([...(trav?.tables ?? []), ...(this.record(t, k)?.tables ?? [])])];
    for (const table of candidates) {
      if (this.stopped) return;
      this.budget.spend(1);
      if (!this.allowed(table)) continue;
      this.table = table;
      this.operTerm(t, k);
    }
    this.table = null;
  }

  /** Binds $this to each table of a record, in its order, with the term's indices there known when the record is the term's own. */
  private walk(record: IdRecord | undefined, t: FlatTerm, k: number): void {
    if (record === undefined) return;
    const own = record === this.record(t, k);
    const tables = record.tables.slice(), lists = own ? record.lists.slice() : undefined;
    for (let i = 0; i < tables.length; i++) {
      if (this.stopped) break;
      this.budget.spend(1);
      const table = tables[i]!;
      if (!this.allowed(table)) continue;
      this.table = table;
      if (lists !== undefined) { this.walked = lists[i]; this.walkedTerm = k; }
      // An `and` term on $this (walk is only asked for those): what operTerm and tries would do.
      this.budget.spend(1);
      this.and(t, k, table, 0);
    }
    this.walked = undefined; this.walkedTerm = -1;
    this.table = null;
  }

  /**
   * A plan of one term on $this (and, self, no up): every match in every table of its record is a
   * result, so the walk sets the field and emits with no step between (what walk, and, ownAt, bind
   * and emit do for it, with the same steps counted).
   */
  private walkOne(record: IdRecord, t: FlatTerm): void {
    const tables = record.tables.slice(), lists = record.lists.slice();
    const f = t.field, v = t.secondKind === VAR_SECOND ? t.second : 0, plainOnly = t.secondKind === NO_SECOND, once = t.anyOnce;
    const vars = this.vars, ids = this.ids, r = this.result, budget = this.budget, world = this.world, onResult = this.onResult;
    const filter = this.filter, keepEmpty = filter.keepEmpty;
    const given = v !== 0 ? vars[v]! : 0;
    if (f >= 0) { this.sources[f] = 0; this.isSet[f] = true; }
    // The budget's count in a local, written back before each callback (which may spend from the
    // same budget) and read again after it; overBudget throws what spend() would.
    let used = budget.used;
    const limit = budget.limit;
    for (let i = 0; i < tables.length; i++) {
      if (++used > limit) this.overBudget(used, 1);
      const table = tables[i]!;
      if (!takesTable(table, filter)) continue;
      if (++used > limit) this.overBudget(used, 1);
      const indices = lists[i]!, type = table.type;
      for (let j = 0; j < indices.length; j++) {
        const id = type[indices[j]!]!;
        if (plainOnly && isPair(id)) continue;
        if (++used > limit) this.overBudget(used, 1);
        if (v !== 0) {
          const value = isPair(id) ? world.aliveAt(pairSecondIndex(id)) : 0;
          if (given !== 0 && given !== value) continue;
          vars[v] = value;
        }
        if (f >= 0) ids[f] = id;
        // (The count as the table has it now: a callback may have changed it.)
        const now = table.count;
        if (now !== 0 || keepEmpty) {
          r.table = table; r.count = now;
          budget.used = used;
          const go = onResult(r);
          used = budget.used;
          if (go === false) { this.stopped = true; if (v !== 0) vars[v] = given; return; }
        }
        if (once) break;
      }
    }
    budget.used = used;
    if (v !== 0) vars[v] = given;
  }

  /** Throws the budget's error for a walk that counts its steps in a local (`used` includes the `n` steps that went past the limit). */
  private overBudget(used: number, n: number): void {
    this.budget.used = used - n;
    this.budget.spend(n);
  }

  /**
   * A plan of one `up` term on $this (and, not self, no variable): each table of the traversal's
   * record whose walk up finds the id is a result (what walk, and, up, bind and emit do for it,
   * with the same budget steps).
   */
  private walkUpOne(trav: IdRecord, t: FlatTerm): void {
    const tables = trav.tables.slice();
    const f = t.field, r = this.result, budget = this.budget, world = this.world;
    const isA = t.trav === this.IsA, viaChildOf = t.trav === this.ChildOf, plainOnly = t.secondKind === NO_SECOND;
    // The term's record, looked up again after a result that changed the world's records (only a
    // callback changes the world; fresh() reads the same two counters).
    let own = this.record(t, 0);
    const counters = world.counters, tablesOf = world.entities.table;
    for (let i = 0; i < tables.length; i++) {
      budget.spend(1);
      const table = tables[i]!;
      if (!this.allowed(table)) continue;
      budget.spend(1);
      // A table without IsA pairs has nothing to inherit from (TableFlags.hasIsA).
      if ((isA && !table.flags.hasIsA) || own === undefined) continue;
      // The usual first step of up(ChildOf), read here: the parent (from the table's flags) has the
      // id itself. Every other case (no parent, a parent without it, IsA bases) is findUp's.
      let found: Id | undefined, source = 0;
      const parent = viaChildOf ? table.flags.parentIndex : 0;
      const target = parent === 0 ? 0 : world.aliveAt(parent);
      if (target !== 0) {
        budget.spend(1);
        // (The parent is alive, so its table is the store's entry at its index: no second check, as tableOf makes.)
        const tt = tablesOf[parent]!, mine = this.indicesIn(tt, own);
        if (mine !== undefined) {
          const type = tt.type;
          for (let j = 0; j < mine.length; j++) { const id = type[mine[j]!]!; if (!plainOnly || !isPair(id)) { found = id; source = target; break; } }
        }
      }
      if (found === undefined) {
        this.upMemo.reset();
        found = this.findUp(t, own, table, t.trav, 0);
        if (found === undefined) continue;
        source = this.upSource;
      }
      budget.spend(1);
      if (f >= 0) { this.ids[f] = found; this.sources[f] = source; this.isSet[f] = true; }
      const count = table.count;
      if (count !== 0 || this.filter.keepEmpty) {
        r.table = table; r.count = count;
        if (this.onResult(r) === false) { this.stopped = true; return; }
        if (counters.idsCreated !== this.created || counters.idsDeleted !== this.deleted) own = this.record(t, 0);
      }
    }
  }

  /**
   * `(R, $v), …, X($v)`: when fewer entities can be $v (those with X, or inheriting it) than the
   * `(R, *)` record has tables, binds $this to the tables of their `(R, v)` records alone, in the
   * order walk() would meet them (TargetJoin); the tables it skips have no pair to such a v, so
   * X($v) fails there. False when the walk is cheaper (then nothing was done).
   */
  private fromTargets(t0: FlatTerm): boolean {
    if (this.vars[t0.second] !== 0) return false;
    const all = this.record(t0, 0);
    if (all === undefined) return false;
    const d = this.terms[this.driver]!;
    const holders = this.record(d, this.driver);
    let n = 0;
    if (holders !== undefined) for (const t of holders.tables) n += t.count;
    if (n > all.tables.length) return false;
    const values = this.values;
    if (holders !== undefined) for (const t of holders.tables) { const es = t.entities; for (let i = 0; i < t.count; i++) values.push(es[i]!); }
    const own = values.length;
    if (d.up && own > 0) this.inheritors(values);
    this.budget.spend(values.length + 1);
    const join = this.join;
    // `all` is the (R, *) record (the variable is unbound): its byTarget lists the (R, v) records.
    const found = all.byTarget === undefined ? 0 : join.collect(all.byTarget, values, this.filter);
    // X($v) right after (R, $v), with one exact id: a holder of its own has it, so its field is
    // known without matching it again (what tries() would find: that id, with v as its source).
    const known = this.driver === 1 && t0.field >= 0 && d.field >= 0 && (d.secondKind === NO_SECOND || d.secondKind === CONST_SECOND);
    try {
      if (known && this.terms.length === 2 && own === values.length) { this.emitPairs(t0, d, found); return true; }
      for (let i = 0; i < found; i++) {
        if (this.stopped) break;
        this.budget.spend(2);
        const table = join.tables[i]!, id = table.type[join.indices[i]!]!, at = join.from[i]!;
        this.table = table;
        if (known && at < own) this.bindBoth(t0, d, id, values[at]!);
        else this.bind(t0, 0, id, 0);
      }
    } finally {
      join.clear();
      while (values.length > 0) values.pop();   // (not length = 0: that drops the storage)
      this.table = null;
    }
    return true;
  }

  /**
   * `(R, $v), X($v)` and nothing more, every value a holder of X of its own: each place the join
   * found is a result, emitted with no step between (what fromTargets' loop, bindBoth, next and
   * emit do for it, with the same budget steps). The fields that do not change from place to place
   * are written once.
   */
  private emitPairs(t0: FlatTerm, d: FlatTerm, found: number): void {
    const join = this.join, values = this.values, budget = this.budget, onResult = this.onResult, emitEmpty = this.filter.keepEmpty;
    const v = t0.second, f0 = t0.field, f1 = d.field, vars = this.vars, ids = this.ids, sources = this.sources, r = this.result;
    sources[f0] = 0; this.isSet[f0] = true; ids[f1] = d.fixed; this.isSet[f1] = true;
    const tables = join.tables, indices = join.indices, from = join.from;
    // The budget's count in a local, as in walkOne.
    let used = budget.used;
    const limit = budget.limit;
    for (let i = 0; i < found; i++) {
      if ((used += 2) > limit) this.overBudget(used, 2);
      const table = tables[i]!, value = values[from[i]!]!;
      if ((used += 3) > limit) this.overBudget(used, 3);
      vars[v] = value; ids[f0] = table.type[indices[i]!]!; sources[f1] = value;
      const count = table.count;
      if (count === 0 && !emitEmpty) continue;
      r.table = table; r.count = count;
      budget.used = used;
      const go = onResult(r);
      used = budget.used;
      if (go === false) { this.stopped = true; break; }
    }
    budget.used = used;
    vars[v] = 0;
  }

  /** Binds `(R, $v)` (term 0) at `id` and `X($v)` (term 1) on `value`, which has X's id, and continues after term 1. */
  private bindBoth(t0: FlatTerm, d: FlatTerm, id: Id, value: Entity): void {
    this.budget.spend(3);
    const v = t0.second, f0 = t0.field, f1 = d.field;
    const ids = this.ids, sources = this.sources, isSet = this.isSet;
    this.vars[v] = value;
    ids[f0] = id; sources[f0] = 0; isSet[f0] = true;
    ids[f1] = d.fixed; sources[f1] = value; isSet[f1] = true;
    this.next(1);
    this.vars[v] = 0;
  }

  /** Adds to `values` the entities that inherit from one of them through IsA, at any depth. */
  private inheritors(values: Entity[]): void {
    const isa = this.travRecord(this.IsA);
    if (isa === undefined || isa.tables.length === 0) return;
    const seen = new Set(values), taken = new Set<Table>();
    for (let round = 0, grew = true; grew && round <= MAX_UP_DEPTH; round++) {
      grew = false;
      for (let i = 0; i < isa.tables.length; i++) {
        const t = isa.tables[i]!;
        if (taken.has(t)) continue;
        for (const ti of isa.lists[i]!) {
          if (!seen.has(this.world.aliveAt(pairSecondIndex(t.type[ti]!)))) continue;
          taken.add(t); grew = true;
          for (const e of t.entities) if (!seen.has(e)) { seen.add(e); values.push(e); }
          break;
        }
      }
    }
  }

  private allowed(t: Table): boolean {
    return takesTable(t, this.filter);
  }

  // ---------------------------------------------------------------- records

  /** The record of term k's pattern under the current bindings (k -1: not kept). */
  private record(t: FlatTerm, k: number): IdRecord | undefined {
    this.fresh();
    const pattern = this.pattern(t);
    if (k >= 0 && this.keys[k] === pattern) return this.records[k];
    const record = this.world.record(pattern);
    if (k >= 0) { this.keys[k] = pattern; this.records[k] = record; }
    return record;
  }

  /** The record of `(trav, *)` (the last two asked for are kept, while the world's ids stay as they were). */
  private travRecord(trav: Entity): IdRecord | undefined {
    this.fresh();
    if (trav === this.trav0) return this.travRec0;
    if (trav === this.trav1) return this.travRec1;
    const record = this.world.record(makePair(trav, this.W));
    this.trav1 = this.trav0; this.travRec1 = this.travRec0;
    this.trav0 = trav; this.travRec0 = record;
    return record;
  }

  private trav0 = 0;
  private trav1 = 0;
  private travRec0: IdRecord | undefined = undefined;
  private travRec1: IdRecord | undefined = undefined;

  /** Forgets the records kept when the world created or deleted one since. */
  private fresh(): void {
    const c = this.world.counters;
    if (c.idsCreated === this.created && c.idsDeleted === this.deleted) return;
    // (Loops, not fill(): these arrays hold a few entries, and fill() is a call into the runtime.)
    const keys = this.keys, last = this.lastTables;
    for (let i = 0; i < keys.length; i++) keys[i] = 0;
    for (let i = 0; i < last.length; i++) last[i] = null;
    this.trav0 = this.trav1 = 0;
    this.created = c.idsCreated; this.deleted = c.idsDeleted;
  }

  /** A term's id pattern under the current bindings (unbound variables as wildcards). */
  private pattern(t: FlatTerm): Id {
    return t.fixed >= 0 ? t.fixed : makePair(t.first, this.vars[t.second] || this.W);
  }

  // ---------------------------------------------------------------- up traversal

  /** The source of the last match findUp found. */
  private upSource: Entity = 0;

  /**
   * The last source table an up walk read and the term's indices there (a table's type never
   * changes, so they stay right while the record is the same object); forgotten as an evaluation ends.
   */
  private upTable: Table | null = null;
  private upOwn: IdRecord | null = null;
  private upMine: readonly number[] | undefined = undefined;

  /** The record's indices in a source table, kept for the last table asked (upTable): sources up a traversal (parents, say) share few tables. */
  private indicesIn(tt: Table, own: IdRecord): readonly number[] | undefined {
    if (tt === this.upTable && own === this.upOwn) return this.upMine;
    const mine = own.indices.get(tt);
    this.upTable = tt; this.upOwn = own; this.upMine = mine;
    return mine;
  }

  /** What the running up walk searched in vain (see UpWalkMemo). */
  private readonly upMemo = new UpWalkMemo();

  /** Follows `trav` up from a table; the first entity that has the term's id gives it (upSource is then that entity). */
  private findUp(t: FlatTerm, own: IdRecord, table: Table, trav: Entity, depth: number): Id | undefined {
    if (depth > MAX_UP_DEPTH) return undefined;
    const memo = this.upMemo;
    if (!memo.branched) return this.findUpTargets(t, own, table, trav, depth);
    const isA = trav === this.IsA;
    if (memo.failedFrom(table, isA, depth)) return undefined;
    const found = this.findUpTargets(t, own, table, trav, depth);
    if (found === undefined) memo.fail(table, isA, depth);
    return found;
  }

  /** One step of findUp: each target of the table's `trav` pairs, in order, until one gives the id. */
  private findUpTargets(t: FlatTerm, own: IdRecord, table: Table, trav: Entity, depth: number): Id | undefined {
    // ChildOf is exclusive: a table has at most one (ChildOf, *) pair, and its flags name the
    // parent, so the record of (ChildOf, *) need not be asked for its index there.
    if (trav === this.ChildOf) {
      const parent = table.flags.parentIndex;
      return parent === 0 ? undefined : this.upFrom(t, own, this.world.aliveAt(parent), trav, depth);
    }
    const targets = this.travRecord(trav)?.indices.get(table);
    if (targets === undefined) return undefined;
    if (targets.length > 1) this.upMemo.branched = true;
    for (const ti of targets) {
      const found = this.upFrom(t, own, this.world.aliveAt(pairSecondIndex(table.type[ti]!)), trav, depth);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** One step of findUp: the target's own id, else what its IsA bases pass on, else further up `trav`. */
  private upFrom(t: FlatTerm, own: IdRecord, target: Entity, trav: Entity, depth: number): Id | undefined {
    this.budget.spend(1);
    if (target === 0) return undefined;
    const tt = this.world.tableOf(target);
    const mine = this.indicesIn(tt, own);
    if (mine !== undefined) {
      for (let i = 0; i < mine.length; i++) { const id = tt.type[mine[i]!]!; if (t.secondKind !== NO_SECOND || !isPair(id)) { this.upSource = target; return id; } }
    }
    if (trav !== this.IsA && tt.flags.hasIsA) {
      const viaIsA = this.findUp(t, own, tt, this.IsA, depth + 1);
      if (viaIsA !== undefined) return viaIsA;
    }
    return this.findUp(t, own, tt, trav, depth + 1);
  }

  // ---------------------------------------------------------------- results

  private emit(): void {
    const t = this.table;
    if (t === null) return;
    const count = t.count;
    if (count === 0 && !this.filter.keepEmpty) return;
    const r = this.result;
    r.table = t; r.count = count;
    if (this.onResult(r) === false) this.stopped = true;
  }
}
