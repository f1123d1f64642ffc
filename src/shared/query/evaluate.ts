// The rules engine: evaluates a plan by backtracking over its steps. $this binds to a whole
// table at a time (or to a subset of its rows, after an equality or name match); other
// variables bind to single entities. Results are grouped by table and binding.
import { isPair, makePair, pairFirstIndex, pairSecondIndex, type Entity, type Id, type IdRecord, type Table, type World } from '../ecs';
import { unreachable } from '../unreachable';
import type { QueryBudget } from './budget';
import { keepRows, memberHolds, memberValue } from './member-compare';
import type { Plan, PlanAlt, PlanEq, PlanMember, PlanOr, PlanScope, PlanStep, PlanTerm, Slot } from './plan';
import { evaluationSteps } from './plan-bind';
import { isSeed } from './plan-contract';
import { MAX_UP_DEPTH, UpWalkMemo } from './up-walk';

/** One result: a table (or none) with its rows, and per field the matched id, source and is_set. */
export interface QueryResult {
  /** Table of the $this entities; null when the query has no $this. */
  readonly table: Table | null;
  /** Rows of `table` in this result; null means all rows (0 … count-1). */
  readonly rows: readonly number[] | null;
  /** Number of $this entities in this result (0 for queries without $this). */
  readonly count: number;
  /** Matched id per field (concrete for wildcards; as written for unmatched optional/not fields). */
  readonly ids: readonly Id[];
  /** Source per field: 0 = the $this entity itself, else the entity the field came from. */
  readonly sources: readonly Entity[];
  /** Whether each field matched (false for unmatched optional and for not fields). */
  readonly isSet: readonly boolean[];
  /** Value of each variable by index (index 0, $this, is unused). */
  readonly vars: readonly Entity[];
}

/**
 * Called per result; return false to stop the evaluation. The result and its arrays are valid only
 * during the call (an evaluation may reuse them for the next result): copy what you keep, as
 * keptResult does.
 */
export type ResultFn = (r: QueryResult) => boolean | void;

/** A copy of a result that stays as it is after the callback returns. */
export function keptResult(r: QueryResult): QueryResult {
  return { table: r.table, rows: r.rows, count: r.count, ids: r.ids.slice(), sources: r.sources.slice(), isSet: r.isSet.slice(), vars: r.vars.slice() };
}

/**
 * Evaluation of one plan with optional pre-bound variables. Its work is counted against `budget`
 * (see budget.ts): one step per step entered, term tried, match bound, and candidate table,
 * entity or row visited; past the budget it throws QueryBudgetError.
 */
export class Evaluation {
  private readonly vars: Entity[];
  private thisTable: Table | null = null;
  private thisRows: readonly number[] | null = null;
  private readonly ids: Id[];
  private readonly sources: Entity[];
  private readonly isSet: boolean[];
  private stopped = false;
  private readonly W: Entity;
  /** The top-level steps of the running evaluation, and the continuation after each of them. */
  private topSteps: readonly PlanStep[] = [];
  private topNext: (() => void)[] = [];
  /** Each term's last pattern and record (see termRecord), while the world's ids stay as they were. */
  private readonly memo = new RecordMemo();
  /** The record eachTableOf walks, the table it is at, and that table's indices in the record. */
  private walked: IdRecord | null = null;
  private walkedTable: Table | null = null;
  private walkedIndices: readonly number[] = [];

  constructor(
    private readonly world: World, private readonly plan: Plan, private readonly budget: QueryBudget,
    bound: readonly Entity[] = [], private readonly emitEmpty = false,
  ) {
    this.vars = plan.vars.map((_, i) => bound[i] ?? 0);
    const n = plan.fields.length;
    this.ids = new Array<Id>(n).fill(0);
    this.sources = new Array<Entity>(n).fill(0);
    this.isSet = new Array<boolean>(n).fill(false);
    this.W = world.core.Wildcard;
  }

