// The query DSL parser: one pass over the text, no backtracking, recursion only for nested
// scopes (capped at MAX_SCOPE_DEPTH = MAX_QUERY_NESTING). The terms and variables of the whole
// query are then counted against their limits (limits.ts). Names are not resolved here; the planner does that.
//
// Accepted forms (whitespace — space, tab, CR, LF, VT, FF — may appear between any tokens):
//   query    := [ item { ',' item } [ ',' ] ]          empty / blank text = zero terms
//   item     := scope | from | eq | member | orchain
//   scope    := [ '!' | '?' ] '{' item { ',' item } [ ',' ] '}'      non-empty, ≤ MAX_QUERY_NESTING deep
//   from     := ( 'AND' | 'OR' | 'NOT' ) '|' ref        AND | SpaceShip (a single '|')
//   eq       := ref eqop ( ref | string )   eqop: == != ~= (EQ_OPS, ast.ts)   $this == "Sun"
//   member   := name memberop ( number | name )    Fuel.value < 10, Shape.kind == Ship
//               memberop: == != <= >= < > (MEMBER_OPS); number := ['-'] digits ['.' digits] [('e'|'E') ['+'|'-'] digits]
//               a name on the left of an operator other than ~= is Component.member
//   orchain  := operand { '||' operand }      operands take no '!' / '?' (use !{ A || B })
//   operand  := term | eq | member                     $this == Sun.Earth || $this == Sun.Mars
//   term     := [ access ] [ '!' | '?' ] body          the two prefixes in either order
//   access   := '[' ( 'in' | 'out' | 'inout' | 'none' | 'filter' ) ']'
//   body     := '(' ref ',' ref ')'                     pair on $this
//             | ref [ '(' args ')' ]
//   args     := source [ ',' ref ]                      Eats($this, Apples)
//   source   := src | trav | src ':' trav | trav ':' src
//               Sun.Earth:up(ChildOf) and parent:Sun.Earth are both accepted
//   src      := ref | '$'                               '$' = singleton (the component itself)
//   trav     := tkw { '|' tkw }                         each keyword at most once
//   tkw      := 'self' | 'up' [ '(' ref ')' | ref ] | 'parent' | 'cascade' [ '(' ref ')' | ref ] | 'desc'
//               parent = up(ChildOf); at most one relationship per term
// Flecs 4 forms, accepted as well: a source joined to its traversal by '|' ($this|up ChildOf),
// the relationship after a space (up ChildOf), '|self' on a term's id or target (Position|self,
// IsA($this, $base|self)), and ids written #123 (#0: no entity).
//   ref      := name | number | '$' var | '*' | '_'
//   name     := seg { '.' seg }   seg = [A-Za-z_ or letter][A-Za-z0-9_ or letter/mark/digit]*
//   string   := '"' { char | '\"' | '\\' } '"'         only on the right of == != ~=
// A name equal to a traversal keyword in source position is the keyword: an entity named `up`
// cannot be a source. `_` alone is Any, `$this` and `$This` are the default source 'this'.
// Two items without a comma between them are rejected (the reference accepted them silently).
import { MAX_QUERY_NESTING } from '../../protocol/constants';
import {
  COMPARE_OPS, isEqOp, type CompareOp, type MemberNode, type MemberOp, type Oper, type OrOperand, type QueryAst, type QueryNode, type Ref, type ScopeNode, type TermNode,
} from './ast';
import { Cursor, quote, type StepCounter } from './cursor';
import { QueryParseError } from './errors';
import { checkQuerySize } from './limits';
import { type Prefixes, checkPlain, expected, makeTerm, readCallTerm, readIdFlags, readPairTerm, readPlainRef, readRef } from './terms';

/** Deepest allowed nesting of scopes `{ … }` (the protocol's MAX_QUERY_NESTING). */
export const MAX_SCOPE_DEPTH = MAX_QUERY_NESTING;

/** Options of parseQuery; `counter.steps` grows by one per character and token consumed. */
export interface ParseOptions { counter?: StepCounter }

const ACCESS = new Set(['in', 'out', 'inout', 'none', 'filter']);
const FROM_OPS = new Map<string, 'and' | 'or' | 'not'>([['AND', 'and'], ['OR', 'or'], ['NOT', 'not']]);
const OPER_CHAR: Record<Oper, string> = { and: '', not: '!', optional: '?' };

/** Parses a query expression into its syntax tree. Throws QueryParseError (only) on bad input. */
export function parseQuery(text: string, opts?: ParseOptions): QueryAst {
  if (typeof text !== 'string') throw new QueryParseError(`the query must be a string, got ${typeof text}`, '', 0);
  const c = new Cursor(text, opts?.counter);
  const ast = { text, nodes: readList(c, 0) };
  checkQuerySize(ast);
  return ast;
}

