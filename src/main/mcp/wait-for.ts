// wait_for: blocks until a query's result changes, or an entity starts or stops matching it, or
// a timeout in frames or seconds passes; returns what changed. Built on the host's watch feeds:
// the call opens a watch of the query's GET (the same feed as /watch/query streams), so nothing
// is read while the world stands still, and the first event that differs from the state at the
// call's start ends it. For one entity the watch is of the query's membership (values off, every
// row); each change of it rereads GET /explain for that entity, the same answer as explain_match.
// With values: true the watched reply carries the rows' values, so a value written into a matched
// entity ("wake me when Earth's Scale changes": q "Scale, $this == Sun.Earth") ends the wait too.
// The sink runs inside the host's frame: it reads (never runs a frame), and anything it throws
// ends the call with an error result instead of reaching the frame loop.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { EXPLAIN_PARAMS, WATCH_EVENTS, applyWatchEvent, queryParams, watchTarget, type WatchState } from '../../shared/protocol';
import type { EventSink, EventSubscription } from '../http';
import { queryString, strictInput, toolShape, urlPath } from './tool-schemas';
import { waitForBreakpoint } from './breakpoint-tools';
import { HOST_TIMERS, MAX_RESULT_CHARS, fitRows, guarded, reportMcpFault, textResult, type McpLink } from './tool-result';

/** Frames waited when no timeout is given (10 s at 60 fps). */
export const WAIT_DEFAULT_FRAMES = 600;
/** Longest wait, frames and seconds: a call cannot hold a client forever. */
export const WAIT_MAX_FRAMES = 36_000;
export const WAIT_MAX_SECONDS = 600;
/** Rows of the query shown before and after a change (the total is always there). */
const SHOWN_ROWS = 100;

const QUERY_PARAMS = queryParams();

interface Wait {
  readonly frames: number;
  readonly seconds: number | undefined;
  readonly signal: AbortSignal;
}

/** What one change of the watched state means for the call: its result, or undefined to go on waiting. */
type OnChange = (state: WatchState, event: string, data: string, framesWaited: number) => CallToolResult | undefined;

/** Parses a REST reply body, or gives its error message. */
function get(link: McpLink, url: string): { body?: string; error?: string } {
  const r = link.answer({ method: 'GET', url, headers: {} });
  return r.status >= 400 ? { error: r.error ?? (JSON.parse(r.body) as { error?: string }).error ?? `HTTP ${r.status}` } : { body: r.body };
}

/**
 * Watches `target` (a GET target) until `onChange` gives a result, the wait runs out or the client
 * cancels. `baseline` is the GET reply at the start: a first event equal to it is no change.
 */
