// What every dialect's handlers use, written once: the entity path parameter and the built-in
// policy (entity-path.ts), reply helpers and the echo cut (replies.ts), the query budget, the
// monitor link, the ids of the build endpoints, the /openapi.json row, and the writes whose
// handlers both dialects serve as they are (delete, enable, disable).
export { decodePath, entityPathParam, PATH_NOT_FOUND, resolveEntity, resolveWritable, builtinRefusal, isBuiltin, type PathContext } from './entity-path';
export { okText, EMPTY_OK, errorReply, notFound, shown } from './replies';
export { withBudget } from './query-budget';
export { MONITOR_NOT_ENABLED, alertsOf, readStats, statsAvailable } from './monitor-link';
export { splitIdText, isComponentOrModule, resolveBuildId, allowedBuiltins, builtinIdRefusal } from './build-id';
export { sharedRows } from './shared-rows';
export { putDelete } from './put-delete';
export { putEnable, putDisable } from './put-enable';
export { HISTORY_OFF } from './history-rows';
