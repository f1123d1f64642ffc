// The breakpoint tools (set_breakpoint, list_breakpoints, delete_breakpoint) over the same REST
// endpoints, and wait_for's wait for a hit: it listens to the `break` event every watch stream
// gets (on a watch of the World entity, which changes rarely) and returns the hit of the named
// breakpoint, or says it gave up after the frames or seconds asked, whichever runs out first.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { BREAKPOINT_PARAMS, WATCH_EVENTS, watchTarget } from '../../shared/protocol';
import type { EventSink, EventSubscription } from '../http';
import { HOST_TIMERS, guarded, jsonResult, textResult, type McpLink } from './tool-result';
import { queryString, strictInput, toolShape } from './tool-schemas';

const NAME = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/).describe("the breakpoint's name: 1 to 64 letters, digits, '_', '-' or '.'");
/** The watch whose `break` events a wait listens to: the World entity, without its values. */
const WORLD_WATCH = '/entity/ecs/core/World?ids=false&base=false';

/** Calls REST: an error reply is an isError result with the router's message (its error replies all carry one), else the JSON reply. */
function rest(link: McpLink, method: 'GET' | 'PUT' | 'DELETE', url: string): CallToolResult {
  const reply = link.answer({ method, url, headers: {} });
  if (reply.status >= 400) return textResult(reply.error ?? reply.body, true);
  return jsonResult(JSON.parse(reply.body), 'delete breakpoints you no longer need');
}

/** How long a wait for a hit may take: frames, and seconds of the host's clock if given (whichever ends first). */
export interface BreakpointWait {
  readonly frames: number;
  readonly seconds: number | undefined;
  readonly signal: AbortSignal;
}

/** Waits for a hit of breakpoint `name` within `wait`; resolves with the hit, or a result saying none came. */
export function waitForBreakpoint(link: McpLink, name: string, wait: BreakpointWait): Promise<CallToolResult> {
  const { frames, seconds, signal } = wait;
  const timers = link.timers ?? HOST_TIMERS;
  // GET /breakpoints has no parameter to refuse: it always answers the list.
  const list = (JSON.parse(link.answer({ method: 'GET', url: '/breakpoints', headers: {} }).body) as { breakpoints: { name: string }[] }).breakpoints;
  if (!list.some((b) => b.name === name)) return Promise.resolve(textResult(`no breakpoint named '${name}'; set one with set_breakpoint first`, true));
  return new Promise((resolve) => {
    let done = false, waited = 0;
    let sub: EventSubscription | undefined;
    const finish = (r: CallToolResult): void => {
      if (done) return;
      done = true;
      sub?.closed();
      off();
      if (timer !== undefined) timers.clear(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(r);
    };
    const sink: EventSink = {
      backedUp: false,
      bytesWritten: 0,
      write(event, data) {
        if (done || event !== WATCH_EVENTS.break) return;
        const hit = (JSON.parse(data) as { hits: { breakpoint: string }[] }).hits.find((h) => h.breakpoint === name);
        if (hit) finish(textResult(JSON.stringify({ hit: true, frames: waited, ...hit, paused: true })));
      },
    };
    const gaveUp = (why: string) => finish(textResult(JSON.stringify({ hit: false, frames: waited, reason: `breakpoint '${name}' did not fire in ${why}` })));
    const off = link.app.onFrame(() => { if (++waited >= frames) gaveUp(`${waited} frames`); });
    const timer = seconds === undefined ? undefined : timers.set(() => gaveUp(`${seconds} s`), seconds * 1000);
    const onAbort = () => finish(textResult('wait_for was cancelled by the client', true));
    signal.addEventListener('abort', onAbort);
    const opened = link.watch({ method: 'GET', url: watchTarget(WORLD_WATCH), headers: {} }, sink);
    if ('status' in opened) { finish(textResult(opened.error ?? `cannot watch: HTTP ${opened.status}`, true)); return; }
    if (done) opened.closed();
    else sub = opened;
  });
}

/** Registers set_breakpoint, list_breakpoints and delete_breakpoint. */
export function registerBreakpointTools(server: McpServer, link: McpLink): void {
  server.registerTool('set_breakpoint', {
    description: 'Create or replace a breakpoint: after every frame the host looks at the query (q, plain query text such as "Fuel.value < 10"); when an entity starts matching (on: enter, the default), stops (leave), or the result or, with path, that entity\'s values change (change), the world pauses at the end of that frame. '
      + 'once: true disables it after its first hit; enabled: false (without q) switches one off. Then wait_for with breakpoint waits for the hit; time_control resume continues.',
    inputSchema: strictInput({ name: NAME, ...toolShape(BREAKPOINT_PARAMS, ['q', 'path', 'on', 'once', 'enabled']) }),
  }, guarded(link, 'set_breakpoint', async ({ name, ...args }) => rest(link, 'PUT', `/breakpoint/${name}${queryString(BREAKPOINT_PARAMS, args)}`)));
  server.registerTool('list_breakpoints', {
    description: 'The breakpoints with their hits and last hit (frame, entities), the last hit of any (what paused the world), and the evaluation steps they take per frame; with name, that one only.',
    inputSchema: strictInput({ name: NAME.optional() }),
    annotations: { readOnlyHint: true },
  }, guarded(link, 'list_breakpoints', async ({ name }) => {
    const all = rest(link, 'GET', '/breakpoints');
    if (name === undefined || all.isError) return all;
    const body = JSON.parse(link.answer({ method: 'GET', url: '/breakpoints', headers: {} }).body) as { breakpoints: { name: string }[] };
    const one = body.breakpoints.find((b) => b.name === name);
    return one ? jsonResult(one, '') : textResult(`no breakpoint named '${name}'`, true);
  }));
  server.registerTool('delete_breakpoint', {
    description: 'Delete a breakpoint by name.',
    inputSchema: strictInput({ name: NAME }),
  }, guarded(link, 'delete_breakpoint', async ({ name }) => rest(link, 'DELETE', `/breakpoint/${name}`)));
}
