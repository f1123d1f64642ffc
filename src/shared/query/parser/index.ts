// Public API of the query DSL parser: text -> syntax tree (names unresolved) and back.
export type {
  Ref, Traversal, InOut, Oper, TermNode, OrNode, OrOperand, ScopeNode, EqNode, CompareOp, EqOp, MemberOp, MemberNode, MemberValue, FromNode, QueryNode, QueryAst,
} from './ast';
export { COMPARE_OPS, EQ_OPS, MEMBER_OPS, isEqOp } from './ast';
export { parseQuery, MAX_SCOPE_DEPTH, type ParseOptions } from './grammar';
export type { StepCounter } from './cursor';
export { QueryParseError, formatQueryError } from './errors';
export { termsOverLimit } from './limits';
export { quote } from './cursor';
export { printQuery, printNode, printRef, printMemberValue } from './print';