  /** Runs the evaluation; `onResult` gets each result in order until it returns false. */
  run(onResult: ResultFn, thisTable: Table | null = null, thisRows: readonly number[] | null = null): void {
    if (this.plan.steps.length === 0) return;   // an empty query matches nothing
    this.thisTable = thisTable;
    this.thisRows = thisRows;
    const steps = evaluationSteps(this.plan.steps);
    const done = () => {
      if (this.plan.hasThis) {
        const t = this.thisTable;
        if (!t) return;
        const count = this.thisRows ? this.thisRows.length : t.count;
        if (count === 0 && !this.emitEmpty) return;
        if (onResult({ table: t, rows: this.thisRows, count, ids: shots.ids.of(this.ids), sources: shots.sources.of(this.sources), isSet: shots.isSet.of(this.isSet), vars: shots.vars.of(this.vars) }) === false) this.stopped = true;
      } else if (onResult({ table: null, rows: null, count: 0, ids: shots.ids.of(this.ids), sources: shots.sources.of(this.sources), isSet: shots.isSet.of(this.isSet), vars: shots.vars.of(this.vars) }) === false) {
        this.stopped = true;
      }
    };
    const shots = { ids: new Snapshots<Id>(), sources: new Snapshots<Entity>(), isSet: new Snapshots<boolean>(), vars: new Snapshots<Entity>() };
    // The top level's continuations are made once per evaluation, not once per binding.
    this.topSteps = steps;
    this.topNext = steps.map((_, k) => () => this.steps(steps, k + 1, done));
    this.steps(steps, 0, done);
  }

  // ---------------------------------------------------------------- steps

  private steps(steps: readonly PlanStep[], k: number, done: () => void): void {
    if (this.stopped) return;
    this.budget.spend(1);
    if (k === steps.length) { done(); return; }
    const step = steps[k]!;
    const next = steps === this.topSteps ? this.topNext[k]! : () => this.steps(steps, k + 1, done);
    if (this.thisTable === null && this.needsThis(step)) { this.enumerateThis(step, () => this.step(step, next)); return; }
    this.step(step, next);
  }

  private step(step: PlanStep, next: () => void): void {
    switch (step.kind) {
      case 'term': this.operTerm(step, next); return;
      case 'or': this.operOr(step, next); return;
      case 'scope': this.scope(step, next); return;
      case 'eq': this.eq(step, next); return;
      case 'member': this.member(step, next); return;
      default: unreachable(step, 'plan step');
    }
  }

  private needsThis(step: PlanStep): boolean {
    if (!this.plan.hasThis) return false;
    switch (step.kind) {
      case 'term': return isThis(step.src) || isThis(step.first) || (step.second !== null && isThis(step.second));
      case 'or': return step.terms.some((t) => this.needsThis(t));
      case 'eq': return step.left === 0 || isThis(step.right as Slot);
      case 'scope': return step.body.some((s) => this.needsThis(s));
      case 'member': return true;
      default: return unreachable(step, 'plan step');
    }
  }

  private allowed(t: Table): boolean {
    // Caches evaluate with emitEmpty so that a table that empties and fills again keeps its place.
    if (t.count === 0 && !this.emitEmpty) return false;
    if (t.flags.disabled && !this.plan.matchDisabled) return false;
    if (t.flags.prefab && !this.plan.matchPrefab) return false;
    return true;
  }

