// PUT /breakpoint/<name>, DELETE /breakpoint/<name> and GET /breakpoints: the REST face of the
// host's breakpoints (src/shared/breakpoints). A router made without them (no app loop to pause)
// answers 501 naming why.
import type { BreakpointParams } from '../../protocol';
import { BreakpointError, type Breakpoints } from '../../breakpoints';
import { decodePath, EMPTY_OK, errorReply, okText } from '../common';
import type { Handler, RestReply, RouteContext } from '../types';

function table(ctx: RouteContext): Breakpoints | RestReply {
  return ctx.options.breakpoints ?? errorReply(501, 'breakpoints need the app loop of a host (npm start): this router runs no frames to pause');
}

function refused(err: unknown): RestReply {
  if (err instanceof BreakpointError) return errorReply(err.status, err.message);
  throw err;
}

/** Answers PUT /breakpoint/<name>: creates or replaces it (q=…), or only enables or disables it (enabled=…). */
export const putBreakpoint: Handler<BreakpointParams> = (ctx, p) => {
  const bps = table(ctx);
  if ('status' in bps) return bps;
  const name = decodePath(ctx.rest);
  try {
    if (p.q === undefined) {
      if (p.enabled === undefined) return errorReply(400, `give q=<query> to create or replace breakpoint '${name.slice(0, 64)}', or enabled=true|false to switch it`);
      return okText(JSON.stringify({ breakpoint: bps.setEnabled(name, p.enabled) }));
    }
    const path = p.path === undefined ? undefined : p.path.split('/').filter((s) => s !== '').join('.');
    const r = bps.set(name, { q: p.q, on: p.on, once: p.once, enabled: p.enabled ?? true, ...(path === undefined ? {} : { path }) });
    if (r.replaced === undefined) return okText(JSON.stringify({ breakpoint: r.breakpoint }));
    const was = r.replaced;
    const message = was.q === r.breakpoint.q && was.on === r.breakpoint.on && was.path === r.breakpoint.path
      ? `breakpoint '${name}' replaced (same query; its hit count starts again)`
      : `breakpoint '${name}' replaced: it was on ${was.on} of '${was.q}'${was.path ? ` for ${was.path}` : ''}, its ${was.hits} hits are dropped`;
    return okText(JSON.stringify({ ...r, message }));
  } catch (err) {
    return refused(err);
  }
};

/** Answers DELETE /breakpoint/<name>. */
export const deleteBreakpoint: Handler = (ctx) => {
  const bps = table(ctx);
  if ('status' in bps) return bps;
  const name = decodePath(ctx.rest);
  if (!bps.delete(name)) return errorReply(404, `no breakpoint named '${name.slice(0, 64)}' (GET /breakpoints lists them)`);
  return EMPTY_OK;
};

/** Answers GET /breakpoints. */
export const getBreakpoints: Handler = (ctx) => {
  const bps = table(ctx);
  if ('status' in bps) return bps;
  const last = bps.lastHit;
  return okText(JSON.stringify({ breakpoints: bps.list(), ...(last ? { last_hit: last } : {}), steps_per_frame: bps.stepsPerFrame(), frame_steps: bps.frameSteps, at_hit: bps.atHit }));
};
