// Planning: resolve a parsed query against a world (names -> entities, variables -> slots),
// validate it (unknown identifiers, traversal of non-traversable relationships), and order the
// terms for evaluation. A plan is made once and evaluated many times.
import { isPair, pairFirstIndex, type Entity, type Id, type World } from '../ecs';
import { MAX_QUERY_TERMS } from '../protocol/constants';
import { RANK, isSeed } from './plan-contract';
import { unreachable } from '../unreachable';
import {
  QueryParseError, formatQueryError, quote, termsOverLimit, type EqNode, type EqOp, type FromNode, type MemberNode, type MemberOp, type OrNode, type OrOperand,
  type QueryAst, type QueryNode, type Ref, type ScopeNode, type TermNode,
} from './parser';
import { resolveMember } from './member-compare';

/** Where a term's component, target or source comes from. */
export type Slot =
  | { readonly kind: 'const'; readonly e: Entity }
  | { readonly kind: 'var'; readonly v: number }   // v = 0 is $this
  | { readonly kind: 'wildcard' }
  | { readonly kind: 'any' }
  // `0` as a pair target or source, and the empty source of `X()`: no entity.
  | { readonly kind: 'none' };

/** A resolved term. */
export interface PlanTerm {
  readonly kind: 'term';
  /** Result field index (or-chains share one), -1 inside not-scopes. */
  readonly field: number;
  readonly first: Slot;
  readonly second: Slot | null;
  readonly src: Slot;
  readonly oper: 'and' | 'not' | 'optional';
  /** Match the source itself. */
  readonly self: boolean;
  /** Match through `trav` (IsA by default) when the source does not have it. */
  readonly up: boolean;
  /** Relationship followed for `up`. */
  readonly trav: Entity;
  /** Order results breadth-first along the hierarchy. */
  readonly cascade: boolean;
  readonly inout: 'default' | 'in' | 'out' | 'inout' | 'none' | 'filter';
  readonly pos: number;
  /** The syntax node it was planned from (printed by explain; `AND | T` makes one per id of T). */
  readonly node: TermNode;
}

/** An alternative of an or-chain: a term or a comparison (`$this == Sun.Earth`, `Fuel.value < 10`). */
export type PlanAlt = PlanTerm | PlanEq | PlanMember;

/**
 * A resolved or-chain: the first alternative that matches wins (per entity when an alternative
 * compares $this). A comparison that wins sets the field with no id (0) and no source.
 */
export interface PlanOr {
  readonly kind: 'or';
  readonly field: number;
  readonly terms: readonly PlanAlt[];
  /** Always 'and' (OrNode): a negated or optional chain is a scope, `!{ A || B }`. */
  readonly oper: 'and';
  /** Offset of the chain in the expression. */
  readonly pos: number;
  /** The syntax node it was planned from. */
  readonly node: OrNode;
}

/** A resolved scope `{ … }` / `!{ … }`. */
export interface PlanScope {
  readonly kind: 'scope';
  readonly body: readonly PlanStep[];
  readonly oper: 'and' | 'not' | 'optional';
  /** The syntax node it was planned from. */
  readonly node: ScopeNode;
}

/** A resolved equality / name match on a variable. */
export interface PlanEq {
  readonly kind: 'eq';
  readonly op: EqOp;
  readonly left: number;                  // variable
  readonly right: Slot | { readonly kind: 'string'; readonly value: string };
  /** The syntax node it was planned from. */
  readonly node: EqNode;
}

/**
 * A resolved member comparison on $this (`Fuel.value < 10`): the component's term (self|up(IsA),
 * filling the field), then the rows whose member value passes.
 */
