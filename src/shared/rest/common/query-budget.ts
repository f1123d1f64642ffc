// The work budget of a request's queries: one QueryBudget per request, sized by the router's
// maxQuerySteps option (default DEFAULT_MAX_QUERY_STEPS), and the reply of a request that ran past it. A refused request changes
// nothing (queries only read) and says which limit it hit, how far it got and how to narrow it.
import { QueryBudget, QueryBudgetError } from '../../query';
import { errorReply } from './replies';
import type { RestReply, RouteContext } from '../types';

/** Status of a request refused for the work its query needs: bad input, as the request must change. */
export const OVER_BUDGET_STATUS = 400;

/** The budget of one request's queries: the caller's, or a fresh one of maxQuerySteps. */
export function requestBudget(ctx: RouteContext): QueryBudget {
  return ctx.budget ?? new QueryBudget(ctx.options.maxQuerySteps);
}

/**
 * The reply to a request whose queries ran past the budget: the limit, the work done when it
 * stopped and `advice` on narrowing the request; `max_query_steps` and `steps` carry the numbers.
 */
export function overBudget(err: QueryBudgetError, advice: string): RestReply {
  const message = `query refused: it needs more than ${err.limit} evaluation steps (the server's --max-query-steps) `
    + `and stopped after ${err.used}. ${advice}`;
  return errorReply(OVER_BUDGET_STATUS, message, { max_query_steps: err.limit, steps: err.used });
}

/** Runs `answer` under the request's budget; a QueryBudgetError becomes the overBudget reply. */
export function withBudget(ctx: RouteContext, advice: string, answer: (budget: QueryBudget) => RestReply): RestReply {
  try {
    return answer(requestBudget(ctx));
  } catch (err) {
    if (err instanceof QueryBudgetError) return overBudget(err, advice);
    throw err;
  }
}
