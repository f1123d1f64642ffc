// PUT /enable/<path> and PUT /disable/<path>: the contract's state table. Enabling removes
// ecs.core.Disabled, disabling adds it; either is a no-op when already in that state. Body `{}`.
import { resolveWritable } from './entity-path';
import { EMPTY_OK } from './replies';
import type { Handler, RouteContext } from '../types';

function toggle(ctx: RouteContext, enable: boolean) {
  const { world } = ctx;
  const found = resolveWritable(ctx, enable ? 'enable' : 'disable');
  if ('reply' in found) return found.reply;
  const e = found.entity;
  if (enable) world.enable(e);
  else world.disable(e);
  return EMPTY_OK;
}

/** Answers PUT /enable/<path>. */
export const putEnable: Handler = (ctx) => toggle(ctx, true);

/** Answers PUT /disable/<path>. */
export const putDisable: Handler = (ctx) => toggle(ctx, false);
