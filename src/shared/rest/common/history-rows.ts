// The history endpoints (every dialect): GET /history reports the recorded range and the
// timeline's marks; PUT /history/restore?frame=N makes the live world that of frame N; export and
// import move the recording in a file; PUT /history/view?frame=N makes the viewport draw frame N,
// marked as the past, until DELETE /history/view (the explorer's timeline sets it while scrubbed
// back). All answer 400 with history off. The recording itself is the history module's (RouterOptions.history).
import {
  HISTORY_EXPORT_PARAMS, HISTORY_FILE_MEDIA, HISTORY_FILE_STEM, HISTORY_RESTORE_PARAMS, HISTORY_VIEW_PARAMS,
  historyFileReplySchema, historyImportReplySchema, historyReplySchema, historyRestoreReplySchema, historyViewReplySchema,
} from '../../protocol';
import { endpoint, type EndpointRow } from '../endpoint-row';
import type { RestReply, RouteContext } from '../types';
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

function getHistoryExport(ctx: RouteContext, params: { to?: number }): RestReply {
  const h = ctx.options.history;
  if (h === undefined) return errorReply(400, HISTORY_OFF);
  let bytes: Promise<Uint8Array>;
  try {
    // The recording is taken now; the file is written between frames, so the loop keeps its pace.
    bytes = h.exportFileLater(params.to);
  } catch (err) {
    if (err instanceof RangeError) return errorReply(404, err.message);
    throw err;
  }
  const name = `${HISTORY_FILE_STEM}.gz`;
  const headers = { 'Content-Type': HISTORY_FILE_MEDIA, 'Content-Disposition': `attachment; filename="${name}"` };
  return later(bytes.then((b) => ({ status: 200, body: '', bytes: b, headers })));
}

function putHistoryImport(ctx: RouteContext): RestReply {
  const h = ctx.options.history;
  if (h === undefined) return errorReply(400, HISTORY_OFF);
  if (ctx.body === undefined || ctx.body.byteLength === 0) return errorReply(400, 'the body is empty: send a history file (as GET /history/export gives it) as the body of the PUT');
  // Read and tried between frames; opened at once when it passed.
  return later(h.importFileLater(ctx.body).then(
    ({ first, last }) => okText(JSON.stringify({ first, last, frame: first })),
    (err: unknown) => {
      if (err instanceof Error && err.name === 'HistoryFileError') return errorReply(400, err.message);
      throw err;
    },
  ));
}

/** A reply that is not ready yet: the transport sends what `reply` gives (RestReply.pending). */
function later(reply: Promise<RestReply>): RestReply {
  return { status: 202, body: '', pending: reply };
}

function putHistoryView(ctx: RouteContext, params: { frame: number }) {
  const h = ctx.options.history;
  if (h === undefined) return errorReply(400, HISTORY_OFF);
  const why = h.outsideWindow(params.frame);
  if (why !== undefined) return errorReply(404, why);
  h.setView(params.frame);
  return okText(JSON.stringify({ view: params.frame }));
}

function deleteHistoryView(ctx: RouteContext) {
  const h = ctx.options.history;
  if (h === undefined) return errorReply(400, HISTORY_OFF);
  h.setView(undefined);
  return okText('{"view":null}');
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
    endpoint({
      path: '/history/export', methods: ['GET'], summary: 'The recording (up to frame `to`) as one gzip-compressed history file: header, keyframes, frame records (docs/history.md, "The file format")',
      pathParams: [], params: HISTORY_EXPORT_PARAMS, reply: historyFileReplySchema, replyMedia: HISTORY_FILE_MEDIA, cache: 'none', handler: getHistoryExport,
      errors: { 400: HISTORY_OFF, 404: 'the frame `to` is not in the recorded window (the reply names the window)' },
    }),
    endpoint({
      path: '/history/import', methods: ['PUT'], summary: 'Open a history file: it becomes the recording, and the live world its first frame, paused; later frames stay readable and restorable until the world moves on',
      pathParams: [], params: {}, reply: historyImportReplySchema, cache: 'none', handler: putHistoryImport, notAnInput: true,
      body: { media: HISTORY_FILE_MEDIA, description: 'a history file, as GET /history/export gives it' },
      errors: {
        400: `${HISTORY_OFF}; or the file cannot be opened (empty, not gzip, another format version, truncated, damaged, another dialect or components this host does not know): the message says which, and nothing changed`,
        413: 'the body is larger than the server takes for a file (--max-file-bytes)',
      },
    }),
    endpoint({
      path: '/history/view', methods: ['PUT'], summary: 'Make the viewport draw a recorded frame, marked as the past, instead of the live world (the explorer sets it while its timeline is scrubbed back)',
      pathParams: [], params: HISTORY_VIEW_PARAMS, reply: historyViewReplySchema, cache: 'none', handler: putHistoryView, notAnInput: true,
      errors: { 400: HISTORY_OFF, 404: 'the frame is not in the recorded window (the reply names the window)' },
    }),
    endpoint({
      path: '/history/view', methods: ['DELETE'], summary: 'Make the viewport draw the live world again',
      pathParams: [], params: {}, reply: historyViewReplySchema, cache: 'none', handler: deleteHistoryView, notAnInput: true,
      errors: { 400: HISTORY_OFF },
    }),
  ];
}
