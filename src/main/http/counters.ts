import type { HttpCounters } from './types';

/** A fresh set of counters, all zero. */
export function createHttpCounters(): HttpCounters {
  return {
    request_received_count: 0,
    request_invalid_count: 0,
    request_handled_ok_count: 0,
    request_handled_error_count: 0,
    request_not_handled_count: 0,
    request_preflight_count: 0,
    send_ok_count: 0,
    send_error_count: 0,
    busy_count: 0,
    bytes_sent: 0,
  };
}
