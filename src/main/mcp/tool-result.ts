// What every tool shares: the host link it calls through, and how a result is written (capped
// for agents' small contexts).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../../shared/app';
import type { World } from '../../shared/ecs';
import type { RestReply, RestRequest } from '../../shared/protocol';
import type { EventFeedOpener } from '../http';

/** Largest tool result text, characters (~8k tokens): longer results are cut with a hint to page. */
export const MAX_RESULT_CHARS = 32_000;

/** What the tools need from the host. */
export interface McpLink {
  readonly world: World;
  readonly app: App;
  readonly title: string;
  /** Answers one REST request between frames (the host's router). */
  readonly answer: (req: RestRequest) => RestReply;
  /** Opens a watch of a GET target on the host's watch feeds (`/watch/query?…`, `/watch/entity/<path>`). */
  readonly watch: EventFeedOpener;
}

/** A tool result: the text, cut at MAX_RESULT_CHARS with a note saying how to get less. */
export function textResult(text: string, isError = false): CallToolResult {
  const cut = text.length > MAX_RESULT_CHARS
    ? `${text.slice(0, MAX_RESULT_CHARS)}\n… cut at ${MAX_RESULT_CHARS} characters of ${text.length}: ask for less (a smaller limit, values=false, or a narrower query)`
    : text;
  return isError ? { content: [{ type: 'text', text: cut }], isError: true } : { content: [{ type: 'text', text: cut }] };
}

