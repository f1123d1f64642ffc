// GET /entity/<path>: the entity reply.
import { serializeEntity, type EntityReplyOptions } from '../json';
import { ENTITY_PARAMS } from '../protocol';
import { resolveEntity } from './entity-path';
import { alertsOf } from './monitor-link';
import { paramTable, readParams } from './params';
import { errorReply, okText, shown } from './replies';
import type { Handler } from './types';

const table = paramTable(ENTITY_PARAMS);

type EntityParams = Omit<EntityReplyOptions, 'refs' | 'alertsOf'> & { refs?: string };

/** Answers GET /entity/<path>. */
export const getEntity: Handler = (ctx) => {
  const p = readParams<EntityParams>(table, ctx.params);
  if ('reply' in p) return p.reply;
  const found = resolveEntity(ctx.world, ctx.rest);
  if ('reply' in found) return found.reply;
  const { world } = ctx;
  const o: EntityReplyOptions = { ...p.value, refs: undefined };
  if (p.value.refs !== undefined) {
    const rel = p.value.refs === '*' ? '*' : world.lookupSymbol(p.value.refs);
    if (rel === 0) return errorReply(400, `parameter 'refs' names no relationship: ${shown(p.value.refs)}; give a relationship path such as ChildOf or Eats, or '*'`);
    o.refs = rel;
  }
  if (o.alerts) o.alertsOf = (e) => alertsOf(world, e);
  return okText(serializeEntity(world, found.entity, o));
};
