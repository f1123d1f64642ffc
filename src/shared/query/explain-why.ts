// The wording half of explain.ts: runs sub-plans of a query with $this pinned to one entity, and
// says why a step that the engine found false is false — the id the source lacks, the traversal
// that found nothing, the variable nothing could bind, the `!` term that excluded the entity.
import { entityIndex, isPair, makePair, pairFirstIndex, pairSecondIndex, type Entity, type Id, type World } from '../ecs';
import { unreachable } from '../unreachable';
import type { QueryBudget } from './budget';
import { Evaluation, type QueryResult } from './evaluate';
import { memberValue, valueText } from './member-compare';
import { printMemberValue } from './parser';
import type { Plan, PlanAlt, PlanEq, PlanMember, PlanStep, PlanTerm, Slot } from './plan';
import { MAX_UP_DEPTH } from './up-walk';

/** What kind of reason a step failed for. */
export type WhyNotCode =
  /** The source does not have the id (and there is nothing to inherit it from). */
  | 'missing'
  /** The source does not have the id, nor does anything up its traversal relationship (IsA by default). */
  | 'not-inherited'
  /** An up-only term (`up(ChildOf)`) on a source without that relationship: nothing to traverse. */
  | 'traversal'
  /** A variable could not be bound: no entity has the id the term needs. */
  | 'unbound-variable'
  /** The source has the relationship, but not with the value an earlier step (or the caller) bound. */
  | 'wrong-binding'
  /** A `!` term or `!{ … }` scope matched, or `(Rel, 0)` found a pair: the entity is excluded. */
  | 'excluded'
  /** No alternative of an or-chain matched. */
  | 'no-alternative'
  /** A `{ … }` scope found no match (the message says which of its steps failed). */
  | 'scope'
  /** An equality (`==`, `!=`) or name match (`~=`) is false. */
  | 'not-equal'
  /** A member comparison (`Fuel.value < 10`) is false for the entity's value. */
  | 'value'
  /** The fixed or bound source is not an alive entity. */
  | 'source-gone';

/** Why one step failed. */
export interface WhyNot {
  readonly code: WhyNotCode;
  /** A sentence naming the source, the id and (for variables) the value bound. */
  readonly message: string;
}

/** Caps the lists in messages (bases, ancestors, ids) so a deep hierarchy gives a short sentence. */
const LIST_MAX = 5;

/** Runs sub-plans of one plan with $this pinned to one entity, and words failures. */
export class StepProbe {
  private readonly table;
  private readonly row: number;

  constructor(
    private readonly world: World, private readonly plan: Plan, readonly entity: Entity, private readonly bound: readonly Entity[],
    private readonly budget: QueryBudget,
  ) {
    const loc = world.locate(entity);
    this.table = loc.table;
    this.row = loc.row;
  }

  /** The first result of `steps` (a prefix or part of the plan) for the entity, or undefined. */
  first(steps: readonly PlanStep[], bound: readonly Entity[] = this.bound): QueryResult | undefined {
    if (steps.length === 0) return undefined;
    let found: QueryResult | undefined;
    new Evaluation(this.world, { ...this.plan, steps }, this.budget, bound).run((r) => { found = r; return false; }, this.table, [this.row]);
    return found;
  }

  /** The entity a term's source names under `vars` (0 for none, `_` or an unbound variable). */
  sourceOf(t: PlanTerm, vars: readonly Entity[]): Entity {
    if (t.src.kind === 'const') return t.src.e;
    if (t.src.kind === 'var') return t.src.v === 0 ? this.entity : vars[t.src.v] ?? 0;
    return 0;
  }

  /** Why `step` fails under `vars` (the bindings of the steps before it). */
  why(step: PlanStep, vars: readonly Entity[]): WhyNot {
    switch (step.kind) {
      case 'term': return step.oper === 'not' ? this.excluded(step, vars) : this.termWhy(step, vars);
      case 'or': {
        const reasons = step.terms.map((t) => this.alternativeWhy(t, vars).message);
        return { code: 'no-alternative', message: `no alternative matched: ${reasons.join('; ')}` };
      }
      case 'scope': {
        if (step.oper === 'not') return { code: 'excluded', message: `every step inside the negated scope matched, so ${this.name(this.entity)} is excluded` };
        let k = 0, r: QueryResult | undefined;
        for (; k < step.body.length; k++) {
          const next = this.first(step.body.slice(0, k + 1), vars);
          if (!next) break;
          r = next;
        }
        const inner = k < step.body.length ? this.why(step.body[k]!, r?.vars ?? vars).message : 'its steps did not match together';
        return { code: 'scope', message: `the scope found no match: ${inner}` };
      }
      case 'eq': return this.eqWhy(step, vars);
      case 'member': return this.memberWhy(step, vars);
      default: return unreachable(step, 'plan step');
    }
  }