  /** Binds $this to each candidate table of a step (the step itself is then checked). */
  private enumerateThis(step: PlanStep, body: () => void): void {
    let candidates: Table[] = [];
    // Lists of candidates added: one list (a record's tables, or all tables) repeats no table.
    let lists = 0;
    const addTerm = (t: PlanTerm) => {
      if (t.oper !== 'and' || !isThis(t.src) || t.second?.kind === 'none') { candidates = this.allTables(); lists++; return; }
      const up = t.up ? this.travRecord(t.trav)?.tables ?? [] : [];
      const own = t.self ? this.termRecord(t)?.tables ?? [] : [];
      lists += (up.length > 0 ? 1 : 0) + (own.length > 0 ? 1 : 0);
      for (const tbl of up) candidates.push(tbl);
      for (const tbl of own) candidates.push(tbl);
      if (t.cascade) candidates.sort((a, b) => this.depth(a) - this.depth(b));
    };
    switch (step.kind) {
      case 'term':
        // The common case: the term's own tables are all the candidates (no `up`, or nothing to go up through).
        if (step.oper === 'and' && isThis(step.src) && !step.cascade && step.second?.kind !== 'none') {
          // The common cases: the term's own tables are all the candidates (no `up`, or nothing to
          // go up through), or, for `up` alone, the tables with a target to go up to.
          if (step.self && !(step.up && this.travRecord(step.trav)?.tables.length)) { this.eachTableOf(this.termRecord(step), body); return; }
          if (!step.self) { this.eachTableOf(step.up ? this.travRecord(step.trav) : undefined, body); return; }
        }
        addTerm(step);
        break;
      case 'or':
        for (const alt of step.terms) {
          if (alt.kind === 'term') addTerm(alt);
          else if (alt.kind === 'member') addTerm(alt.term);
          else if (alt.left === 0 && isSeed(alt)) {
            // `$this == Sun.Earth || …`: that entity's table is a candidate (its rows are then tried one by one).
            const e = this.slotValue(alt.right as Slot);
            if (e !== 0 && this.world.isAlive(e)) candidates.push(this.world.locate(e).table);
          } else candidates = this.allTables();
        }
        lists = 2;   // the operands' lists may share tables
        break;
      case 'eq':
        if (step.left === 0 && isSeed(step)) {
          // Ranked SEED (plan-contract.ts): the right side is a constant, known before any other step.
          const e = this.slotValue(step.right as Slot);
          if (e !== 0 && this.world.isAlive(e)) {
            const loc = this.world.locate(e);
            if (this.allowed(loc.table)) this.withThis(loc.table, [loc.row], body);
          }
          return;
        }
        candidates = this.allTables();
        lists = 1;
        break;
      case 'scope': candidates = this.allTables(); lists = 1; break;
      case 'member': addTerm(step.term); break;
      default: unreachable(step, 'plan step');
    }
    const seen = lists > 1 ? new Set<Table>() : null;
    for (const t of candidates) {
      if (this.stopped) return;
      this.budget.spend(1);
      if (!this.allowed(t)) continue;
      if (seen) { if (seen.has(t)) continue; seen.add(t); }
      this.withThis(t, null, body);
    }
  }

  /**
   * Binds $this to each table of a record that gives all the candidates of a step: each with its
   * type indices in the record at hand (read in the record's order, which is its tables' order),
   * so that the step's match on the table does not look them up again (see indicesIn).
   */
  private eachTableOf(record: IdRecord | undefined, body: () => void): void {
    if (!record) return;
    const tables = record.tables.slice(), indices = [...record.indices.values()];
    const pr = this.walked, pt = this.walkedTable, pi = this.walkedIndices;
    this.walked = record;
    for (let i = 0; i < tables.length; i++) {
      if (this.stopped) break;
      this.budget.spend(1);
      const table = tables[i]!;
      if (!this.allowed(table)) continue;
      this.walkedTable = table;
      this.walkedIndices = indices[i]!;
      this.withThis(table, null, body);
    }
    this.walked = pr; this.walkedTable = pt; this.walkedIndices = pi;
  }

  /** The indices in `table`'s type that match `record` (undefined when none do). */
  private indicesIn(record: IdRecord | undefined, table: Table): readonly number[] | undefined {
    // The table eachTableOf is at, in the record it walks: already known.
    if (record === this.walked && table === this.walkedTable) return this.walkedIndices;
    return record?.indices.get(table);
  }

  private withThis(t: Table, rows: number[] | null, body: () => void): void {
    const pt = this.thisTable, pr = this.thisRows;
    this.thisTable = t; this.thisRows = rows;
    body();
    this.thisTable = pt; this.thisRows = pr;
  }

  private allTables(): Table[] {
    return [...this.world.tables.values()];
  }

  private depth(t: Table): number {
    let d = 0, p = this.world.aliveAt(t.flags.parentIndex);
    while (p !== 0 && d < MAX_UP_DEPTH) { d++; p = this.world.parentOf(p); }
    return d;
  }

  // ---------------------------------------------------------------- terms

