// The size limits of a query (protocol/constants/query-limits.ts): how many terms and variables
// it may have. They are checked on the syntax tree, before names are resolved or anything is
// evaluated, so an oversized query costs one linear parse and is refused with the position of
// the first term or variable past the limit. The planner counts again after `AND | T` has
// become the ids of T (termsOverLimit), so the limit holds for what is evaluated.
import { MAX_QUERY_TERMS, MAX_QUERY_VARIABLES } from '../../protocol/constants';
import { unreachable } from '../../unreachable';
import type { EqNode, QueryAst, QueryNode, Ref, TermNode } from './ast';
import { quote } from './cursor';
import { QueryParseError } from './errors';

/** The reason given for a query with more than MAX_QUERY_TERMS terms; `what` names the culprit when it is not a plain term. */
export function termsOverLimit(what = 'this term'): string {
  return `too many terms: a query may have at most ${MAX_QUERY_TERMS} (each term, or-chain operand, comparison and id of an AND | T counts), `
    + `and ${what} is past that; split the query, or give a variable a value with vars= instead of repeating terms`;
}

/** The reason given for the variable that is one past MAX_QUERY_VARIABLES. */
export function variablesOverLimit(name: string): string {
  return `too many variables: a query may name at most ${MAX_QUERY_VARIABLES} besides $this, and ${quote('$' + name)} is one more; `
    + 'reuse a variable or give values with vars=';
}

/** Throws QueryParseError at the first term or variable past the limits. */
export function checkQuerySize(ast: QueryAst): void {
  let terms = 0;
  const vars = new Set<string>();
  const term = (pos: number) => {
    if (++terms > MAX_QUERY_TERMS) throw new QueryParseError(termsOverLimit(), ast.text, pos);
  };
  const ref = (r: Ref | undefined) => {
    if (r?.kind !== 'var' || r.name === 'this' || vars.has(r.name)) return;
    vars.add(r.name);
    if (vars.size > MAX_QUERY_VARIABLES) throw new QueryParseError(variablesOverLimit(r.name), ast.text, r.pos);
  };
  const eq = (n: EqNode) => { term(n.pos); ref(n.left); ref(n.right); };
  const plain = (n: TermNode) => { term(n.pos); ref(n.first); ref(n.second); ref(n.src); ref(n.trav?.rel); };
  // Recursion only into scopes, whose depth the grammar caps at MAX_QUERY_NESTING.
  const walk = (nodes: readonly QueryNode[]) => {
    for (const n of nodes) {
      switch (n.type) {
        case 'scope': walk(n.body); break;
        case 'eq': eq(n); break;
        case 'from': term(n.pos); ref(n.ref); break;
        case 'member': term(n.pos); break;
        case 'or': for (const t of n.terms) { if (t.type === 'eq') eq(t); else if (t.type === 'member') term(t.pos); else plain(t); } break;
        case 'term': plain(n); break;
        default: unreachable(n, 'query node');
      }
    }
  };
  walk(ast.nodes);
}
