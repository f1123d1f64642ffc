// PUT /delete/<path>: deletes the entity and its children. Built-ins, components and modules
// (which carry (ecs.core.OnDelete, ecs.core.Panic)) are refused: deleting them would break the
// entities, queries and systems that use them while the simulation runs.
import { makePair } from '../../ecs';
import { resolveWritable } from './entity-path';
import { EMPTY_OK, errorReply } from './replies';
import type { Handler } from '../types';

/** Answers PUT /delete/<path>. */
export const putDelete: Handler = (ctx) => {
  const { world } = ctx;
  const found = resolveWritable(ctx, 'delete');
  if ('reply' in found) return found.reply;
  const e = found.entity;
  if (world.owns(e, makePair(world.core.OnDelete, world.core.Panic))) {
    const core = ctx.names.printPath('ecs.core');
    return errorReply(403, `cannot delete '${ctx.names.pathOf(world, e)}': it is a component or module (it has (${core}.OnDelete, ${core}.Panic)) that entities and systems depend on`);
  }
  world.delete(e);
  return EMPTY_OK;
};
