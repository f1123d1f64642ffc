// GET /entity/<path>: the entity reply.
import { serializeEntity, type EntityReplyOptions } from '../../json';
import type { EntityParams } from '../../protocol';
import { alertsOf, errorReply, okText, resolveEntity, shown, withBudget } from '../common';
import type { Handler } from '../types';

/** What to do when the named queries checked for matches=true run past the budget. */
const MATCHES_NARROWING = 'The named queries checked for matches=true need that work: leave out matches=true, '
  + 'or run the named queries one at a time with /query?name=<query>.';

/** Answers GET /entity/<path>. */
export const getEntity: Handler<EntityParams> = (ctx, v) => {
  const found = resolveEntity(ctx);
  if ('reply' in found) return found.reply;
  const { world, names } = ctx;
  // Every field named, in one order: the reply writer then sees objects of a single shape (a
  // spread copies the shape of whichever parameters the request gave, and reading options of
  // many shapes made V8 fall back to its slowest property lookups). The type requires every
  // option, so one added later cannot be left out here.
  const o: { [K in keyof Required<EntityReplyOptions>]: EntityReplyOptions[K] } = {
    path: v.path, label: v.label, brief: v.brief, link: v.link, color: v.color, ids: v.ids, id_labels: v.id_labels,
    base: v.base, values: v.values, private: v.private, type_info: v.type_info, alerts: v.alerts, matches: v.matches,
    refs: undefined, alertsOf: undefined, names, queryBudget: undefined,
  };
  if (v.refs !== undefined) {
    const rel = v.refs === '*' ? '*' : names.lookupSymbol(world, v.refs);
    if (rel === 0) return errorReply(400, `parameter 'refs' names no relationship: ${shown(v.refs)}; give a relationship path such as ChildOf or Eats, or '*'`);
    o.refs = rel;
  }
  if (o.alerts) o.alertsOf = (e) => alertsOf(world, e, names);
  if (!o.matches) return okText(serializeEntity(world, found.entity, o));
  return withBudget(ctx, MATCHES_NARROWING, (budget) => {
    o.queryBudget = budget;
    return okText(serializeEntity(world, found.entity, o));
  });
};