export interface PlanMember {
  readonly kind: 'member';
  /** Result field index (its term's), -1 inside scopes. */
  readonly field: number;
  /** The term of the component on $this. */
  readonly term: PlanTerm;
  /** The component entity. */
  readonly component: Entity;
  /** Index of the member's leaf in the component's schema (and of its array in a column). */
  readonly leaf: number;
  readonly op: MemberOp;
  /** The stored value compared with (an f32 member's number rounded to f32, an enum constant's index). */
  readonly value: number;
  readonly pos: number;
  /** The syntax node it was planned from. */
  readonly node: MemberNode;
}

/** One evaluation step. */
export type PlanStep = PlanTerm | PlanOr | PlanScope | PlanEq | PlanMember;

/** What a result field shows: the id as written (variables as wildcards) and how it was asked. */
export interface FieldInfo {
  readonly first: Slot;
  readonly second: Slot | null;
  readonly oper: 'and' | 'not' | 'optional';
  readonly inout: PlanTerm['inout'];
  readonly src: Slot;
  /** Or-chain alternatives (first, second) when the field is an or-chain; a comparison has first `none`. */
  readonly alternatives?: readonly { first: Slot; second: Slot | null }[];
}

/** A compiled query. */
export interface Plan {
  readonly text: string;
  readonly steps: readonly PlanStep[];
  readonly fields: readonly FieldInfo[];
  /** Variable names; index 0 is 'this'. */
  readonly vars: readonly string[];
  /** True when some term uses $this (results have entities). */
  readonly hasThis: boolean;
  /** Disabled / prefab entities match only when the query mentions those ids. */
  readonly matchDisabled: boolean;
  readonly matchPrefab: boolean;
  /**
   * The top-level comparisons (`$x == y`, `!=`, `~=`) and where they stand among the fields (`at`:
   * the number of fields written before it). They are not fields here; the reference counted them
   * as terms and its clients index their result arrays so (the 3.2 reply shape inserts them).
   */
  readonly predicates: readonly { readonly at: number; readonly eq: PlanEq }[];
}

const NO_ID: Slot = { kind: 'none' };

/** Resolves a name written in a query to an entity, 0 when it names nothing (default: World.lookupSymbol). */
export type NameResolver = (text: string) => Entity;

class Planner {
  private readonly vars = ['this'];
  private readonly fields: FieldInfo[] = [];
  private hasThis = false;
  private mentionsDisabled = false;
  private mentionsPrefab = false;
  private readonly predicates: { at: number; eq: PlanEq }[] = [];
  /** Terms and comparisons planned so far, `AND | T` counted as the ids of T (at most MAX_QUERY_TERMS). */
  private termCount = 0;

  private readonly resolve: NameResolver;

  constructor(private readonly world: World, private readonly ast: QueryAst, resolve?: NameResolver) {
    this.resolve = resolve ?? ((text) => world.lookupSymbol(text));
  }

  plan(): Plan {
    const steps = this.nodes(this.ast.nodes, true);
    return {
      text: this.ast.text, steps: order(steps), fields: this.fields, vars: this.vars, hasThis: this.hasThis,
      matchDisabled: this.mentionsDisabled, matchPrefab: this.mentionsPrefab, predicates: this.predicates,
    };
  }

  private fail(reason: string, pos: number): never {
    throw new QueryParseError(reason, this.ast.text, pos);
  }

  private nodes(nodes: readonly QueryNode[], topLevel: boolean): PlanStep[] {
    const out: PlanStep[] = [];
    for (const n of nodes) out.push(...this.node(n, topLevel));
    return out;
  }