  private operTerm(t: PlanTerm, next: () => void): void {
    if (t.oper === 'and') { this.term(t, next); return; }
    // An optional or not term that names $this as component or target is decided per entity, so
    // one entity's match neither removes nor vouches for the others of its table.
    if (this.splitsRows(t)) { this.eachRow(() => this.operTerm(t, next)); return; }
    if (t.oper === 'optional') {
      let matched = false;
      this.term(t, () => { matched = true; next(); });
      if (!matched && !this.stopped) this.unset(t, next);
      return;
    }
    // not: succeeds when nothing matches (variables inside are existential).
    let matched = false;
    const saved = [...this.vars];
    this.probe(() => this.term(t, () => { matched = true; }));
    this.vars.splice(0, this.vars.length, ...saved);
    if (!matched) this.unset(t, next);
  }

  /** The field of an optional or not term that did not match: its id pattern, no source, not set. */
  private unset(t: PlanTerm, next: () => void): void {
    this.showPattern(t, false, next);
  }

  /** Runs next with term t's field showing its id pattern under the current bindings and no source. */
  private showPattern(t: PlanTerm, isSet: boolean, next: () => void): void {
    this.withField(t.field, t.field < 0 ? 0 : this.pattern(t), isSet, next);
  }

  /** Runs next with field f (none when negative) showing `id`, no source, and `isSet`. */
  private withField(f: number, id: Id, isSet: boolean, next: () => void): void {
    if (f < 0) { next(); return; }
    const pi = this.ids[f]!, ps = this.sources[f]!, pset = this.isSet[f]!;
    this.ids[f] = id; this.sources[f] = 0; this.isSet[f] = isSet;
    next();
    this.ids[f] = pi; this.sources[f] = ps; this.isSet[f] = pset;
  }

  /** Runs fn in a mode where it only tests (results of nested matches are not emitted). */
  private probe(fn: () => void): void {
    const stopped = this.stopped;
    fn();
    this.stopped = stopped;
  }

  private operOr(o: PlanOr, next: () => void): void {
    // The first operand that holds wins; a comparison of $this may hold for some entities of a
    // table and not for others, so such a chain is decided one entity at a time.
    if (this.multiRow() && o.terms.some(rowLevel)) { this.eachRow(() => this.operOr(o, next)); return; }
    for (const alt of o.terms) {
      let matched = false;
      this.alternative(alt, o.field, () => { matched = true; next(); });
      if (matched) return;
    }
  }

  /** One operand of an or-chain; a comparison that holds sets the chain's field with no id (0). */
  private alternative(alt: PlanAlt, field: number, next: () => void): void {
    switch (alt.kind) {
      case 'term': this.term(alt, next); return;
      case 'member': this.member(alt, next); return;
      case 'eq': this.eq(alt, () => this.withField(field, 0, true, next)); return;
      default: unreachable(alt, 'or-chain operand');
    }
  }

  /** True when $this is bound to more than one entity (a whole table or several of its rows). */
  private multiRow(): boolean {
    return this.thisTable !== null && !(this.thisRows && this.thisRows.length === 1);
  }

  private scope(s: PlanScope, next: () => void): void {
    if (s.oper === 'and') { this.steps(s.body, 0, next); return; }
    // `!{ $this ~= "ar" }` excludes the entities it holds for, not their whole table.
    if (s.oper === 'not' && this.multiRow() && s.body.some(rowLevel)) { this.eachRow(() => this.scope(s, next)); return; }
    let matched = false;
    const saved = [...this.vars];
    const pt = this.thisTable, pr = this.thisRows;
    this.steps(s.body, 0, () => { matched = true; });
    this.vars.splice(0, this.vars.length, ...saved);
    this.thisTable = pt; this.thisRows = pr;
    if (s.oper === 'not' ? !matched : true) next();
  }

  /** True when the term names $this as component or target while $this is several entities. */
  private splitsRows(t: PlanTerm): boolean {
    return (isThis(t.first) || (t.second !== null && isThis(t.second))) && this.multiRow();
  }

  /** Runs body with $this bound to each entity of the current $this rows in turn. */
  private eachRow(body: () => void): void {
    const table = this.thisTable!;
    const rows = this.thisRows ?? table.entities.map((_, i) => i);
    for (const r of rows) {
      if (this.stopped) return;
      this.budget.spend(1);
      this.withThis(table, [r], body);
    }
  }

