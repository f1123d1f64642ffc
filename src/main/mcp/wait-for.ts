// wait_for: blocks until a query's result changes, or an entity starts or stops matching it, or
// a timeout in frames or seconds passes; returns what changed. It reads the same REST reply
// after every frame (GET /query, or GET /explain for one entity), as a watch does.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { EXPLAIN_PARAMS, queryParams } from '../../shared/protocol';
import { queryString, toolShape, urlPath } from './tool-schemas';
import { textResult, type McpLink } from './tool-result';

/** Frames waited when no timeout is given (10 s at 60 fps). */
export const WAIT_DEFAULT_FRAMES = 600;
/** Longest wait, frames and seconds: a call cannot hold a client forever. */
export const WAIT_MAX_FRAMES = 36_000;
export const WAIT_MAX_SECONDS = 600;

const QUERY_PARAMS = queryParams();

/** Registers the wait_for tool. */
export function registerWaitFor(server: McpServer, link: McpLink): void {
  server.registerTool('wait_for', {
    description: 'Wait until a query\'s result changes (q or name, vars), or, with path, until that entity starts or stops matching it; '
      + `gives up after timeout_frames (default ${WAIT_DEFAULT_FRAMES}) or timeout_seconds. Returns changed, the frames waited, and the result before and after.`,
    inputSchema: {
      ...toolShape(EXPLAIN_PARAMS, ['q', 'name', 'vars']),
      path: z.string().min(1).optional().describe("an entity path (Sun.Earth) to wait for it to start or stop matching, instead of any change of the result"),
      timeout_frames: z.number().int().min(1).max(WAIT_MAX_FRAMES).optional().describe(`frames to wait at most (default ${WAIT_DEFAULT_FRAMES})`),
      timeout_seconds: z.number().positive().max(WAIT_MAX_SECONDS).optional().describe(`seconds to wait at most (up to ${WAIT_MAX_SECONDS})`),
    },
    annotations: { readOnlyHint: true },
  }, async (args, extra) => {
    const { path, timeout_frames: frames, timeout_seconds: seconds, ...q } = args;
    const url = path !== undefined
      ? `/explain/${urlPath(path)}${queryString(EXPLAIN_PARAMS, q)}`
      : `/query${queryString(QUERY_PARAMS, { ...q, count: true, limit: 100 })}`;
    const read = (): { text?: string; error?: string } => {
      const r = link.answer({ method: 'GET', url, headers: {} });
      if (r.status >= 400) return { error: (JSON.parse(r.body) as { error: string }).error };
      return { text: path !== undefined ? String((JSON.parse(r.body) as { matches: boolean }).matches) : r.body };
    };
    const before = read();
    if (before.error !== undefined) return textResult(before.error, true);
    const limit = frames ?? (seconds === undefined ? WAIT_DEFAULT_FRAMES : WAIT_MAX_FRAMES);
    const shown = (t: string) => (path !== undefined ? { matches: t === 'true' } : JSON.parse(t) as unknown);
    return new Promise<CallToolResult>((resolve) => {
      let waited = 0;
      const finish = (result: CallToolResult) => { off(); clearTimeout(timer); extra.signal.removeEventListener('abort', onAbort); resolve(result); };
      const off = link.app.onFrame(() => {
        waited++;
        const now = read();
        if (now.error !== undefined) finish(textResult(now.error, true));
        else if (now.text !== before.text) finish(textResult(JSON.stringify({ changed: true, frames: waited, before: shown(before.text!), after: shown(now.text!) })));
        else if (waited >= limit) finish(textResult(JSON.stringify({ changed: false, frames: waited, reason: `no change in ${waited} frames`, now: shown(now.text!) })));
      });
      const timer = seconds === undefined ? undefined
        : setTimeout(() => finish(textResult(JSON.stringify({ changed: false, frames: waited, reason: `no change in ${seconds} s`, now: shown(before.text!) }))), seconds * 1000);
      const onAbort = () => finish(textResult('wait_for was cancelled by the client', true));
      extra.signal.addEventListener('abort', onAbort);
    });
  });
}
