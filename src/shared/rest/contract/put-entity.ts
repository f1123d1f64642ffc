// PUT /entity/<path>: creates a named entity at the path (the Flecs 4 REST API's verb). Its parent
// is the path without the last level and must exist: nothing else is created, so deleting the new
// entity undoes the request. Refused: an existing path (409), an invalid name (400), a missing
// parent (404) or a built-in one (403).
import { EcsError, type Entity } from '../../ecs';
import { decodePath, EMPTY_OK, errorReply, notFound, resolveWritable, shown } from '../common';
import { statusOf } from './put-component';
import type { Handler } from '../types';

/** Answers PUT /entity/<path>. */
export const putEntity: Handler = (ctx) => {
  const { world } = ctx;
  // Split the raw path, so an encoded '/' (%2F) stays inside a name and is refused there.
  const raw = ctx.rest.endsWith('/') && ctx.rest.length > 1 ? ctx.rest.slice(0, -1) : ctx.rest;
  const cut = raw.lastIndexOf('/');
  const name = decodePath(raw.slice(cut + 1));
  const path = decodePath(raw);
  if (name === '') return errorReply(400, "no entity name given: use PUT /entity/<parent path>/<name>, e.g. /entity/Sun/Probe (levels separated by '/')");
  let parent: Entity = 0;
  if (cut > 0) {
    const found = resolveWritable(ctx, 'create entities under', undefined, raw.slice(0, cut));
    if ('reply' in found) {
      return found.reply.status === 404
        ? notFound(`cannot create ${shown(path)}: its parent ${shown(decodePath(raw.slice(0, cut)))} names no entity; create the parent first`)
        : found.reply;
    }
    parent = found.entity;
  }
  try {
    world.entity(parent === 0 ? { name } : { name, parent });
  } catch (err) {
    if (err instanceof EcsError) return errorReply(statusOf(err), `cannot create ${shown(path)}: ${err.message}`);
    throw err;
  }
  return EMPTY_OK;
};
