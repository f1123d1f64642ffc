// PUT /component/<path>?component=…[&value=…] and DELETE /component/<path>?component=…: add a
// component (with its reflected defaults, or the members of `value`), a tag or a pair, or remove
// one, as the Flecs 4 REST API's verbs of the same name do. Every check runs before the change, so
// a refused request changes nothing: built-in entities and ids (build-id.ts), unknown ids, a value
// for an id without data, a value that does not fit, a ChildOf cycle or name clash (409).
import { EcsError, type Entity, type Id } from '../../ecs';
import type { ComponentParams } from '../../protocol';
import { EMPTY_OK, errorReply, resolveBuildId, resolveWritable, shown } from '../common';
import type { Handler, RestReply, RouteContext } from '../types';

/** How a value is read: numeric strings and entity paths accepted, no infinities (as PUT /set). */
const LENIENT = { lenient: true, finite: true } as const;

/** The status of a store error: a name clash is a conflict, a change to a built-in forbidden, the rest bad input. */
export function statusOf(err: EcsError): number {
  return err.code === 'name_clash' ? 409 : err.code === 'builtin' ? 403 : 400;
}

function target(ctx: RouteContext, verb: 'add' | 'remove', text: string): { e: Entity; id: Id } | RestReply {
  const found = resolveWritable(ctx, verb === 'add' ? 'add components to' : 'remove components from');
  if ('reply' in found) return found.reply;
  const id = resolveBuildId(ctx, found.entity, text, verb);
  return typeof id === 'number' ? { e: found.entity, id } : id;
}

function parseValue(text: string): { value: unknown } | RestReply {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (err) {
    return errorReply(400, `parameter 'value' is not valid JSON (${(err as Error).message}): send e.g. value={"x":1,"y":2}, URL-encoded`);
  }
}

/** Answers PUT /component/<path>: adds the id (no change when owned), or sets the value given. */
export const putComponent: Handler<ComponentParams> = (ctx, p) => {
  const { world, names } = ctx;
  const t = target(ctx, 'add', p.component);
  if ('status' in t) return t;
  const idText = names.idText(world, t.id);
  let value: unknown;
  if (p.value !== undefined) {
    const v = parseValue(p.value);
    if ('status' in v) return v;
    if (!world.dataOf(t.id)) return errorReply(400, `${shown(idText)} carries no data: add it without a value`);
    value = v.value;
  }
  try {
    // setMany checks the id and its rules (cycle, name clash under a new parent) before it changes anything.
    world.setMany(t.e, [value === undefined ? { id: t.id } : { id: t.id, value }], names.identity
      ? LENIENT : { ...LENIENT, resolveEntity: (raw: number | string) => names.resolveEntityValue(world, raw) });
  } catch (err) {
    if (err instanceof EcsError) return errorReply(statusOf(err), `cannot add ${shown(idText)} to ${shown(names.pathOf(world, t.e))}: ${err.message}`);
    throw err;
  }
  return EMPTY_OK;
};

/** Answers DELETE /component/<path>: removes an id the entity owns (404 when it does not). */
export const deleteComponent: Handler<ComponentParams> = (ctx, p) => {
  const { world, names } = ctx;
  const t = target(ctx, 'remove', p.component);
  if ('status' in t) return t;
  const idText = names.idText(world, t.id);
  const path = names.pathOf(world, t.e);
  if (!world.owns(t.e, t.id)) {
    const inherited = world.has(t.e, t.id) ? ': it is inherited (IsA), remove the IsA pair or the base\'s own' : '';
    return errorReply(404, `${shown(path)} has no ${shown(idText)} of its own to remove${inherited}`);
  }
  try {
    world.remove(t.e, t.id);
  } catch (err) {
    if (err instanceof EcsError) return errorReply(statusOf(err), `cannot remove ${shown(idText)} from ${shown(path)}: ${err.message}`);
    throw err;
  }
  return EMPTY_OK;
};