  private node(n: QueryNode, topLevel: boolean): PlanStep[] {
    switch (n.type) {
      case 'term': return [this.term(n, topLevel ? this.newField() : -1)];
      case 'or': {
        const field = topLevel ? this.newField() : -1;
        const terms = n.terms.map((t) => this.operand(t, field));
        if (topLevel) {
          // An entity comparison has no id: the field shows `none` for it (and its left variable as source).
          const shown = (t: PlanAlt) => (t.kind === 'term' ? t : t.kind === 'member' ? t.term
            : { first: NO_ID, second: null, inout: 'default' as const, src: { kind: 'var' as const, v: t.left } });
          const lead = shown(terms[0]!);
          this.fields[field] = { first: lead.first, second: lead.second, oper: n.oper, inout: lead.inout, src: lead.src,
            alternatives: terms.map((t) => ({ first: shown(t).first, second: shown(t).second })) };
        }
        return [{ kind: 'or', field, terms, oper: n.oper, pos: n.pos, node: n }];
      }
      case 'scope': return [{ kind: 'scope', body: order(this.nodes(n.body, false)), oper: n.oper, node: n }];
      case 'eq': {
        const eq = this.eq(n);
        if (topLevel) this.predicates.push({ at: this.fields.length, eq });
        return [eq];
      }
      case 'member': return [this.member(n, topLevel ? this.newField() : -1)];
      case 'from': return this.from(n, topLevel);
      default: return unreachable(n, 'query node');
    }
  }

  private operand(t: OrOperand, field: number): PlanAlt {
    switch (t.type) {
      case 'term': return this.term({ ...t, oper: 'and' }, field);
      case 'eq': return this.eq(t);
      case 'member': return this.member(t, field);
      default: return unreachable(t, 'or-chain operand');
    }
  }

  /** `Component.member <op> value`: the component's term on $this (it fills the field) and the comparison. */
  private member(n: MemberNode, field: number): PlanMember {
    const m = resolveMember(this.world, n, this.resolve, (reason, pos) => this.fail(reason, pos));
    const at = n.left.pos;
    const node: TermNode = {
      type: 'term', first: { kind: 'name', text: m.componentText, pos: at }, src: { kind: 'var', name: 'this', pos: at }, srcWritten: false,
      oper: 'and', inout: 'default', pos: n.pos, end: n.end,
    };
    return { kind: 'member', field, term: this.term(node, field), component: m.component, leaf: m.leaf, op: n.op, value: m.value, pos: n.pos, node: n };
  }

  /** Reserves a result field; term() fills it in. */
  private newField(): number {
    this.fields.push(undefined as unknown as FieldInfo);
    return this.fields.length - 1;
  }

  private term(n: TermNode, field: number): PlanTerm {
    this.countTerm(n.pos);
    const first = this.slot(n.first, 'component');
    const second = n.second ? this.target(n.second) : null;
    const src = this.source(n.src);
    // $this anywhere (source, component or target, as in `ChildOf(_, $this)`) makes results entities.
    for (const s of [src, first, second]) if (s?.kind === 'var' && s.v === 0) this.hasThis = true;
    const c = this.world.core;
    for (const s of [first, second]) {
      if (s?.kind === 'const' && s.e === c.Disabled) this.mentionsDisabled = true;
      if (s?.kind === 'const' && s.e === c.Prefab) this.mentionsPrefab = true;
    }
    let self = true, up: boolean, cascade = false, trav = c.IsA;
    if (n.trav) {
      // cascade and desc only order results (breadth-first, descending); they add no matches.
      self = n.trav.self || !n.trav.up;
      up = n.trav.up;
      cascade = n.trav.cascade;
      if (n.trav.rel) {
        const rel = this.slot(n.trav.rel, 'traversal relationship');
        if (rel.kind !== 'const') this.fail('traversal needs a relationship name, not a variable or wildcard', n.trav.rel.pos);
        trav = rel.e;
      }
      if (up && !this.world.owns(trav, c.Traversable)) {
        this.fail(`cannot traverse non-traversable relationship '${this.world.pathOf(trav)}': add the ecs.core.Traversable trait to it`, n.trav.rel?.pos ?? n.trav.pos);
      }
    } else {
      // Default: self|up(IsA) — unless the id cannot be inherited.
      up = !this.notInherited(first, second);
    }
    // `(Rel, 0)` asks for entities without any (Rel, *): a property of the entity itself.
    if (second?.kind === 'none') { self = true; up = false; }
    const term: PlanTerm = { kind: 'term', field, first, second, src, oper: n.oper, self, up, cascade, trav, inout: n.inout, pos: n.pos, node: n };
    if (field >= 0 && this.fields[field] === undefined) this.fields[field] = { first, second, oper: n.oper, inout: n.inout, src };
    return term;
  }

