// The history tools: `history` reports the recorded past (as GET /history: the readable frames,
// keyframes, bytes, frames with outside writes and with new alerts) and `restore` makes the live
// world that of a recorded frame (as PUT /history/restore: paused, later frames dropped). Reads of
// the past are the `at` parameter of the query and get_entity tools.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { guarded, jsonResult, textResult, type McpLink } from './tool-result';
import { strictInput } from './tool-schemas';

/** Calls REST; an error reply is an isError result with the router's message (its error replies all carry one). */
function call(link: McpLink, method: 'GET' | 'PUT', url: string, keep: (body: Record<string, unknown>) => Record<string, unknown> = (b) => b): CallToolResult {
  const reply = link.answer({ method, url, headers: {} });
  if (reply.status >= 400) return textResult(reply.error ?? reply.body, true);
  return jsonResult(keep(JSON.parse(reply.body) as Record<string, unknown>), 'ask for marks: false (the range without the frames with writes and alerts)');
}

/** Registers the history and restore tools. */
export function registerHistoryTools(server: McpServer, link: McpLink): void {
  server.registerTool('history', {
    description: 'The recorded past of the world: first and last readable frame, the live frame, keyframes, bytes held, [frame, count] of frames with outside writes and [frame, active] where the number of active alerts rose. '
      + 'Read the world as of a frame with the at parameter of query and get_entity; restore makes it live again.',
    inputSchema: strictInput({ marks: z.boolean().optional().describe('false: leave out writes and alerts (the frames with outside writes and with new alerts), for a short answer (default true)') }),
    annotations: { readOnlyHint: true },
  }, guarded(link, 'history', ({ marks }) => call(link, 'GET', '/history', (b) => (marks === false ? (({ writes: _w, alerts: _a, ...rest }) => rest)(b) : b))));

  server.registerTool('restore', {
    description: 'Make the live world the world of a recorded frame (see history): ids, generations and values as they were after that frame. Pauses time and drops the frames after it (resume with time_control).',
    inputSchema: strictInput({ frame: z.number().int().min(0).describe('the frame to restore, from history\'s first to last') }),
    annotations: { destructiveHint: true },
  }, guarded(link, 'restore', ({ frame }) => call(link, 'PUT', `/history/restore?frame=${frame}`)));
}
