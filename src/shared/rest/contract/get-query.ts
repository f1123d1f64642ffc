// GET /query: runs `q` (an expression) or `name` (a named query, filter, rule or system) and
// answers the query reply. Parse errors carry the position; try=true answers them with 200.
import { serializeQuery } from '../../json';
import { echoed, type QueryParams } from '../../protocol';
import { QueryParseError, compileQuery, namedQuery, type CompiledQuery, type Query, type ResultFn, type VarValues } from '../../query';
import { errorReply, notFound, okText, shown, withBudget } from '../common';
import { parseVars } from './query-vars';
import type { Handler, RestReply, RouteContext } from '../types';

function named(ctx: RouteContext, name: string): { query: Query; source?: CompiledQuery } | { reply: RestReply } {
  const { world, names } = ctx;
  if (name.trim() === '') return { reply: errorReply(400, "parameter 'name' is empty: give the path of a named query, filter, rule or system") };
  const e = /^\d+$/.test(name) ? (world.isAlive(Number(name)) ? Number(name) : 0) : names.lookup(world, name);
  if (e === 0) return { reply: notFound(`no query named ${shown(name)}: give the path of a named query, filter, rule or system (levels separated by '.')`) };
  const nq = namedQuery(world, e);
  if (!nq) return { reply: errorReply(400, `${shown(names.pathOf(world, e))} is not a query, filter, rule or system: use q=<expression> to query it`) };
  return { query: nq.query };
}

function compiled(ctx: RouteContext, expr: string, tryMode: boolean): { query: Query; source?: CompiledQuery } | { reply: RestReply } {
  try {
    if (ctx.queries === undefined) {
      const { world, names } = ctx;
      return { query: compileQuery(world, expr, names.identity ? undefined : (text) => names.lookupSymbol(world, text)) };
    }
    const source = ctx.queries.get(expr);
    return { query: source.query, source };
  } catch (err) {
    if (err instanceof QueryParseError) return { reply: errorReply(tryMode ? 200 : 400, err.message, { position: err.position }) };
    return { reply: errorReply(tryMode ? 200 : 400, `invalid query ${shown(expr)}: ${(err as Error).message}`) };
  }
}

/** The variables of a request without vars= (shared, so never written to). */
const NO_VARS: VarValues = Object.freeze({});

/** The query that `q` or `name` (exactly one) names, with `vars` parsed; or the reply that refuses them. /explain shares it. */
export function queryOf(ctx: RouteContext, o: { q?: string; name?: string; vars?: string; try?: boolean }, use = '/query'):
  { query: Query; source?: CompiledQuery; vars: VarValues } | { reply: RestReply } {
  if (o.q !== undefined && o.name !== undefined) return { reply: errorReply(400, "give either 'q' (a query expression) or 'name' (a named query), not both") };
  if (o.q === undefined && o.name === undefined) {
    const at = echoed(use);
    return { reply: errorReply(400, `missing parameter 'q' or 'name': use ${at}?q=<expression> or ${at}?name=<named query>`) };
  }
  const found = o.name !== undefined ? named(ctx, o.name) : compiled(ctx, o.q!, o.try === true);
  if ('reply' in found) return found;
  // Written out, not spread: one shape for every request (a spread copies whichever `found` has).
  if (o.vars === undefined) return { query: found.query, source: found.source, vars: NO_VARS };
  const parsed = parseVars(ctx.world, found.query, o.vars, ctx.names);
  return 'reply' in parsed ? parsed : { query: found.query, source: found.source, vars: parsed.vars };
}

/** How to narrow a query that ran past the budget. */
const NARROWING = 'Narrow it: give variables values with vars=, add terms that match fewer entities before the terms with '
  + 'variables, or leave out count=true and read a page at a time with limit and offset.';

/** Answers GET /query. */
export const getQuery: Handler<QueryParams> = (ctx, o) => {
  // The dialect's limit rule (the reference's 1000 and limit=0) is in its parameter table.
  const compat = ctx.options.compat === 'flecs-3.2';
  const found = queryOf(ctx, o);
  if ('reply' in found) return found.reply;
  const { query, source: kept, vars } = found;
  return withBudget(ctx, NARROWING, (budget) => {
    // The serializer's evaluations draw from the request's budget.
    // Without vars= a kept query need not look for variables to bind.
    const source = { each: (fn: ResultFn, v?: VarValues) => (kept ? kept.each(fn, v === NO_VARS ? undefined : v, budget) : query.each(fn, v, budget)) };
    return okText(serializeQuery(ctx.world, query, o, vars, compat ? 'flecs-3.2' : 'contract', source, ctx.names));
  });
};