  private notInherited(first: Slot, second: Slot | null): boolean {
    const c = this.world.core;
    if (first.kind !== 'const') return true;
    if (this.world.owns(first.e, c.DontInherit) || first.e === c.Prefab || first.e === c.Disabled || first.e === c.IsA) return true;
    void second;
    return false;
  }

  /** Counts one term at `pos` against MAX_QUERY_TERMS (the parser counted `AND | T` as one). */
  private countTerm(pos: number, what?: string): void {
    if (++this.termCount > MAX_QUERY_TERMS) this.fail(termsOverLimit(what), pos);
  }

  private eq(n: EqNode): PlanEq {
    this.countTerm(n.pos);
    if (n.left.kind !== 'var') this.fail(`the left side of '${n.op}' must be a variable such as $this`, n.left.pos);
    const left = this.varIndex(n.left.name);
    if (left === 0) this.hasThis = true;
    if (n.right.kind === 'string') return { kind: 'eq', op: n.op, left, right: { kind: 'string', value: n.right.value }, node: n };
    if (n.op === '~=') this.fail(`'~=' compares with a quoted string, as in $this ~= "ar"`, n.right.pos);
    const right = this.slot(n.right, 'entity');
    // `$o == $this` names $this as much as `$this == $o` does: results are entities.
    if (right.kind === 'var' && right.v === 0) this.hasThis = true;
    return { kind: 'eq', op: n.op, left, right, node: n };
  }

  private from(n: FromNode, topLevel: boolean): PlanStep[] {
    const ref = this.slot(n.ref, 'type entity');
    if (ref.kind !== 'const') this.fail('AND | / OR | / NOT | need an entity whose type to use', n.ref.pos);
    const ids = this.world.typeOf(ref.e).filter((id) => this.passedOn(id));
    const node = (id: number, oper: 'and' | 'not' | 'optional'): TermNode => {
      const parts = this.world.idPath(id);
      return {
        type: 'term', first: { kind: 'name', text: parts[0]!, pos: n.pos }, second: parts[1] !== undefined ? { kind: 'name', text: parts[1], pos: n.pos } : undefined,
        src: { kind: 'var', name: 'this', pos: n.pos }, srcWritten: false, oper, inout: 'default', pos: n.pos, end: n.end,
      };
    };
    if (ids.length === 0) return [];
    if (this.termCount + ids.length > MAX_QUERY_TERMS) {
      this.fail(termsOverLimit(`${quote(`${n.op.toUpperCase()} | ${this.world.pathOf(ref.e)}`)} (it stands for ${ids.length} ids)`), n.pos);
    }
    if (n.op === 'or') return this.node({ type: 'or', terms: ids.map((id) => node(id, 'and')), oper: 'and', pos: n.pos, end: n.end }, topLevel);
    return ids.flatMap((id) => this.node(node(id, n.op === 'not' ? 'not' : 'and'), topLevel));
  }

  /**
   * True when an instance of a prefab gets `id` from it: not the ids that describe the prefab
   * itself (its name, place in the tree, doc fields, its own IsA) nor those marked DontInherit
   * (Prefab, Disabled). `AND | SpaceShip` then asks for what the ships have, not for being
   * SpaceShip; the reference's engine skips the ids it marks DontInherit the same way.
   */
  private passedOn(id: Id): boolean {
    const c = this.world.core;
    const first = isPair(id) ? this.world.aliveAt(pairFirstIndex(id)) : id;
    if (first === c.Identifier || first === c.ChildOf || first === c.Description || first === c.IsA) return false;
    return !this.world.owns(first, c.DontInherit);
  }

