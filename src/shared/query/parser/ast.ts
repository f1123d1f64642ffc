// The syntax tree of the query DSL. It records what was written, not what it means: names are
// not resolved and defaults that need the world (e.g. `up` meaning up(IsA)) are left undecided,
// so the planner alone owns semantics. Positions are 0-based UTF-16 offsets into the query text.
import { COMPARE_OPS, MEMBER_OPS, type CompareOp, type MemberOp } from '../../protocol/constants';

/** A reference to an entity, id, variable or literal as written in a query. */
export type Ref =
  | { kind: 'name'; text: string; pos: number }      // Position, Sun.Earth, ecs.core.Prefab
  | { kind: 'id'; value: number; pos: number }       // 9  (non-negative safe integer)
  | { kind: 'var'; name: string; pos: number }       // $food; $this and $This -> name 'this'
  | { kind: 'wildcard'; pos: number }                // *
  | { kind: 'any'; pos: number }                     // _
  | { kind: 'singleton'; pos: number }               // $ (only as a source)
  | { kind: 'string'; value: string; pos: number };  // "Sun" (only right of == != ~=)

/** Traversal flags written inside a term's source parentheses, e.g. `self|up(ChildOf)`. */
export interface Traversal {
  /** `self` was written. */
  self: boolean;
  /** `up`, `up(Rel)` or `parent` was written. */
  up: boolean;
  /** `cascade` or `cascade(Rel)` was written. */
  cascade: boolean;
  /** `desc` was written. */
  desc: boolean;
  /** Relationship of up(Rel)/cascade(Rel); `parent` gives ChildOf; undefined lets the planner pick (IsA). */
  rel?: Ref;
  /** Offset of the first traversal keyword. */
  pos: number;
}

/** Access modifier of a term: `[in]`, `[out]`, `[inout]`, `[none]`, `[filter]`; 'default' when none was written. */
export type InOut = 'default' | 'in' | 'out' | 'inout' | 'none' | 'filter';

/** Operator of a term: 'and' (plain), 'not' (`!T`) or 'optional' (`?T`). */
export type Oper = 'and' | 'not' | 'optional';

/** One term: a component, tag or pair matched on a source. */
export interface TermNode {
  type: 'term';
  /** Component, relationship or tag. */
  first: Ref;
  /** Pair target when the term is a pair. */
  second?: Ref;
  /** Source; {kind:'var', name:'this', pos:<term pos>} when none was written. */
  src: Ref;
  /** True when the source was written explicitly (even when it is `$this`). */
  srcWritten: boolean;
  /** Undefined when no traversal was written. */
  trav?: Traversal;
  oper: Oper;
  inout: InOut;
  /** Start offset (including access modifier and operator). */
  pos: number;
  /** End offset, exclusive. */
  end: number;
}

/** An or-chain `A || B || C`: one term group whose operands are terms or comparisons (`$this == Sun.Earth || Fuel.value < 10`). */
/** An or-chain; always 'and': the grammar refuses `!` and `?` on `||` (write `!{ A || B }`). */
export interface OrNode { type: 'or'; terms: OrOperand[]; oper: 'and'; pos: number; end: number }

/** An operand of an or-chain: a term or a comparison. */
export type OrOperand = TermNode | EqNode | MemberNode;

/** A scope `{ A, B }`, `!{ … }` or `?{ … }`. */
export interface ScopeNode { type: 'scope'; body: QueryNode[]; oper: 'and' | 'not' | 'optional'; pos: number; end: number }

// The comparison operators live with the protocol's words (clients such as the explorer offer them
// without the query engine); this is where the language takes them from.
export { COMPARE_OPS, MEMBER_OPS, type CompareOp, type MemberOp };

/** The operators that compare entities or match names: `==`, `!=`, `~=`. */
export type EqOp = Extract<CompareOp, '==' | '!=' | '~='>;

/** The operators of EqOp, as a list. */
export const EQ_OPS: readonly EqOp[] = ['==', '!=', '~='];

/** True for the operators that compare entities or match names. */
export function isEqOp(op: CompareOp): op is EqOp {
  return (EQ_OPS as readonly CompareOp[]).includes(op);
}

/** An equality or name match: `$this == Sun`, `$f != $g`, `$this ~= "ar"`. */
export interface EqNode { type: 'eq'; op: EqOp; left: Ref; right: Ref; pos: number; end: number }

/** The right side of a member comparison: a number, or an enum constant by name. */
export type MemberValue = { kind: 'number'; value: number; pos: number } | { kind: 'name'; text: string; pos: number };

/**
 * A member comparison on $this: `Fuel.value < 10`, `Shape.kind == Ship`. `left` is the component
 * and member path as written; the planner splits it (the component's path may hold dots too).
 */
export interface MemberNode { type: 'member'; op: MemberOp; left: { kind: 'name'; text: string; pos: number }; right: MemberValue; pos: number; end: number }

/** `AND | T`, `OR | T`, `NOT | T`: terms taken from the type of entity T. */
export interface FromNode { type: 'from'; op: 'and' | 'or' | 'not'; ref: Ref; pos: number; end: number }

/** Any top-level or scope-level element of a query. */
export type QueryNode = TermNode | OrNode | ScopeNode | EqNode | MemberNode | FromNode;

/** A parsed query: the original text and its comma-separated elements in order. */
export interface QueryAst { text: string; nodes: QueryNode[] }
