// Reply helpers: every body is JSON, every error is {"error": "..."} (JSON.stringify escapes).
import { echoed } from '../../protocol';
import type { RestReply } from '../types';

/** 200 with a JSON text body. */
export function okText(body: string): RestReply {
  return { status: 200, body };
}

/** The body of a successful PUT. */
export const EMPTY_OK: RestReply = Object.freeze({ status: 200, body: '{}' }) as RestReply;

/** An error reply; `extra` adds fields (e.g. `position`) after `error`. */
export function errorReply(status: number, message: string, extra?: Record<string, unknown>, headers?: Record<string, string>): RestReply {
  const body = JSON.stringify(extra ? { error: message, ...extra } : { error: message });
  return headers ? { status, headers, body, error: message } : { status, body, error: message };
}

/** A 404 for a path that names no entity (or no named query). */
export function notFound(message: string): RestReply {
  const reply = errorReply(404, message);
  reply.notFound = 'entity';
  return reply;
}

/** A short quoted form of a user-given value for messages (cut after MAX_ECHOED_CHARS, marked '…'). */
export function shown(value: string): string {
  return `'${echoed(value)}'`;
}
