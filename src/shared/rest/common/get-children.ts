// GET /children/<path>: the direct children (ChildOf) of an entity, a page at a time, in the order
// they became children: each with its id, path and name in the dialect's names and how many
// children it has in turn (a tree shows an expand arrow from it). `count` is all of them.
import { Page } from '../../json';
import type { Handler } from '../types';
import { resolveEntity } from './entity-path';
import { okText } from './replies';

/** Answers GET /children/<path>. */
export const getChildren: Handler<{ readonly offset: number; readonly limit: number }> = (ctx, p) => {
  const found = resolveEntity(ctx);
  if ('reply' in found) return found.reply;
  const { world, names } = ctx;
  const all = world.childrenOf(found.entity);
  const page = new Page(p.offset, p.limit);
  const kept = page.take(all.length);
  const children = all.slice(page.start, page.start + kept).map((e) => {
    const name = names.nameOf(world, e);
    return { id: e, path: names.pathOf(world, e), ...(name === undefined ? {} : { name }), children: world.childrenOf(e).length };
  });
  return okText(JSON.stringify({ path: names.pathOf(world, found.entity), count: all.length, children }));
};
