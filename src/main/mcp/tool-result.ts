// What every tool shares: the host link it calls through, and how a result is written. Results
// are capped for agents' small contexts, and a capped result is still whole JSON: a list is cut
// by rows (the longest prefix that fits, found by fitRows) and says where the rest starts; a
// result that cannot be cut by rows and does not fit is an error saying how to ask for less.
// A handler that throws answers an error result naming the tool (guarded), never ends the session,
// and is reported as the world's other parts are (faults.count, logged once).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../../shared/app';
import type { World } from '../../shared/ecs';
import type { RestReply, RestRequest } from '../../shared/protocol';
import type { EventFeedOpener } from '../http';

/** Largest tool result text, characters (~8k tokens): longer results are cut by rows or refused with a hint to ask for less. */
export const MAX_RESULT_CHARS = 32_000;

/** One-shot timers (the host's by default; tests pass their own to end a wait in seconds without waiting). */
export interface McpTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** The host's timers, unref'd: a pending one never keeps a process up (the server does that). */
export const HOST_TIMERS: McpTimers = { set: (fn, ms) => setTimeout(fn, ms).unref(), clear: (h) => clearTimeout(h as NodeJS.Timeout) };

/** What the tools need from the host. */
export interface McpLink {
  readonly world: World;
  readonly app: App;
  readonly title: string;
  /** Answers one REST request (the host's router; inside a frame it reads the state as it is). */
  readonly answer: (req: RestRequest) => RestReply;
  /** Opens a watch of a GET target on the host's watch feeds (`/watch/query?…`, `/watch/entity/<path>`). */
  readonly watch: EventFeedOpener;
  /** Timers of wait_for's timeout_seconds (default HOST_TIMERS). */
  readonly timers?: McpTimers;
}

/** A tool result of plain text (an error message, or JSON known to be small). */
export function textResult(text: string, isError = false): CallToolResult {
  return isError ? { content: [{ type: 'text', text }], isError: true } : { content: [{ type: 'text', text }] };
}

/** The refusal of a result too long to return whole, naming its length, the cap and how to ask for less. */
export function tooLong(chars: number, askForLess: string): CallToolResult {
  return textResult(`the result is ${chars} characters, more than the ${MAX_RESULT_CHARS} a tool returns: ${askForLess}`, true);
}

/** A JSON result; one longer than MAX_RESULT_CHARS is refused (tooLong) rather than cut inside its JSON. */
export function jsonResult(value: unknown, askForLess: string): CallToolResult {
  const text = JSON.stringify(value);
  return text.length <= MAX_RESULT_CHARS ? textResult(text) : tooLong(text.length, askForLess);
}

/**
 * The most rows (0 to `total`) whose result fits in MAX_RESULT_CHARS, with its text: `build(n)`
 * is the result holding the first n rows, and its length grows with n. Binary search, so a
 * `build` that asks the router again (a smaller limit) runs about log2(total) times.
 */
export function fitRows(total: number, build: (n: number) => unknown): { rows: number; text: string } {
  const whole = JSON.stringify(build(total));
  if (whole.length <= MAX_RESULT_CHARS) return { rows: total, text: whole };
  let lo = 0, hi = total - 1, best = { rows: 0, text: JSON.stringify(build(0)) };
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const text = JSON.stringify(build(mid));
    if (text.length <= MAX_RESULT_CHARS) { best = { rows: mid, text }; lo = mid + 1; } else hi = mid - 1;
  }
  return best;
}

/** Reports a fault of an MCP part (a tool, a session's request) to the world's fault record: counted in faults.count, logged once. */
export function reportMcpFault(link: Pick<McpLink, 'app'>, part: string, err: unknown): void {
  link.app.pipeline.faults.report('mcp', part, err);
}

/** Wraps a tool handler: an exception is reported (reportMcpFault) and becomes an error result naming the tool, so the session and the host go on. */
export function guarded<A extends unknown[]>(link: Pick<McpLink, 'app'>, tool: string, handler: (...args: A) => CallToolResult | Promise<CallToolResult>): (...args: A) => Promise<CallToolResult> {
  return async (...args: A) => {
    try {
      return await handler(...args);
    } catch (err) {
      reportMcpFault(link, `tool ${tool}`, err);
      return textResult(`the ${tool} tool failed: ${(err as Error)?.message ?? String(err)} (the session goes on; read the state again before retrying a write)`, true);
    }
  };
}
