// GET /explain/<path>?q=…|name=…[&vars=…]: whether the entity matches the query (an expression or
// a named query, filter, rule or system) and, step by step, on which source or why not — the
// query engine's explanation (query/explain.ts), as the explorer's inspector and MCP show it.
import type { ExplainParams } from '../../protocol';
import { explainMatch } from '../../query';
import { okText, resolveEntity, withBudget } from '../common';
import { queryOf } from './get-query';
import type { Handler } from '../types';

/** How to narrow an explanation that ran past the budget. */
const EXPLAIN_NARROWING = 'Explaining evaluates the query step by step for the entity: give its variables values with vars=, '
  + 'or explain a query with fewer variables.';

/** Answers GET /explain/<path>. */
export const getExplain: Handler<ExplainParams> = (ctx, o) => {
  const found = resolveEntity(ctx);
  if ('reply' in found) return found.reply;
  const q = queryOf(ctx, o, `/explain/${ctx.rest}`);
  if ('reply' in q) return q.reply;
  return withBudget(ctx, EXPLAIN_NARROWING, (budget) => okText(JSON.stringify(explainMatch(q.query, found.entity, q.vars, budget))));
};
