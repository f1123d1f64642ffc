// The MCP tools: thin adapters over the REST router (the same handlers, parameters and error
// messages as REST), with argument schemas derived from the REST parameter tables. A failed
// call is a tool result with isError and the REST message; results are capped for small contexts
// and stay JSON when capped (tool-result.ts). The server's instructions say what the world is and
// where to start, so an agent needs no prompt of ours.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
// Only `version` is bundled (the JSON import's named export): the server reports the package's own version.
import { version } from '../../../package.json';
import { ENTITY_PARAMS, EXPLAIN_PARAMS, STATS_PARAMS, queryParams, setPayloadSchema } from '../../shared/protocol';
import { namedQueries } from '../../shared/query';
import { queryString, strictInput, toolShape, urlPath } from './tool-schemas';
import { MAX_RESULT_CHARS, fitRows, guarded, jsonResult, textResult, tooLong, type McpLink } from './tool-result';
import { statsSeries, statsSummary } from './stats-summary';
import { registerResources } from './resources';
import { registerTimeControl } from './time-control-tool';
import { registerBreakpointTools } from './breakpoint-tools';
import { registerHistoryTools } from './history-tools';
import { registerWaitFor } from './wait-for';
import { worldSummary } from './world-summary';

const QUERY_PARAMS = queryParams();
const PATH = z.string().min(1).describe("entity path with '.' between levels (Sun.Earth), or an entity id");
/** What a too-long reply of an entity or explain tool suggests. */
const ASK_LESS = 'ask for less (values=false, fewer fields, or one entity at a time)';

/** Calls REST; a status of 400 or more becomes an isError result with the router's message (its error replies all carry one, else the body). */
function rest(link: McpLink, method: 'GET' | 'PUT', url: string, ok: (body: unknown) => CallToolResult = (b) => jsonResult(b, ASK_LESS)): CallToolResult {
  const reply = link.answer({ method, url, headers: {} });
  if (reply.status >= 400) return textResult(reply.error ?? reply.body, true);
  return ok(JSON.parse(reply.body));
}

/** Rows of a query reply: entities of every result (a result without entities is one row). */
function rowsOf(body: unknown): number {
  return ((body as { results?: { entities?: unknown[] }[] }).results ?? []).reduce((n, r) => n + (r.entities?.length ?? 1), 0);
}

/**
 * The query tool: the REST reply with the total, the rows returned and, when rows are left, a
 * `more` naming the offset of the first row not returned. A page too long for a result is asked
 * for again with a smaller limit (the longest that fits), so it is cut by rows and stays JSON.
 */
function queryTool(link: McpLink, args: Record<string, unknown>): CallToolResult {
  const offset = (args.offset as number | undefined) ?? 0;
  const page = (limit: number | undefined): { body?: unknown; error?: string } => {
    const reply = link.answer({ method: 'GET', url: `/query${queryString(QUERY_PARAMS, { ...args, limit, count: true })}`, headers: {} });
    return reply.status >= 400 ? { error: reply.error ?? reply.body } : { body: JSON.parse(reply.body) as unknown };
  };
  const first = page(args.limit as number | undefined);
  if (first.error !== undefined) return textResult(first.error, true);
  const rows = rowsOf(first.body);
  const answer = (body: unknown, cut: boolean) => {
    const returned = rowsOf(body);
    const total = (body as { count?: number }).count ?? returned;
    const left = total - offset - returned;
    return {
      total, returned,
      ...(left > 0 ? { more: `${left} more: use offset ${offset + returned}` } : {}),
      ...(cut ? { cut: `only ${returned} rows fit in ${MAX_RESULT_CHARS} characters; ask for fewer (limit) or for less per row (values=false)` } : {}),
      ...(body as object),
    };
  };
  const fit = fitRows(rows, (n) => (n === rows ? answer(first.body, false) : answer(page(n).body, true)));
  if (fit.rows === 0 && rows > 0) return tooLong(JSON.stringify(answer(first.body, false)).length, 'one row alone does not fit: ask for less per row (values=false, no sources)');
  return textResult(fit.text);
}

/** What an agent reads at initialize: what this world is and where to start. */
function instructions(link: McpLink): string {
  const w = link.world;
  const named = namedQueries(w).filter((q) => q.kind !== 'system').map((q) => w.pathOf(q.entity)).sort();
  return [
    `"${link.title}" is a live entity-component world (ECS) running at ${link.app.targetFps} frames per second while you talk to it.`,
    'Entities carry components (data such as Position or Scale, tags such as Planet) and sit in a hierarchy; a path has \'.\' between levels (Sun.Earth is Earth, a child of Sun).',
    'Start with world_summary (components, named queries, systems, the frame), then query with plain query text (q: "Planet", "Position, Velocity", "Scale, $this == Sun.Earth") and get_entity for one entity.',
    named.length ? `Named queries you can run by name: ${named.slice(0, 20).join(', ')}.` : '',
    'Change the world with set_components, set_enabled and delete_entity; time_control pauses, steps and scales time; wait_for returns when a query\'s result (values: true for its values too) or an entity\'s matching changes, or when a breakpoint (set_breakpoint: the world pauses after the frame a query starts or stops matching) hits; explain_match says why an entity does or does not match.',
    'Results are JSON; a long list is cut by rows and its "more" names the offset to continue at. Resources ecs://entity/<path with / between levels> and ecs://query/<name> can be read and subscribed to.',
  ].filter(Boolean).join(' ');
}

