// How history files travel over HTTP (GET /history/export, PUT /history/import).

/** Media type of a history file: a gzip stream (docs/history.md, "The file format"). */
export const HISTORY_FILE_MEDIA = 'application/gzip';

/** The name a downloaded history file is offered under (Content-Disposition), before its frame range. */
export const HISTORY_FILE_STEM = 'ecs-live-history';
