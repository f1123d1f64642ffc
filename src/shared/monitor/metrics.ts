// The world statistics the monitor reports, in reply order. Keys follow the reference server's
// `/stats/world` reply where this engine has the same meaning; docs/monitor-and-alerts.md lists the differences.

/** A gauge is a level read at sample time; a counter is reported as its change during the sample. */
export type MetricKind = 'gauge' | 'counter';

/** One world metric: `"<group>.<metric>"` key, kind and the `brief` of the reply. */
export interface MetricDef {
  readonly key: string;
  readonly kind: MetricKind;
  readonly brief: string;
}

const g = (key: string, brief: string): MetricDef => ({ key, kind: 'gauge', brief });
const c = (key: string, brief: string): MetricDef => ({ key, kind: 'counter', brief });

/** The world metrics, in the order of the /stats/world reply. */
export const WORLD_METRICS: readonly MetricDef[] = [
  g('entities.count', 'Alive entity ids in the world'),
  g('entities.not_alive_count', 'Not alive entity ids in the world (deleted, waiting to be recycled)'),
  g('performance.fps', 'Frames per second (over the last 30 frames)'),
  // Not in the reference's reply (its engine keeps it): the simulated seconds each 1s sample spans,
  // so a client draws the 1s window's time axis at any frame rate.
  g('performance.delta_time', 'Simulated time per frame (seconds): the interval between two 1s samples'),
  g('performance.frame_time', 'Time spent in frame (seconds)'),
  g('performance.system_time', 'Time spent on running systems in frame (seconds)'),
  g('performance.merge_time', 'Time spent on merging commands in frame (seconds)'),
  c('commands.add_count', 'Add commands executed (ids added, deferred or not)'),
  c('commands.remove_count', 'Remove commands executed (ids removed, deferred or not)'),
  c('commands.delete_count', 'Delete commands executed (entities deleted, deferred or not)'),
  c('commands.set_count', 'Set commands executed (component values set, deferred or not)'),
  c('commands.discard_count', 'Commands for already deleted entities'),
  c('commands.enqueued_count', 'Commands queued while deferred (applied at the next merge)'),
  c('frame.merge_count', 'Number of merges (sync points that applied queued commands)'),
  c('frame.pipeline_build_count', 'Pipeline rebuilds (when systems are added or deleted)'),
  g('frame.systems_ran', 'Systems ran in frame'),
  c('frame.observers_ran', 'Number of times an observer was invoked in frame'),
  g('tables.count', 'Tables in the world (including empty)'),
  g('tables.empty_count', 'Empty tables in the world (counted once per second)'),
  c('tables.create_count', 'Number of new tables created'),
  c('tables.delete_count', 'Number of tables deleted'),
  g('components.tag_count', 'Tag ids in use (counted once per second)'),
  g('components.component_count', 'Component ids in use (counted once per second)'),
  g('components.pair_count', 'Pair ids in use (counted once per second)'),
  g('components.type_count', 'Registered component types'),
  c('components.create_count', 'Number of new component, tag and pair ids created (wildcard records included)'),
  c('components.delete_count', 'Number of component, pair and tag ids deleted (wildcard records included)'),
  g('queries.query_count', 'Queries in the world (named queries and systems with a query; counted once per second)'),
  g('queries.observer_count', 'Observers in the world'),
  g('queries.system_count', 'Systems in the world (counted once per second)'),
  g('alerts.active_count', 'Active alert instances (entities that match an alert)'),
  c('faults.count', 'Parts that threw and were closed alone (a system disabled, a frame hook removed, a watch or stream closed, a request or MCP call failed); the loop went on'),
  c('http.request_received_count', 'Received requests'),
  c('http.request_invalid_count', 'Received invalid requests'),
  c('http.request_handled_ok_count', 'Requests handled successfully'),
  c('http.request_handled_error_count', 'Requests handled with error code'),
  c('http.request_not_handled_count', 'Requests not handled (unknown endpoint)'),
  c('http.request_preflight_count', 'Preflight requests received'),
  c('http.send_ok_count', 'Successful replies'),
  c('http.send_error_count', 'Unsuccessful replies'),
  c('http.busy_count', 'Dropped requests due to full send queue (503)'),
  c('http.bytes_sent', 'Reply body bytes sent'),
];

/** Index of a world metric by key; throws for an unknown key (a programming error). */
export function metricIndex(key: string): number {
  const i = WORLD_METRICS.findIndex((m) => m.key === key);
  if (i < 0) throw new Error(`unknown world metric '${key}'; metrics are ${WORLD_METRICS.map((m) => m.key).join(', ')}`);
  return i;
}

/** The HTTP transport counters the monitor reads, as the host's counters source names them. */
export const HTTP_COUNTER_NAMES = [
  'request_received_count', 'request_invalid_count', 'request_handled_ok_count', 'request_handled_error_count',
  'request_not_handled_count', 'request_preflight_count', 'send_ok_count', 'send_error_count', 'busy_count', 'bytes_sent',
] as const;

/**
 * Metrics of one system in the /stats/pipeline reply, in storage order: the system's own three,
 * then the two of the sync point that follows it (each system's queued commands merge after it).
 */
export const SYSTEM_METRICS: readonly MetricDef[] = [
  g('time_spent', 'Time spent in the system in frame (seconds)'),
  g('matched_entity_count', 'Entities the system matched in frame'),
  g('matched_table_count', 'Tables the system matched in frame'),
  g('time_spent', 'Time spent merging the commands queued by the system in frame (seconds)'),
  g('commands_enqueued', 'Commands queued by the system in frame'),
];
