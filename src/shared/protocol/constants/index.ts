// The contract's plain constants (query limits, stats names, the echo cut) on their own, free of zod, so that
// small bundles (the explorer page) can import them without the schemas.
export {
  DEFAULT_MAX_LIMIT, DEFAULT_LIMIT, COMPAT_DEFAULT_LIMIT, DEFAULT_MAX_QUERY_STEPS, MAX_QUERY_TERMS, MAX_QUERY_VARIABLES, MAX_QUERY_NESTING,
  DEFAULT_WATCH_FRAME_STEPS,
} from './query-limits';
export { MAX_ECHOED_CHARS, CUT_MARK, echoed } from './echo';
export { STATS_CATEGORY_NAMES, STATS_PERIOD_NAMES, type StatsCategory, type StatsPeriod } from './stats-names';
export { MCP_PATH } from './mcp-path';
export { DEFAULT_PORT } from './port';
export { HISTORY_FILE_MEDIA, HISTORY_FILE_STEM } from './history-file';
export { WORLD_ROOT, REFERENCE_ROOT, renameRoot } from './root-names';
export { BREAK_ON, BREAKPOINT_PATH, BREAKPOINTS_PATH, type BreakOn } from './breakpoints';
export { CONTRACT_MOUNT } from './contract-mount';
export { COMPARE_OPS, MEMBER_OPS, type CompareOp, type MemberOp } from './query-operators';
