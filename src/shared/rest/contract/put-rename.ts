// PUT /rename/<path>?name=…: gives an entity a new name (same parent). Refused: a built-in entity,
// a component or module (queries and systems name it by its path), an invalid name (400) or one a
// sibling has (409). Renaming to the current name changes nothing.
import { EcsError } from '../../ecs';
import type { RenameParams } from '../../protocol';
import { EMPTY_OK, errorReply, isComponentOrModule, resolveWritable, shown } from '../common';
import { statusOf } from './put-component';
import type { Handler } from '../types';

/** Answers PUT /rename/<path>. */
export const putRename: Handler<RenameParams> = (ctx, p) => {
  const { world, names } = ctx;
  const found = resolveWritable(ctx, 'rename');
  if ('reply' in found) return found.reply;
  const e = found.entity;
  const path = names.pathOf(world, e);
  if (isComponentOrModule(world, e)) {
    return errorReply(403, `cannot rename ${shown(path)}: it is a component or module, and queries and systems name it by its path`);
  }
  if (world.nameOf(e) === p.name) return EMPTY_OK;
  try {
    world.setName(e, p.name);
  } catch (err) {
    if (err instanceof EcsError) return errorReply(statusOf(err), `cannot rename ${shown(path)} to ${shown(p.name)}: ${err.message}`);
    throw err;
  }
  return EMPTY_OK;
};
