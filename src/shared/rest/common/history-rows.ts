// The history endpoints (both dialects): GET /history reports the recorded range and the
// timeline's marks; PUT /history/restore?frame=N makes the live world that of frame N. Both
// answer 400 with history off. The recording itself is the history module's (RouterOptions.history).
import { HISTORY_RESTORE_PARAMS, historyReplySchema, historyRestoreReplySchema } from '../../protocol';
import { endpoint, type EndpointRow } from '../endpoint-row';
import type { RouteContext } from '../types';
import { errorReply, okText } from './replies';

/** What a /history request says when the host keeps no history. */
export const HISTORY_OFF = 'history is off: start the host with --history <seconds> (0 turns it off)';

function getHistory(ctx: RouteContext) {
  const h = ctx.options.history;
  return h === undefined ? errorReply(400, HISTORY_OFF) : okText(JSON.stringify(h.summary()));
}

function putHistoryRestore(ctx: RouteContext, params: { frame: number }) {
  const h = ctx.options.history;
  if (h === undefined) return errorReply(400, HISTORY_OFF);
  const why = h.outsideWindow(params.frame);
  if (why !== undefined) return errorReply(404, why);
  h.restore(params.frame);
  return okText(JSON.stringify({ frame: params.frame }));
}

/** The history rows every dialect's table has. */
export function historyRows(): EndpointRow[] {
  return [
    endpoint({
      path: '/history', methods: ['GET'], summary: 'The recorded past: first and last frame, keyframes, bytes, frames with outside writes and with new alerts',
      pathParams: [], params: {}, reply: historyReplySchema, cache: 'none', handler: getHistory, errors: { 400: HISTORY_OFF },
    }),
    endpoint({
      path: '/history/restore', methods: ['PUT'], summary: 'Make the live world that of a recorded frame (ids and generations included); pauses time and drops the later frames',
      pathParams: [], params: HISTORY_RESTORE_PARAMS, reply: historyRestoreReplySchema, cache: 'none', handler: putHistoryRestore, notAnInput: true,
      errors: { 400: HISTORY_OFF, 404: 'the frame is not in the recorded window (the reply names the window)' },
    }),
  ];
}
