// Public API of the query engine: the DSL, plans, the rules engine and named queries.
export { Query, compileQuery, type VarValues } from './query';
export type { QueryResult, ResultFn } from './evaluate';
export type { Plan, PlanStep, PlanTerm, PlanEq, PlanMember, FieldInfo, Slot, NameResolver } from './plan';
export { defineQuery, registerQuery, namedQuery, namedQueries, matchingQueries, type NamedQuery, type QueryKind, type DefineQueryOptions } from './registry';
export { QueryParseError, formatQueryError, parseQuery, printQuery, printNode, EQ_OPS, type EqOp, type QueryAst, type QueryNode } from './parser';
export { cacheablePlan } from './cacheable';
export { memberSkeleton, memberRowsOf, memberColumns, eachTableOf, type MemberSkeleton } from './member-skeleton';
export { memberValue } from './member-compare';
export { QueryBudget, QueryBudgetError } from './budget';
export { QueryCache, type CompiledQuery, type QueryCacheLimits } from './query-cache';
export { explainMatch, type Explanation, type StepExplanation, type Blocker, type WhyNot, type WhyNotCode } from './explain';