/** A new MCP server with every tool registered for one client session. */
export function createMcpServer(link: McpLink): McpServer {
  const server = new McpServer({ name: 'ecs-live', version }, { instructions: instructions(link) });
  const resources = registerResources(server, link);
  // The session ended (closed by the client, expired or the host stopping): release its watches.
  server.server.onclose = () => resources.close();

  server.registerTool('query', {
    description: 'Run a query, written as plain text in q (e.g. "Position, Velocity"), or a named query/rule/system (name), with variable values (vars), paging (offset, limit) and values on request. Replies with total, returned and, when rows are left, "more" naming the offset of the first row not returned; a page too long for one result is cut by rows.',
    inputSchema: strictInput(toolShape(QUERY_PARAMS, ['q', 'name', 'vars', 'offset', 'limit', 'values', 'sources', 'entity_ids', 'at'])),
    annotations: { readOnlyHint: true },
  }, guarded(link, 'query', (args) => queryTool(link, args)));

  server.registerTool('get_entity', {
    description: 'Read one entity: its ids and, on request, values, inherited components (base), labels and the named queries it matches.',
    inputSchema: strictInput({ path: PATH, ...toolShape(ENTITY_PARAMS, ['values', 'base', 'label', 'brief', 'matches', 'alerts', 'private', 'at']) }),
    annotations: { readOnlyHint: true },
  }, guarded(link, 'get_entity', ({ path, ...args }) => rest(link, 'GET', `/entity/${urlPath(path as string)}${queryString(ENTITY_PARAMS, args)}`)));

  server.registerTool('set_components', {
    description: 'Set components on an entity atomically, with the same JSON as REST\'s /set data (as an object, not text): {"ids":[["Position"]],"values":[{"x":1,"y":2,"z":0}]}. Nothing changes when any part is refused.',
    inputSchema: strictInput({ path: PATH, data: setPayloadSchema.describe('ids (arrays of one component path, or [relationship, target]) and values aligned with them (an object of member values, or 0 for a tag)') }),
  }, guarded(link, 'set_components', ({ path, data }) => rest(link, 'PUT', `/set/${urlPath(path)}?data=${encodeURIComponent(JSON.stringify(data))}`, () => textResult('{"ok":true}'))));

  server.registerTool('set_enabled', {
    description: 'Enable or disable an entity (disabled entities are skipped by queries and systems).',
    inputSchema: strictInput({ path: PATH, enabled: z.boolean().describe('true to enable, false to disable') }),
  }, guarded(link, 'set_enabled', ({ path, enabled }) => rest(link, 'PUT', `/${enabled ? 'enable' : 'disable'}/${urlPath(path)}`, () => textResult(JSON.stringify({ ok: true, enabled })))));

  server.registerTool('delete_entity', {
    description: 'Delete an entity and its children.',
    inputSchema: strictInput({ path: PATH }),
    annotations: { destructiveHint: true },
  }, guarded(link, 'delete_entity', ({ path }) => rest(link, 'PUT', `/delete/${urlPath(path)}`, () => textResult('{"ok":true}'))));

  server.registerTool('world_summary', {
    description: 'What this world is: title, frame rate, frame, entity and table counts and, unless counts_only, its modules, components, named queries, and the systems in pipeline order with their last time. A good first call.',
    inputSchema: strictInput({ counts_only: z.boolean().optional().describe('true: only the title, frame rate, frame and counts (a cheap look at the frame), without the lists') }),
    annotations: { readOnlyHint: true },
  }, guarded(link, 'world_summary', ({ counts_only: countsOnly }) => {
    const s = worldSummary(link.world, link.app, link.title);
    if (!countsOnly) return jsonResult(s, 'ask for counts_only: true');
    const lists = ['modules', 'components', 'named_queries', 'systems'];
    return jsonResult(Object.fromEntries(Object.entries(s).map(([k, v]) => (lists.includes(k) ? [k, (v as unknown[]).length] : [k, v]))), 'ask for less');
  }));

  server.registerTool('stats', {
    description: 'Statistics of the world or the pipeline over a period (as GET /stats): by default each measure as last, min, max and mean over the window; series: true gives the 60 samples per measure, oldest first, with each measure\'s description.',
    inputSchema: strictInput({
      category: z.enum(['world', 'pipeline']).describe('world or pipeline'),
      ...toolShape(STATS_PARAMS, ['period']),
      series: z.boolean().optional().describe('true: every sample of the window instead of the summary (long: about 36,000 characters for the world)'),
    }),
    annotations: { readOnlyHint: true },
  }, guarded(link, 'stats', ({ category, series, ...args }) => rest(link, 'GET', `/stats/${category}${queryString(STATS_PARAMS, args)}`, (body) => (series ? statsSeries(body) : jsonResult(statsSummary(body), 'ask for the other category')))));

  registerTimeControl(server, link);
  registerBreakpointTools(server, link);
  registerHistoryTools(server, link);

  server.registerTool('explain_match', {
    description: 'Why an entity is or is not matched by a query (q) or a named query/rule/system (name): per term whether it held, on which source, and why not (missing component, disabled entity, prefab, failed traversal, unbound variable, the ! term that excluded it).',
    inputSchema: strictInput({ path: PATH, ...toolShape(EXPLAIN_PARAMS, ['q', 'name', 'vars']) }),
    annotations: { readOnlyHint: true },
  }, guarded(link, 'explain_match', ({ path, ...args }) => rest(link, 'GET', `/explain/${urlPath(path as string)}${queryString(EXPLAIN_PARAMS, args)}`)));

  registerWaitFor(server, link);
  return server;
}