  /** Matches one term under the current bindings; calls next per match with bindings applied. */
  private term(t: PlanTerm, next: () => void): void {
    this.budget.spend(1);
    // $this as a component or target needs one entity at a time: split the table into rows.
    if (this.splitsRows(t)) { this.eachRow(() => this.term(t, next)); return; }
    const src = t.src;
    if (src.kind === 'none') { this.showOnly(t, next); return; }
    if (src.kind === 'any') { this.matchAny(t, next); return; }
    if (isThis(src)) {
      const table = this.thisTable;
      if (!table) return;
      if (this.matchTable(t, table, 0, next)) return;
      if (t.up) this.matchUp(t, table, next);
      return;
    }
    const e = src.kind === 'const' ? src.e : src.kind === 'var' ? this.vars[src.v]! : 0;
    if (e !== 0) {
      if (!this.world.isAlive(e)) return;
      const table = this.world.tableOf(e);
      if (this.matchTable(t, table, e, next)) return;
      if (t.up) this.matchUp(t, table, next);
      return;
    }
    if (src.kind !== 'var') return;
    // An unbound variable source: every entity that has the id (or, for `(Rel, 0)`, lacks it).
    const tables = t.second?.kind === 'none' ? this.allTables() : this.termRecord(t)?.tables ?? [];
    for (const table of tables) {
      if (!this.allowed(table)) continue;
      for (const ent of table.entities.slice()) {
        if (this.stopped) return;
        this.budget.spend(1);
        this.vars[src.v] = ent;
        this.matchTable(t, table, ent, next);
      }
      this.vars[src.v] = 0;
    }
  }

  /** A term without a source (`X()`, `$V()`) matches nothing: its field shows the id under the current bindings. */
  private showOnly(t: PlanTerm, next: () => void): void {
    this.showPattern(t, true, next);
  }

  /** `_` as a source: matches once when at least one entity has the id; that entity is the source. */
  private matchAny(t: PlanTerm, next: () => void): void {
    const record = this.termRecord(t);
    if (!record) return;
    for (const table of record.tables) {
      this.budget.spend(1);
      if (!this.allowed(table)) continue;
      for (const ti of record.indices.get(table) ?? []) {
        const id = table.type[ti]!;
        if (!t.second && isPair(id)) continue;
        this.bindAndNext(t, id, table.entities[0]!, next);
        return;
      }
    }
  }

  /** Matches the term against a table's own ids; `source` is recorded for the field. */
  private matchTable(t: PlanTerm, table: Table, source: Entity, next: () => void): boolean {
    if (!t.self) return false;
    if (t.second?.kind === 'none') {
      // `(Rel, 0)`: the table has no (Rel, *) pair at all.
      if (this.termRecord(t)?.indices.get(table)) return false;
      return this.bindAndNext(t, this.memo.pattern, source, next);
    }
    const indices = this.indicesIn(this.termRecord(t), table);
    if (!indices) return false;
    let any = false;
    const anyOnce = t.first.kind === 'any' || t.second?.kind === 'any';
    for (const ti of indices) {
      if (this.stopped) break;
      const id = table.type[ti]!;
      if (!t.second && isPair(id)) continue;
      if (this.bindAndNext(t, id, source, next)) any = true;
      if (anyOnce && any) break;
    }
    return any;
  }

  /** Follows the traversal relationship up from a table; the first entity that has the id is the source. */
  private matchUp(t: PlanTerm, table: Table, next: () => void): boolean {
    this.upMemo.reset();
    const found = this.findUp(t, table, 0);
    if (!found) return false;
    return this.bindAndNext(t, found.id, found.source, next);
  }

  /** What the running up walk searched in vain (see UpWalkMemo). */
  private readonly upMemo = new UpWalkMemo();