/** Items up to the end (depth 0) or up to the closing '}' of a scope, which is left unread. */
function readList(c: Cursor, depth: number): QueryNode[] {
  const nodes: QueryNode[] = [];
  c.skipWs();
  while (!c.atEnd() && !(depth > 0 && c.at('}'))) {
    nodes.push(readItem(c, depth));
    c.skipWs();
    if (c.at(',')) {
      c.advance();
      c.skipWs();
    } else if (!c.atEnd() && !(depth > 0 && c.at('}'))) {
      if (canStartItem(c)) c.fail(`expected ',' between terms`);
      unexpected(c, depth);
    }
  }
  return nodes;
}

function canStartItem(c: Cursor): boolean {
  return c.identStart() || c.digit() || '$(!?[{*"'.includes(c.text[c.pos]!);
}

function unexpected(c: Cursor, depth: number): never {
  const ch = c.describe();
  if (c.atEnd()) c.fail(`unexpected end of query`);
  if (ch === '}' && depth === 0) c.fail(`unexpected character '}': no scope '{' is open`);
  if (ch === ')') c.fail(`unexpected character ')': no '(' is open`);
  if (ch === '|') c.fail(`unexpected character '|'; write '||' between the alternatives of an or-chain`);
  if (ch === '=') c.fail(`unexpected character '='; compare with '==', as in $this == Sun`);
  if (ch === '-' && c.peek(1) >= 48 && c.peek(1) <= 57) c.fail(`unexpected character '-': ids are non-negative whole numbers`);
  c.fail(`unexpected character '${ch}'`);
}

function readItem(c: Cursor, depth: number): QueryNode {
  const start = c.pos;
  const p = readPrefixes(c);
  if (c.at('{')) {
    if (p.inoutPos >= 0) c.fail(`an access modifier cannot apply to a scope; put it on the terms inside`, p.inoutPos);
    const scope = readScope(c, depth, start, p.oper);
    c.skipWs();
    if (isOr(c)) c.fail(`a scope cannot be an operand of '||'; put the or-chain inside it, as in { A || B }`);
    return scope;
  }
  const node = readPrimary(c, p, start, depth, false);
  c.skipWs();
  if ((node.type !== 'term' && node.type !== 'eq' && node.type !== 'member') || !isOr(c)) return node;
  if (p.operPos >= 0) c.fail(orOperMessage(p.oper), p.operPos);
  const terms: OrOperand[] = [node];
  while (isOr(c)) {
    c.advance(2);
    c.skipWs();
    const at = c.pos;
    const q = readPrefixes(c);
    if (q.operPos >= 0) c.fail(orOperMessage(q.oper), q.operPos);
    if (c.at('{')) c.fail(`a scope cannot be an operand of '||'; put the or-chain inside it, as in { A || B }`);
    terms.push(readPrimary(c, q, at, depth, true) as OrOperand);
    c.skipWs();
  }
  return { type: 'or', terms, oper: 'and', pos: start, end: terms[terms.length - 1]!.end };
}

function isOr(c: Cursor): boolean {
  return c.at('|') && c.peek(1) === 124;
}

function orOperMessage(oper: Oper): string {
  return `'${OPER_CHAR[oper]}' cannot be combined with '||'; to apply it to the whole or-chain use a scope, as in ${OPER_CHAR[oper]}{ A || B }`;
}

function readPrefixes(c: Cursor): Prefixes {
  const p: Prefixes = { inout: 'default', inoutPos: -1, oper: 'and', operPos: -1 };
  for (;;) {
    if (c.at('[')) {
      if (p.inoutPos >= 0) c.fail(`a term takes one access modifier; found a second one`);
      p.inoutPos = c.pos;
      p.inout = readAccess(c) as Prefixes['inout'];
    } else if (c.at('!') || c.at('?')) {
      const oper: Oper = c.at('!') ? 'not' : 'optional';
      if (p.operPos >= 0) c.fail(`'${OPER_CHAR[oper]}' follows '${OPER_CHAR[p.oper]}'; a term takes one operator: ! (not) or ? (optional)`);
      p.operPos = c.pos;
      p.oper = oper;
      c.advance();
    } else {
      return p;
    }
    c.skipWs();
  }
}

function readAccess(c: Cursor): string {
  const open = c.pos;
  c.advance();
  c.skipWs();
  const word = c.identStart() ? c.readName() : '';
  c.skipWs();
  if (c.atEnd()) c.fail(`unexpected end of query: missing ']'`);
  if (!c.at(']')) c.fail(`unexpected character '${c.describe()}'; expected ']' to close the access modifier`);
  c.advance();
  if (!ACCESS.has(word)) c.fail(`unknown access modifier ${quote('[' + word + ']')}; expected [in], [out], [inout], [none] or [filter]`, open);
  return word;
}

