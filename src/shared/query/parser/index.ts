// Public API of the query DSL parser: text -> syntax tree (names unresolved) and back.
export type { Ref, Traversal, InOut, Oper, TermNode, OrNode, ScopeNode, EqNode, EqOp, FromNode, QueryNode, QueryAst } from './ast';
export { EQ_OPS } from './ast';
export { parseQuery, MAX_SCOPE_DEPTH, type ParseOptions } from './grammar';
export type { StepCounter } from './cursor';
export { QueryParseError, formatQueryError } from './errors';
export { termsOverLimit } from './limits';
export { quote } from './cursor';
export { printQuery, printNode, printRef } from './print';