  private findUp(t: PlanTerm, table: Table, depth: number): { source: Entity; id: Id } | undefined {
    if (depth > MAX_UP_DEPTH) return undefined;
    const memo = this.upMemo;
    if (!memo.branched) return this.findUpTargets(t, table, depth);
    const isA = t.trav === this.world.core.IsA;
    if (memo.failedFrom(table, isA, depth)) return undefined;
    const found = this.findUpTargets(t, table, depth);
    if (found === undefined) memo.fail(table, isA, depth);
    return found;
  }

  /** One step of findUp: each target of the table's traversal pairs, in order; the first that has the id (itself, by IsA, or further up) is the source. */
  private findUpTargets(t: PlanTerm, table: Table, depth: number): { source: Entity; id: Id } | undefined {
    const targets = this.indicesIn(this.travRecord(t.trav), table);
    if (!targets) return undefined;
    if (targets.length > 1) this.upMemo.branched = true;
    for (const ti of targets) {
      this.budget.spend(1);
      const target = this.world.aliveAt(pairSecondIndex(table.type[ti]!));
      if (target === 0) continue;
      const tt = this.world.tableOf(target);
      const own = this.termRecord(t)?.indices.get(tt);
      if (own) {
        for (const oi of own) { const id = tt.type[oi]!; if (t.second || !isPair(id)) return { source: target, id }; }
      }
      if (t.trav !== this.world.core.IsA && tt.flags.hasIsA) {
        const viaIsA = this.findUp({ ...t, trav: this.world.core.IsA }, tt, depth + 1);
        if (viaIsA) return viaIsA;
      }
      const further = this.findUp(t, tt, depth + 1);
      if (further) return further;
    }
    return undefined;
  }

  /** Binds variables from a matched id, fills the field, and continues. Returns true if bound. */
  private bindAndNext(t: PlanTerm, id: Id, source: Entity, next: () => void): boolean {
    this.budget.spend(1);
    const pair = isPair(id);
    // Variables in the first / second slot (not $this) take the matched id's parts.
    const v1 = t.first.kind === 'var' && t.first.v !== 0 ? t.first.v : 0;
    const v2 = t.second !== null && t.second.kind === 'var' && t.second.v !== 0 ? t.second.v : 0;
    let set1 = false, set2 = false;
    if (v1 !== 0) {
      const value = pair ? this.world.aliveAt(pairFirstIndex(id)) : id;
      const cur = this.vars[v1]!;
      if (cur === 0) { this.vars[v1] = value; set1 = true; } else if (cur !== value) return false;
    }
    if (v2 !== 0) {
      const value = pair ? this.world.aliveAt(pairSecondIndex(id)) : 0;
      const cur = this.vars[v2]!;
      if (cur === 0) { this.vars[v2] = value; set2 = true; } else if (cur !== value) { if (set1) this.vars[v1] = 0; return false; }
    }
    const f = t.field;
    if (f >= 0) {
      const pi = this.ids[f]!, ps = this.sources[f]!, pset = this.isSet[f]!;
      this.ids[f] = id; this.sources[f] = source; this.isSet[f] = true;
      next();
      this.ids[f] = pi; this.sources[f] = ps; this.isSet[f] = pset;
    } else {
      next();
    }
    if (set1) this.vars[v1] = 0;
    if (set2) this.vars[v2] = 0;
    return true;
  }

  /** The record of a term's pattern under the current bindings; `memo.pattern` is then that pattern. */
  private termRecord(t: PlanTerm): IdRecord | undefined {
    const a = this.slotValue(t.first), b = t.second ? this.slotValue(t.second) : -1;
    const memo = this.memo;
    if (memo.find(this.world, t, a, b)) return memo.record;
    const first = a || this.W;
    const pattern = b < 0 ? first : makePair(first, b || this.W);
    return memo.keep(t, a, b, pattern, this.world.record(pattern));
  }

  /** The record of `(trav, *)`: the tables whose entities have a `trav` target. */
  private travRecord(trav: Entity): IdRecord | undefined {
    const memo = this.memo;
    if (memo.find(this.world, memo, trav, 0)) return memo.record;
    const pattern = makePair(trav, this.W);
    return memo.keep(memo, trav, 0, pattern, this.world.record(pattern));
  }

