// Parse errors in the reference server's format: the reason, the expression, and a caret under
// the offending character, so a user can see where a query went wrong at a glance.

import { CUT_MARK, MAX_ECHOED_CHARS } from '../../protocol/constants';

/** Characters shown as a space in the echoed expression so that the caret line stays aligned. */
const LAYOUT_CHARS = /[\t\n\v\f\r]/g;

/**
 * Formats `reason`, then `expr` (tabs and line breaks shown as spaces), then a caret under
 * `position` (a 0-based UTF-16 offset, clamped to 0..expr.length), separated by '\n'. An
 * expression longer than MAX_ECHOED_CHARS is shown as the MAX_ECHOED_CHARS characters around the
 * caret, with '…' where it was cut, so a 20 KB query does not come back whole in its error.
 */
export function formatQueryError(message: string, expr: string, position: number): string {
  const at = Number.isFinite(position) ? Math.min(Math.max(Math.floor(position), 0), expr.length) : 0;
  let start = 0, end = expr.length;
  if (expr.length > MAX_ECHOED_CHARS) {
    start = Math.max(0, Math.min(at - MAX_ECHOED_CHARS / 2, expr.length - MAX_ECHOED_CHARS));
    end = start + MAX_ECHOED_CHARS;
  }
  const head = start > 0 ? CUT_MARK : '';
  const shown = head + expr.slice(start, end).replace(LAYOUT_CHARS, ' ') + (end < expr.length ? CUT_MARK : '');
  return message + '\n' + shown + '\n' + ' '.repeat(head.length + at - start) + '^';
}

/** A malformed query: `reason` says what is wrong, `position` (0-based UTF-16 offset) where in `expr`. */
export class QueryParseError extends Error {
  /** 0-based UTF-16 offset into `expr` of the offending character (expr.length at the end). */
  readonly position: number;
  /** The query text as given. */
  readonly expr: string;
  /** What is wrong, without the expression and caret lines. */
  readonly reason: string;

  /** Builds the error; `message` is formatQueryError(reason, expr, position). */
  constructor(reason: string, expr: string, position: number) {
    super(formatQueryError(reason, expr, position));
    this.name = 'QueryParseError';
    this.reason = reason;
    this.expr = expr;
    this.position = position;
  }
}
