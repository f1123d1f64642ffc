// wait_for: blocks until a query's result changes, or an entity starts or stops matching it, or
// a timeout in frames or seconds passes; returns what changed. Built on the host's watch feeds:
// the call opens a watch of the query's GET (the same feed as /watch/query streams), so nothing
// is read while the world stands still, and the first event that differs from the state at the
// call's start ends it. For one entity the watch is of the query's membership (values off, every
// row); each change of it rereads GET /explain for that entity, the same answer as explain_match.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { EXPLAIN_PARAMS, WATCH_EVENTS, applyWatchEvent, queryParams, watchTarget, type WatchState } from '../../shared/protocol';
import type { EventSink, EventSubscription } from '../http';
import { queryString, toolShape, urlPath } from './tool-schemas';
import { textResult, type McpLink } from './tool-result';

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
  return new Promise<CallToolResult>((resolve) => {
    let state: WatchState | undefined;
    let first = true, done = false, waited = 0;
    let sub: EventSubscription | undefined;
    const finish = (result: CallToolResult): void => {
      if (done) return;
      done = true;
      sub?.closed();
      off();
      clearTimeout(timer);
      wait.signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const sink: EventSink = {
      backedUp: false,
      bytesWritten: 0,
      write(event, data, id) {
        if (done) return;
        state = applyWatchEvent(state, event, data, id === undefined ? undefined : String(id));
        if (first) {
          first = false;
          if (event === WATCH_EVENTS.full && data === baseline) return;
        }
        if (event === WATCH_EVENTS.fail) { finish(textResult((JSON.parse(data) as { error: string }).error, true)); return; }
        const result = onChange(state, event, data, state.frame - start);
        if (result) finish(result);
      },
    };
    // Frames are counted after the watch feeds have sent this frame's events (the host's hooks run in order).
    const off = link.app.onFrame(() => {
      waited++;
      if (waited >= wait.frames) finish(timedOut(waited, `no change in ${waited} frames`));
    });
    const timer = wait.seconds === undefined ? undefined : setTimeout(() => finish(timedOut(waited, `no change in ${wait.seconds} s`)), wait.seconds * 1000);
    const onAbort = () => finish(textResult('wait_for was cancelled by the client', true));
    wait.signal.addEventListener('abort', onAbort);
    const opened = link.watch({ method: 'GET', url: watchTarget(target), headers: {} }, sink);
    if ('status' in opened) { finish(textResult(opened.error ?? `cannot watch ${target}: HTTP ${opened.status}`, true)); return; }
    if (done) opened.closed();
    else sub = opened;
  });
}

/** A query reply cut to its first rows, for before/after. */
function shown(reply: unknown): unknown {
  const r = reply as { results?: unknown[] };
  return Array.isArray(r?.results) && r.results.length > SHOWN_ROWS ? { ...r, results: r.results.slice(0, SHOWN_ROWS) } : reply;
}

/** Registers the wait_for tool. */
export function registerWaitFor(server: McpServer, link: McpLink): void {
  server.registerTool('wait_for', {
    description: 'Wait until a query\'s result changes (q or name, vars), or, with path, until that entity starts or stops matching it; '
      + `gives up after timeout_frames (default ${WAIT_DEFAULT_FRAMES}) or timeout_seconds. Returns changed, the frame of the change and the frames waited, and the result before and after (a query: with the delta between them).`,
    inputSchema: {
      ...toolShape(EXPLAIN_PARAMS, ['q', 'name', 'vars']),
      path: z.string().min(1).optional().describe('an entity path (Sun.Earth) to wait for it to start or stop matching, instead of any change of the result'),
      timeout_frames: z.number().int().min(1).max(WAIT_MAX_FRAMES).optional().describe(`frames to wait at most (default ${WAIT_DEFAULT_FRAMES})`),
      timeout_seconds: z.number().positive().max(WAIT_MAX_SECONDS).optional().describe(`seconds to wait at most (up to ${WAIT_MAX_SECONDS})`),
    },
    annotations: { readOnlyHint: true },
  }, async (args, extra) => {
    const { path, timeout_frames: frames, timeout_seconds: seconds, ...q } = args;
    const wait: Wait = { frames: frames ?? (seconds === undefined ? WAIT_DEFAULT_FRAMES : WAIT_MAX_FRAMES), seconds, signal: extra.signal };
    if (path === undefined) {
      const target = `/query${queryString(QUERY_PARAMS, { ...q, count: true })}`;
      const before = get(link, target);
      if (before.error !== undefined) return textResult(before.error, true);
      const was = JSON.parse(before.body!) as unknown;
      return waitOnWatch(link, target, before.body!, wait,
        (state, event, data, waited) => textResult(JSON.stringify({ changed: true, frame: state.frame, frames: waited, before: shown(was), after: shown(state.reply), ...(event === WATCH_EVENTS.diff ? { delta: JSON.parse(data) as unknown } : {}) })),
        (n, reason) => textResult(JSON.stringify({ changed: false, frames: n, reason, now: shown(was) })));
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
  });
}