  private varIndex(name: string): number {
    const i = this.vars.indexOf(name);
    if (i >= 0) return i;
    this.vars.push(name);
    return this.vars.length - 1;
  }

  private source(r: Ref): Slot {
    if (r.kind === 'singleton') return { kind: 'const', e: -1 };   // patched by the caller: the component itself
    if (r.kind === 'id' && r.value === 0) return { kind: 'none' };
    return this.slot(r, 'source');
  }

  private target(r: Ref): Slot {
    return r.kind === 'id' && r.value === 0 ? { kind: 'none' } : this.slot(r, 'target');
  }

  private slot(r: Ref, what: string): Slot {
    switch (r.kind) {
      case 'var': return { kind: 'var', v: this.varIndex(r.name) };
      case 'wildcard': return { kind: 'wildcard' };
      case 'any': return { kind: 'any' };
      case 'id': {
        if (!this.world.isAlive(r.value)) this.fail(`unresolved identifier '${r.value}': no alive entity has that id`, r.pos);
        return { kind: 'const', e: r.value };
      }
      case 'name': {
        const e = this.resolve(r.text);
        if (e === 0) this.fail(`unresolved identifier ${quote(r.text)}`, r.pos);
        return { kind: 'const', e };
      }
      case 'string': return this.fail(`a quoted string cannot be used as a ${what}`, r.pos);
      case 'singleton': return this.fail(`'$' alone is only valid as a source, as in Position($)`, r.pos);
      default: return unreachable(r, 'reference');
    }
  }
}

/** Resolves and orders a parsed query. Throws QueryParseError for unknown names and bad traversal. */
export function planQuery(world: World, ast: QueryAst, resolve?: NameResolver): Plan {
  const plan = new Planner(world, ast, resolve).plan();
  // `Position($)`: the singleton source is the component entity itself.
  const patch = (steps: readonly PlanStep[]): PlanStep[] => steps.map((s) => {
    if (s.kind === 'term' && s.src.kind === 'const' && s.src.e === -1) return { ...s, src: s.first.kind === 'const' ? { kind: 'const', e: s.first.e } : s.first };
    if (s.kind === 'or') return { ...s, terms: patch(s.terms) as PlanAlt[] };
    if (s.kind === 'scope') return { ...s, body: patch(s.body) };
    return s;
  });
  return { ...plan, steps: patch(plan.steps) };
}

/** Evaluation order by rank (plan-contract.ts: the evaluator relies on it), stable within a rank. */
function order(steps: PlanStep[]): PlanStep[] {
  const rank = (s: PlanStep): number => {
    switch (s.kind) {
      case 'eq': return isSeed(s) ? RANK.SEED : RANK.FILTER;
      case 'scope': return s.oper === 'and' ? RANK.THIS : RANK.EXCLUDE;
      // An or-chain with a comparison compares values: after every term that binds them.
      case 'or': return s.terms.some((t) => t.kind === 'eq') ? RANK.FILTER : RANK.THIS;
      // A member comparison is a term on $this that keeps some of its rows.
      case 'member': return RANK.THIS;
      case 'term':
        if (s.oper === 'not') return RANK.EXCLUDE;
        if (s.oper === 'optional') return RANK.FILTER;
        // A term without a source only shows its id: it runs last, when its variables are bound.
        if (s.src.kind === 'none') return RANK.SHOW;
        if (s.src.kind === 'const') return RANK.FIXED_SOURCE;
        // Terms on another variable run after the $this terms that narrow the tables.
        return s.src.kind === 'var' && s.src.v === 0 ? RANK.THIS : RANK.OTHER_SOURCE;
      default: return unreachable(s, 'plan step');
    }
  };
  return steps.map((s, i) => ({ s, i, r: rank(s) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.s);
}

export { formatQueryError };