  private alternativeWhy(t: PlanAlt, vars: readonly Entity[]): WhyNot {
    switch (t.kind) {
      case 'term': return this.termWhy(t, vars);
      case 'eq': return this.eqWhy(t, vars);
      case 'member': return this.memberWhy(t, vars);
      default: return unreachable(t, 'or-chain operand');
    }
  }

  /** "Fuel.value is 42.5, not < 10", or why the entity has no such component. */
  private memberWhy(m: PlanMember, vars: readonly Entity[]): WhyNot {
    const v = memberValue(this.world, this.entity, m.component, m.leaf);
    if (v === undefined) return this.termWhy(m.term, vars);
    const leaf = this.world.dataOf(m.component)!.schema!.leaves[m.leaf]!;
    return { code: 'value', message: `${m.node.left.text} is ${valueText(leaf, v)}, not ${m.op} ${printMemberValue(m.node.right)}` };
  }

  /** Path of an entity for a message. */
  name(e: Entity): string {
    return this.world.isAlive(e) ? this.world.pathOf(e) : `entity ${e}`;
  }

  private excluded(t: PlanTerm, vars: readonly Entity[]): WhyNot {
    const text = patternText(this.world, this.plan, t, vars, this.entity);
    const r = this.first([{ ...t, oper: 'and' }], vars);
    if (!r || t.field < 0) return { code: 'excluded', message: `excluded by !${text}: it matched` };
    const src = r.sources[t.field]! || this.entity;
    const own = this.sourceOf(t, r.vars);
    const how = src === own ? '' : ` (through ${this.name(t.trav)}, from ${this.name(src)})`;
    return { code: 'excluded', message: `excluded by !${text}: ${this.name(own)} has ${this.world.idText(r.ids[t.field]!)}${how}` };
  }

  private termWhy(t: PlanTerm, vars: readonly Entity[]): WhyNot {
    const w = this.world;
    const pat = patternText(w, this.plan, t, vars, this.entity);
    const unbound = unboundVars(this.plan, t, vars);
    const cannotBind = unbound.length ? `, so ${unbound.map((v) => '$' + v).join(' and ')} cannot be bound` : '';
    if (t.src.kind === 'any') return { code: 'missing', message: `no entity has ${pat}` };
    if (t.src.kind === 'none') return { code: 'missing', message: `${pat} did not match` };
    const src = this.sourceOf(t, vars);
    if (src === 0) {
      const tables = w.record(patternId(w, t, vars, this.entity))?.tables.filter((tb) => tb.count > 0) ?? [];
      const v = '$' + this.plan.vars[(t.src as { v: number }).v];
      if (tables.length === 0) return { code: 'unbound-variable', message: `no entity has ${pat}, so ${v} cannot be bound` };
      return { code: 'unbound-variable', message: `no entity that has ${pat} can be ${v}: those that have it are disabled or prefabs, or fail the steps before` };
    }
    if (!w.isAlive(src)) return { code: 'source-gone', message: `the source ${src} is not an alive entity` };
    const S = this.name(src);
    const id = patternId(w, t, vars, this.entity);
    if (t.second?.kind === 'none') {
      const has = w.typeOf(src).filter((x) => matchesPattern(x, id, w.core.Wildcard));
      return { code: 'excluded', message: `${S} has ${list(has.map((x) => w.idText(x)))}, and ${pat} asks for none` };
    }
    // The relationship is there, with another target than the bound variable's value.
    const bound = slotVars(t).filter((v) => vars[v]);
    if (bound.length > 0) {
      const loose = patternId(w, t, vars, this.entity, true);
      const has = w.typeOf(src).filter((x) => matchesPattern(x, loose, w.core.Wildcard));
      if (has.length > 0) {
        // A value the caller gave stays given whatever steps ran before; the others were bound by them.
        const from = (v: number) => (this.bound[v] ? 'given' : 'bound by the steps before');
        const values = bound.map((v) => `$${this.plan.vars[v]} = ${this.name(vars[v]!)}, ${from(v)}`).join('; ');
        return { code: 'wrong-binding', message: `${S} has ${list(has.map((x) => w.idText(x)))}, not ${pat} (${values})` };
      }
    }
    const ownsIt = w.ownsId(src, id);
    if (!t.up) return { code: unbound.length ? 'unbound-variable' : 'missing', message: `${S} has no ${pat}${cannotBind}` };
    const trav = this.name(t.trav);
    const chain = this.upChain(src, t.trav);
    const names = list(chain.map((e) => this.name(e)));
    if (!t.self) {
      const own = ownsIt ? ` (its own ${pat} does not count: the term looks only up ${trav})` : '';
      if (chain.length === 0) return { code: 'traversal', message: `${S} has no (${trav}, *) pair to traverse up${own}` };
      return { code: 'not-inherited', message: `nothing up ${S}'s ${trav} chain (${names}) has ${pat}${cannotBind}${own}` };
    }
    if (ownsIt) return { code: 'missing', message: `${S} has ${pat}, but not with the bindings of the other steps` };
    if (chain.length === 0) return { code: unbound.length ? 'unbound-variable' : 'missing', message: `${S} has no ${pat}${cannotBind}` };
    return { code: 'not-inherited', message: `${S} has no ${pat}, and nothing up its ${trav} chain (${names}) has it${cannotBind}` };
  }