  /** The id pattern of a term under current bindings (unbound variables become wildcards). */
  private pattern(t: PlanTerm): Id {
    const first = this.slotValue(t.first) || this.W;
    if (!t.second) return first;
    return makePair(first, this.slotValue(t.second) || this.W);
  }

  private slotValue(s: Slot): Entity {
    switch (s.kind) {
      case 'const': return s.e;
      case 'var': return s.v === 0 ? this.singleThis() : this.vars[s.v]!;
      // Unbound by nature: a pattern takes a wildcard in their place.
      case 'wildcard': case 'any': case 'none': return 0;
      default: return unreachable(s, 'slot');
    }
  }

  private singleThis(): Entity {
    if (this.thisTable && this.thisRows && this.thisRows.length === 1) return this.thisTable.entities[this.thisRows[0]!]!;
    return 0;
  }

  // ---------------------------------------------------------------- member comparisons

  /** `Fuel.value < 10`: the component's term, then the $this rows whose value passes. */
  private member(m: PlanMember, next: () => void): void {
    this.term(m.term, () => this.memberRows(m, next));
  }

  private memberRows(m: PlanMember, next: () => void): void {
    const table = this.thisTable;
    if (!table || table.count === 0) return;
    const column = table.column(m.component);
    if (!column) {
      // Inherited: every entity of the table has the same bases, so one value decides for all rows.
      this.budget.spend(1);
      const v = memberValue(this.world, table.entities[this.thisRows?.[0] ?? 0]!, m.component, m.leaf);
      if (v !== undefined && memberHolds(m.op, v, m.value)) next();
      return;
    }
    const rows = this.thisRows;
    const n = rows ? rows.length : table.count;
    this.budget.spend(n);
    const keep = keepRows(m.op, column.arrays[m.leaf] as ArrayLike<number>, rows, n, m.value);
    if (keep.length === 0) return;
    this.thisRows = keep.length === table.count ? null : keep;
    next();
    this.thisRows = rows;
  }

  // ---------------------------------------------------------------- equality

  private eq(q: PlanEq, next: () => void): void {
    if (q.left === 0) { this.eqThis(q, next); return; }
    const right = q.right;
    // `$x == $this` compares with one entity at a time.
    if (right.kind === 'var' && right.v === 0 && this.singleThis() === 0) {
      if (this.thisTable) this.eachRow(() => this.eq(q, next));
      return;
    }
    const cur = this.vars[q.left]!;
    if (right.kind === 'string') {
      if (cur === 0) return;
      if (this.nameTest(q, cur)) next();
      return;
    }
    // `$x == *` (the explorer's 'any severity') holds for every value; `$x != *` for none.
    if (right.kind === 'wildcard' || right.kind === 'any') { if (q.op === '==') next(); return; }
    const rv = this.slotValue(right);
    if (q.op === '==') {
      // A side no earlier step bound (plan-contract.ts: FILTER) takes the other side's value.
      if (cur === 0 && rv === 0) return;
      if (cur === 0) { this.vars[q.left] = rv; next(); this.vars[q.left] = 0; return; }
      if (rv === 0 && right.kind === 'var') { this.vars[right.v] = cur; next(); this.vars[right.v] = 0; return; }
      if (cur === rv) next();
      return;
    }
    if (cur !== 0 && rv !== 0 && cur !== rv) next();
  }

  private eqThis(q: PlanEq, next: () => void): void {
    const table = this.thisTable;
    if (!table) return;
    const rows = this.thisRows ?? table.entities.map((_, i) => i);
    this.budget.spend(rows.length);
    if (q.right.kind === 'wildcard' || q.right.kind === 'any') { if (q.op === '==') next(); return; }
    const rv = q.right.kind === 'string' ? 0 : this.slotValue(q.right);
    if (rv === 0 && q.right.kind === 'var') {
      // `$this == $o` with $o bound by no earlier step: each entity binds $o; `!=` has nothing to compare.
      if (q.op !== '==') return;
      const v = q.right.v;
      for (const r of rows) {
        if (this.stopped) return;
        this.vars[v] = table.entities[r]!;
        this.withThis(table, [r], next);
      }
      this.vars[v] = 0;
      return;
    }
    const keep = rows.filter((r) => {
      const e = table.entities[r]!;
      if (q.right.kind === 'string') return this.nameTest(q, e);
      return q.op === '==' ? e === rv : e !== rv;
    });
    if (keep.length === 0) return;
    const prev = this.thisRows;
    this.thisRows = keep.length === table.count && prev === null ? null : keep;
    next();
    this.thisRows = prev;
  }

