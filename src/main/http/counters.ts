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

/** True when a 404 reply body is the router's "unknown endpoint" error (counted as not handled). */
export function isUnknownEndpointReply(status: number, body: string): boolean {
  if (status !== 404) return false;
  try {
    const parsed: unknown = JSON.parse(body);
    const error = (parsed as { error?: unknown } | null)?.error;
    return typeof error === 'string' && error.startsWith('unknown endpoint');
  } catch {
    return false;
  }
}