  /** Entities reached from `e` by following `trav` (and IsA from those, as the engine does). */
  private upChain(e: Entity, trav: Entity): Entity[] {
    const w = this.world, out: Entity[] = [], seen = new Set<Entity>([e]);
    const walk = (from: Entity, rel: Entity, depth: number): void => {
      if (depth > MAX_UP_DEPTH) return;
      for (const id of w.typeOf(from)) {
        if (!isPair(id) || pairFirstIndex(id) !== entityIndex(rel)) continue;
        const target = w.aliveAt(pairSecondIndex(id));
        if (target === 0 || seen.has(target)) continue;
        seen.add(target);
        out.push(target);
        if (rel !== w.core.IsA) walk(target, w.core.IsA, depth + 1);
        walk(target, rel, depth + 1);
      }
    };
    walk(e, trav, 0);
    return out;
  }

  private eqWhy(q: PlanEq, vars: readonly Entity[]): WhyNot {
    const left = q.left === 0 ? this.entity : vars[q.left] ?? 0;
    const lname = '$' + this.plan.vars[q.left];
    if (left === 0) return { code: 'unbound-variable', message: `${lname} is not bound by any step before ${lname} ${q.op} …` };
    const L = this.name(left);
    if (q.right.kind === 'string') {
      const name = this.world.nameOf(left) ?? '';
      return { code: 'not-equal', message: `${L}'s name ${JSON.stringify(name)} fails ${q.op} ${JSON.stringify(q.right.value)}` };
    }
    const right = slotValue(q.right, vars, this.entity);
    const R = right === 0 ? slotText(this.world, this.plan, q.right) : this.name(right);
    return { code: 'not-equal', message: q.op === '==' ? `${lname} is ${L}, not ${R}` : `${lname} is ${L}, the same entity as ${R}` };
  }
}

function list(items: readonly string[]): string {
  return items.length <= LIST_MAX ? items.join(', ') : `${items.slice(0, LIST_MAX).join(', ')} and ${items.length - LIST_MAX} more`;
}

function slotValue(s: Slot, vars: readonly Entity[], self: Entity): Entity {
  if (s.kind === 'const') return s.e;
  if (s.kind === 'var') return s.v === 0 ? self : vars[s.v] ?? 0;
  return 0;
}

/** A slot as written: a path, `$name`, `*`, `_` or `0`. */
export function slotText(world: World, plan: Plan, s: Slot): string {
  switch (s.kind) {
    case 'const': return world.isAlive(s.e) ? world.pathOf(s.e) : String(s.e);
    case 'var': return '$' + plan.vars[s.v];
    case 'wildcard': return '*';
    case 'any': return '_';
    case 'none': return '0';
    default: return unreachable(s, 'slot');
  }
}

/** The term's id under the bindings: bound variables (and $this) by path, unbound ones as `$name`. */
function patternText(world: World, plan: Plan, t: PlanTerm, vars: readonly Entity[], self: Entity): string {
  const part = (s: Slot): string => {
    const v = slotValue(s, vars, self);
    return v !== 0 && s.kind === 'var' ? world.pathOf(v) : slotText(world, plan, s);
  };
  return t.second ? `(${part(t.first)}, ${part(t.second)})` : part(t.first);
}

/** The term's id with unbound variables (and, when `loose`, bound ones other than $this) as wildcards. */
function patternId(world: World, t: PlanTerm, vars: readonly Entity[], self: Entity, loose = false): Id {
  const W = world.core.Wildcard;
  const part = (s: Slot): Entity => (loose && s.kind === 'var' && s.v !== 0 ? 0 : slotValue(s, vars, self)) || W;
  return t.second ? makePair(part(t.first), part(t.second)) : part(t.first);
}

function matchesPattern(id: Id, pattern: Id, W: Entity): boolean {
  if (isPair(pattern) !== isPair(id)) return false;
  if (!isPair(pattern)) return pattern === W || pattern === id;
  const w = entityIndex(W);
  const pf = pairFirstIndex(pattern), ps = pairSecondIndex(pattern);
  return (pf === w || pf === pairFirstIndex(id)) && (ps === w || ps === pairSecondIndex(id));
}

function slotVars(t: PlanTerm): number[] {
  return [t.first, t.second].flatMap((s) => (s?.kind === 'var' && s.v !== 0 ? [s.v] : []));
}

function unboundVars(plan: Plan, t: PlanTerm, vars: readonly Entity[]): string[] {
  return slotVars(t).filter((v) => !vars[v]).map((v) => plan.vars[v]!);
}