function readScope(c: Cursor, depth: number, start: number, oper: Oper): ScopeNode {
  const open = c.pos;
  if (depth >= MAX_SCOPE_DEPTH) c.fail(`scopes are nested too deeply: at most ${MAX_SCOPE_DEPTH} levels of '{' are allowed`);
  c.advance();
  const body = readList(c, depth + 1);
  if (c.atEnd()) c.fail(`unexpected end of query: missing '}'`);
  if (body.length === 0) c.fail(`empty scope '{ }': write at least one term inside`, open);
  c.advance();
  return { type: 'scope', body, oper, pos: start, end: c.pos };
}

/** A term or an equality, or (outside or-chains) `AND | T`, after the prefixes. */
function readPrimary(c: Cursor, p: Prefixes, start: number, depth: number, inOr: boolean): QueryNode {
  if (c.at('(')) return readPairTerm(c, p, start);
  const ref = readRef(c);
  if (!ref) {
    if (inOr) expected(c, `a term after '||'`);
    if (p.operPos >= 0 || p.inoutPos >= 0) expected(c, `a term after ${quote(c.text.slice(start, c.pos).trim())}`);
    unexpected(c, depth);
  }
  checkPlain(c, ref);
  const refEnd = c.pos;
  if (!inOr && ref.kind === 'name' && FROM_OPS.has(ref.text)) {
    c.skipWs();
    if (c.at('|') && !isOr(c)) return readFrom(c, p, start, ref.text);
  }
  c.skipWs();
  // Flecs 4 flags on the id itself: Position|self (a single '|'; '||' is an or-chain).
  if (c.at('|') && !isOr(c) && ref.kind !== 'string') readIdFlags(c, 'component');
  if (c.at('(')) return leftOfEq(c, readCallTerm(c, p, start, ref));
  const op = compareOp(c);
  if (!op) return leftOfEq(c, makeTerm(p, start, refEnd, ref));
  if (ref.kind === 'name' && op !== '~=') return readMember(c, p, start, ref, op);
  if (!isEqOp(op)) c.fail(`'${op}' compares a member's value with a number, as in Fuel.value ${op} 10: its left side is Component.member`, ref.pos);
  const example = `$this ${op} ${op === '~=' ? '"ar"' : 'Sun'}`;
  rejectPrefixes(c, p, `an equality such as ${example}`);
  c.advance(op.length);
  c.skipWs();
  const right = readRef(c) ?? expected(c, `a value after '${op}', as in ${example}`);
  if (right.kind === 'singleton') c.fail(`'$' alone is only valid as a source, as in Position($)`, right.pos);
  return { type: 'eq', op, left: ref, right, pos: start, end: c.pos };
}

/** Rejects `Position(Sun) == X`: only a single reference may be compared. */
function leftOfEq(c: Cursor, t: TermNode): TermNode {
  c.skipWs();
  const op = compareOp(c);
  if (op) c.fail(`the left side of '${op}' must be a single name or variable, as in $this ${op} Sun`, t.pos);
  return t;
}

function compareOp(c: Cursor): CompareOp | undefined {
  if (c.text.startsWith('!~=', c.pos)) c.fail(`'!~=' is not an operator; to match names without a text write $x ~= "!text"`);
  return COMPARE_OPS.find((op) => c.text.startsWith(op, c.pos));
}

/** Reads the operator and right side of `Component.member <op> value`, after the name. */
function readMember(c: Cursor, p: Prefixes, start: number, left: Ref & { kind: 'name' }, op: MemberOp): MemberNode {
  if (p.operPos >= 0) {
    const o = OPER_CHAR[p.oper];
    c.fail(`'${o}' cannot apply to a comparison: put it on a scope, as in ${o}{ ${left.text} ${op} 10 }, or write the opposite comparison`, p.operPos);
  }
  if (p.inoutPos >= 0) c.fail(`an access modifier cannot apply to a comparison such as ${left.text} ${op} 10`, p.inoutPos);
  c.advance(op.length);
  c.skipWs();
  const what = `a number or an enum constant after '${op}', as in ${left.text} ${op} 10`;
  let right: MemberNode['right'];
  if (c.at('-') || c.digit()) right = c.readNumber();
  else if (c.identStart()) right = { kind: 'name', pos: c.pos, text: c.readName() };
  else expected(c, what);
  return { type: 'member', op, left: { kind: 'name', text: left.text, pos: left.pos }, right, pos: start, end: c.pos };
}

function rejectPrefixes(c: Cursor, p: Prefixes, what: string): void {
  if (p.operPos >= 0) c.fail(`'${OPER_CHAR[p.oper]}' cannot apply to ${what}`, p.operPos);
  if (p.inoutPos >= 0) c.fail(`an access modifier cannot apply to ${what}`, p.inoutPos);
}

function readFrom(c: Cursor, p: Prefixes, start: number, keyword: string): QueryNode {
  rejectPrefixes(c, p, `'${keyword} |'`);
  c.advance();
  c.skipWs();
  const ref: Ref = readPlainRef(c, `a type entity after '${keyword} |', as in ${keyword} | SpaceShip`);
  return { type: 'from', op: FROM_OPS.get(keyword)!, ref, pos: start, end: c.pos };
}
