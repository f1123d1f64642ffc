// Canonical text of a syntax tree: `Position, ?Mass, (Eats, $food)`. Parsing the printed text
// gives back the same tree (positions aside) for every tree that parseQuery produced.
// The one printer of the query language: explain and the Flecs 4 query info print plan steps
// through it too, from the syntax node each step keeps.
import { unreachable } from '../../unreachable';
import type { EqNode, MemberNode, MemberValue, Oper, OrOperand, QueryAst, QueryNode, Ref, TermNode, Traversal } from './ast';

const OPER_PREFIX: Record<Oper, string> = { and: '', not: '!', optional: '?' };

/** Prints a query in canonical form: items joined by ', ', single spaces around operators. */
export function printQuery(ast: QueryAst): string {
  return ast.nodes.map(printNode).join(', ');
}

/** Prints one item of a query (a term, or-chain, scope, comparison or `AND | T`) in canonical form. */
export function printNode(n: QueryNode): string {
  switch (n.type) {
    case 'term': return printTerm(n);
    // Always plain (OrNode): a negated or optional chain is a scope around it.
    case 'or': return n.terms.map(printOperand).join(' || ');
    case 'scope': return `${OPER_PREFIX[n.oper]}{ ${n.body.map(printNode).join(', ')} }`;
    case 'eq': return printEq(n);
    case 'member': return printMember(n);
    case 'from': return `${n.op.toUpperCase()} | ${printRef(n.ref)}`;
    default: return unreachable(n, 'query node');
  }
}

function printOperand(t: OrOperand): string {
  switch (t.type) {
    case 'term': return printTerm(t);
    case 'eq': return printEq(t);
    case 'member': return printMember(t);
    default: return unreachable(t, 'or-chain operand');
  }
}

function printMember(n: MemberNode): string {
  return `${n.left.text} ${n.op} ${printMemberValue(n.right)}`;
}

/** Prints the right side of a member comparison: a number, or an enum constant's name. */
export function printMemberValue(r: MemberValue): string {
  if (r.kind === 'name') return r.text;
  // -0 prints as "0" by String(); written out so that a round trip keeps the sign.
  return Object.is(r.value, -0) ? '-0' : String(r.value);
}

function printEq(n: EqNode): string {
  return `${printRef(n.left)} ${n.op} ${printRef(n.right)}`;
}

function printTerm(t: TermNode): string {
  const prefix = (t.inout === 'default' ? '' : `[${t.inout}] `) + OPER_PREFIX[t.oper];
  const first = printRef(t.first);
  const second = t.second ? printRef(t.second) : undefined;
  if (!t.srcWritten && !t.trav) return prefix + (second === undefined ? first : `(${first}, ${second})`);
  let source: string;
  if (!t.srcWritten) source = printTraversal(t.trav!);
  else source = printRef(t.src) + (t.trav ? ':' + printTraversal(t.trav) : '');
  return `${prefix}${first}(${source}${second === undefined ? '' : ', ' + second})`;
}

function printTraversal(t: Traversal): string {
  const rel = t.rel ? `(${printRef(t.rel)})` : '';
  const parts: string[] = [];
  if (t.self) parts.push('self');
  if (t.up) parts.push('up' + rel);
  if (t.cascade) parts.push('cascade' + (t.up ? '' : rel));
  if (t.desc) parts.push('desc');
  return parts.join('|');
}

/** Prints one reference as it would be written in a query (strings quoted and escaped). */
export function printRef(r: Ref): string {
  switch (r.kind) {
    case 'name': return r.text;
    case 'id': return String(r.value);
    case 'var': return '$' + r.name;
    case 'wildcard': return '*';
    case 'any': return '_';
    case 'singleton': return '$';
    case 'string': return '"' + r.value.replace(/[\\"]/g, '\\$&') + '"';
    default: return unreachable(r, 'reference');
  }
}