function waitOnWatch(link: McpLink, target: string, baseline: string, wait: Wait, onChange: OnChange, timedOut: (frames: number, why: string) => CallToolResult): Promise<CallToolResult> {
  const start = link.app.frameCount;
  const timers = link.timers ?? HOST_TIMERS;
  return new Promise<CallToolResult>((resolve) => {
    let state: WatchState | undefined;
    let first = true, done = false, waited = 0;
    let sub: EventSubscription | undefined;
    const finish = (result: CallToolResult): void => {
      if (done) return;
      done = true;
      sub?.closed();
      off();
      if (timer !== undefined) timers.clear(timer);
      wait.signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const sink: EventSink = {
      backedUp: false,
      bytesWritten: 0,
      write(event, data, id) {
        if (done) return;
        try {
          state = applyWatchEvent(state, event, data, id === undefined ? undefined : String(id));
          if (first) {
            first = false;
            if (event === WATCH_EVENTS.full && data === baseline) return;
          }
          if (event === WATCH_EVENTS.fail) { finish(textResult((JSON.parse(data) as { error: string }).error, true)); return; }
          const result = onChange(state, event, data, state.frame - start);
          if (result) finish(result);
        } catch (err) {
          // A fault here stays in this call: the client gets it, the frame goes on.
          reportMcpFault(link, 'tool wait_for (reading a change)', err);
          finish(textResult(`wait_for failed while reading a change: ${(err as Error)?.message ?? String(err)}`, true));
        }
      },
    };
    // Frames are counted after the watch feeds have sent this frame's events (the host's hooks run in order).
    const off = link.app.onFrame(() => {
      waited++;
      if (waited >= wait.frames) finish(timedOut(waited, `no change in ${waited} frames`));
    });
    const timer = wait.seconds === undefined ? undefined : timers.set(() => finish(timedOut(waited, `no change in ${wait.seconds} s`)), wait.seconds * 1000);
    const onAbort = () => finish(textResult('wait_for was cancelled by the client', true));
    wait.signal.addEventListener('abort', onAbort);
    const opened = link.watch({ method: 'GET', url: watchTarget(target), headers: {} }, sink);
    if ('status' in opened) { finish(textResult(opened.error ?? `cannot watch ${target}: HTTP ${opened.status}`, true)); return; }
    if (done) opened.closed();
    else sub = opened;
  });
}

/** Results of a query reply. */
function resultsOf(reply: unknown): number {
  const r = reply as { results?: unknown[] } | undefined;
  return Array.isArray(r?.results) ? r.results.length : 0;
}

/** A query reply cut to its first n results, for before/after. */
function shown(reply: unknown, n: number): unknown {
  const r = reply as { results?: unknown[] };
  return resultsOf(reply) > n ? { ...r, results: r.results!.slice(0, n), results_shown: `${n} of ${r.results!.length}` } : reply;
}

/**
 * A result with query replies in it (before/after, or now), each cut to the same number of
 * results: at most SHOWN_ROWS, and fewer when that is too long for one tool result, so the text
 * is always whole JSON. `extra` (the delta) is kept only when everything fits with it.
 */
function fittedResult(make: (cut: (reply: unknown) => unknown) => Record<string, unknown>, replies: unknown[], extra: Record<string, unknown> = {}): CallToolResult {
  const most = Math.min(SHOWN_ROWS, Math.max(0, ...replies.map(resultsOf)));
  const whole = JSON.stringify({ ...make((r) => shown(r, most)), ...extra });
  if (whole.length <= MAX_RESULT_CHARS) return textResult(whole);
  const note = Object.keys(extra).length ? { omitted: `${Object.keys(extra).join(', ')}: too long for one result (${MAX_RESULT_CHARS} characters); read the query again instead` } : {};
  return textResult(fitRows(most, (n) => ({ ...make((r) => shown(r, n)), ...note })).text);
}

/** Registers the wait_for tool. */
export function registerWaitFor(server: McpServer, link: McpLink): void {
  server.registerTool('wait_for', {
    description: 'Wait until a query\'s result changes (q as plain text, or name, with vars): by default which entities match, with values: true their values too; or, with path, until that entity starts or stops matching. '
      + `Gives up after timeout_frames (default ${WAIT_DEFAULT_FRAMES}) or timeout_seconds. Returns changed, the frame of the change and the frames waited, and the result before and after (a query: with the delta between them).`,
    inputSchema: strictInput({
      ...toolShape(EXPLAIN_PARAMS, ['q', 'name', 'vars']),
      values: z.boolean().optional().describe('true: also wake when the values of the matched entities change (e.g. q "Scale, $this == Sun.Earth" wakes when Earth\'s Scale is set); default false: only which entities match'),
      path: z.string().min(1).optional().describe('an entity path (Sun.Earth) to wait for it to start or stop matching, instead of any change of the result'),
      timeout_frames: z.number().int().min(1).max(WAIT_MAX_FRAMES).optional().describe(`frames to wait at most (default ${WAIT_DEFAULT_FRAMES}, or ${WAIT_MAX_FRAMES} with timeout_seconds)`),
      timeout_seconds: z.number().positive().max(WAIT_MAX_SECONDS).optional().describe(`seconds to wait at most (up to ${WAIT_MAX_SECONDS})`),
      breakpoint: z.string().min(1).optional().describe('instead of a query: the name of a breakpoint (set_breakpoint) to wait for its next hit; returns the hit (frame, entities) with the world paused'),
    }),
    annotations: { readOnlyHint: true },
  }, guarded(link, 'wait_for', async (args, extra) => {
    const { path, timeout_frames: frames, timeout_seconds: seconds, breakpoint, ...q } = args;
    if (breakpoint !== undefined) return waitForBreakpoint(link, breakpoint, { frames: frames ?? WAIT_MAX_FRAMES, seconds, signal: extra.signal });
    if (path !== undefined && q.values === true) {
      return textResult(`values applies to a query's result; with path, wait_for waits for ${path} to start or stop matching. To wake when its values change, leave path out and name it in the query: q "<components>, $this == ${path}", values true`, true);
    }
    const wait: Wait = { frames: frames ?? (seconds === undefined ? WAIT_DEFAULT_FRAMES : WAIT_MAX_FRAMES), seconds, signal: extra.signal };
    if (path === undefined) {
      const target = `/query${queryString(QUERY_PARAMS, { ...q, count: true })}`;
      const before = get(link, target);
      if (before.error !== undefined) return textResult(before.error, true);
      const was = JSON.parse(before.body!) as unknown;
      return waitOnWatch(link, target, before.body!, wait,
        (state, event, data, waited) => fittedResult((cut) => ({ changed: true, frame: state.frame, frames: waited, before: cut(was), after: cut(state.reply) }), [was, state.reply],
          event === WATCH_EVENTS.diff ? { delta: JSON.parse(data) as unknown } : {}),
        (n, reason) => fittedResult((cut) => ({ changed: false, frames: n, reason, now: cut(was) }), [was]));
    }
    const explain = `/explain/${urlPath(path)}${queryString(EXPLAIN_PARAMS, q)}`;
    const matches = (): { matches?: boolean; blockers?: unknown; error?: string } => {
      const r = get(link, explain);
      return r.error !== undefined ? { error: r.error } : JSON.parse(r.body!) as { matches: boolean; blockers: unknown };
    };
    const before = matches();
    if (before.error !== undefined) return textResult(before.error, true);
    // The trigger: the query's membership, every row (limit 0), no values; its text at the start is the baseline.
    const members = `/query${queryString(QUERY_PARAMS, { ...q, values: false, limit: 0, count: true })}`;
    const base = get(link, members);
    if (base.error !== undefined) return textResult(base.error, true);
    return waitOnWatch(link, members, base.body!, wait, (state, _event, _data, waited) => {
      const now = matches();
      if (now.error !== undefined) return textResult(now.error, true);
      if (now.matches === before.matches) return undefined;
      return textResult(JSON.stringify({ changed: true, frame: state.frame, frames: waited, before: { matches: before.matches }, after: { matches: now.matches, ...(now.matches ? {} : { blockers: now.blockers }) } }));
    }, (n, reason) => textResult(JSON.stringify({ changed: false, frames: n, reason, now: { matches: before.matches } })));
  }));
}
