// Public exports of the query panel and its logic: the box's input forms and the results table.
export { QueryPanel, QUERY_DEBOUNCE_MS, QUERY_POLL_MS, RESULT_FLAGS, type QueryPanelProps } from './query-panel';
export * from './query-input';
export * from './result-table';
export { useQueryNames } from './use-query-names';
export type { NameCandidate } from './completion';