  private nameTest(q: PlanEq, e: Entity): boolean {
    const name = this.world.nameOf(e) ?? '';
    const s = (q.right as { value: string }).value;
    if (q.op === '~=') return s.startsWith('!') ? !name.includes(s.slice(1)) : name.includes(s);
    return q.op === '==' ? name === s : name !== s;
  }
}

/**
 * The record of each term's id pattern, kept by the term and the values of its two slots: the
 * evaluator asks for the same few patterns once per candidate table, and the world's records are
 * a map keyed by ids that are mostly pairs (numbers past the small-integer range, slow to hash).
 * Kept while the world creates and deletes no record (a result callback may change the world).
 */
class RecordMemo {
  /** The pattern of the last record found or kept. */
  pattern: Id = 0;
  /** The last record found or kept. */
  record: IdRecord | undefined = undefined;
  private readonly keys: object[] = [];
  private readonly a: number[] = [];
  private readonly b: number[] = [];
  private readonly patterns: Id[] = [];
  private readonly records: (IdRecord | undefined)[] = [];
  private created = -1;
  private deleted = -1;

  /** True when the record of `key` with slot values a, b is kept (then in `record` and `pattern`). */
  find(world: World, key: object, a: number, b: number): boolean {
    const c = world.counters;
    if (c.idsCreated !== this.created || c.idsDeleted !== this.deleted) {
      this.keys.length = 0;
      this.created = c.idsCreated; this.deleted = c.idsDeleted;
      return false;
    }
    const keys = this.keys;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] !== key) continue;
      if (this.a[i] !== a || this.b[i] !== b) return false;
      this.pattern = this.patterns[i]!; this.record = this.records[i];
      return true;
    }
    return false;
  }

  /** Keeps the record of `key` (one entry per key, the last values; at most MEMO_KEYS keys); returns it. */
  keep(key: object, a: number, b: number, pattern: Id, record: IdRecord | undefined): IdRecord | undefined {
    this.pattern = pattern; this.record = record;
    let i = this.keys.indexOf(key);
    if (i < 0) {
      if (this.keys.length === MEMO_KEYS) return record;
      i = this.keys.length;
      this.keys.push(key);
    }
    this.a[i] = a; this.b[i] = b; this.patterns[i] = pattern; this.records[i] = record;
    return record;
  }
}

/**
 * Copies of one of the evaluation's arrays for the results: each result gets its own view of the
 * bindings as they were, but a result whose array equals the previous result's shares that copy
 * (results' arrays are read-only), so the fields that stay the same from table to table (sources,
 * is_set, often the ids) cost no allocation.
 */
class Snapshots<T> {
  private last: T[] | null = null;

  /** A read-only copy of `cur` as it is now. */
  of(cur: readonly T[]): readonly T[] {
    const last = this.last;
    if (last !== null) {
      let same = true;
      for (let i = 0; i < cur.length; i++) if (cur[i] !== last[i]) { same = false; break; }
      if (same) return last;
    }
    return (this.last = cur.slice());
  }
}

/** Terms (and traversal relationships) whose records one evaluation keeps: more are looked up each time. */
const MEMO_KEYS = 16;

function isThis(s: Slot): boolean {
  return s.kind === 'var' && s.v === 0;
}

/** True for a step whose outcome may differ between the entities of one table: it compares $this or names it as an id. */
function rowLevel(s: PlanStep): boolean {
  switch (s.kind) {
    case 'eq': return s.left === 0 || isThis(s.right as Slot);
    case 'term': return isThis(s.first) || (s.second !== null && isThis(s.second));
    case 'or': return s.terms.some(rowLevel);
    case 'scope': return s.body.some(rowLevel);
    case 'member': return true;
    default: return unreachable(s, 'plan step');
  }
}
