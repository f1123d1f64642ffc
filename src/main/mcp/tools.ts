// The MCP tools: thin adapters over the REST router (the same handlers, parameters and error
// messages as REST), with argument schemas derived from the REST parameter tables. A failed
// call is a tool result with isError and the REST message; results are capped for small contexts.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ENTITY_PARAMS, EXPLAIN_PARAMS, STATS_PARAMS, queryParams, setPayloadSchema } from '../../shared/protocol';
import { queryString, toolShape, urlPath } from './tool-schemas';
import { textResult, type McpLink } from './tool-result';
import { registerResources } from './resources';
import { registerTimeControl } from './time-control-tool';
import { registerWaitFor } from './wait-for';
import { worldSummary } from './world-summary';

const QUERY_PARAMS = queryParams();
const PATH = z.string().min(1).describe("entity path with '.' between levels (Sun.Earth), or an entity id");

/** Calls REST; a status of 400 or more becomes an isError result with the REST message. */
function rest(link: McpLink, method: 'GET' | 'PUT', url: string, ok: (body: unknown) => CallToolResult = (b) => textResult(JSON.stringify(b))): CallToolResult {
  const reply = link.answer({ method, url, headers: {} });
  const body: unknown = reply.body === '' ? {} : JSON.parse(reply.body);
  if (reply.status >= 400) return textResult((body as { error?: string }).error ?? `HTTP ${reply.status}`, true);
  return ok(body);
}

/** The query tool's reply: the REST reply plus the total and, when cut by limit, where to go on. */
function queryResult(body: unknown, offset: number): CallToolResult {
  const b = body as { count?: number; results?: { entities?: unknown[] }[] };
  const returned = (b.results ?? []).reduce((n, r) => n + (r.entities?.length ?? 1), 0);
  const total = b.count ?? returned;
  const more = offset + returned < total ? { more: `${total - offset - returned} more: use offset ${offset + returned}` } : {};
  return textResult(JSON.stringify({ total, returned, ...more, ...b }));
}

/** A new MCP server with every tool registered for one client session. */
export function createMcpServer(link: McpLink): McpServer {
  const server = new McpServer({ name: 'ecs-live', version: '0.1.0' });
  const resources = registerResources(server, link);
  // The session ended (closed by the client, expired or the host stopping): release its watches.
  server.server.onclose = () => resources.close();

  server.registerTool('query', {
    description: 'Run a query (q: an expression such as "Position, Velocity") or a named query/rule/system (name), with variable values (vars), paging (offset, limit) and values on request. Replies with total, returned and a "more: use offset N" hint when cut.',
    inputSchema: toolShape(QUERY_PARAMS, ['q', 'name', 'vars', 'offset', 'limit', 'values', 'sources', 'entity_ids']),
    annotations: { readOnlyHint: true },
  }, (args) => rest(link, 'GET', `/query${queryString(QUERY_PARAMS, { ...args, count: true })}`, (b) => queryResult(b, (args.offset as number | undefined) ?? 0)));

  server.registerTool('get_entity', {
    description: 'Read one entity: its ids and, on request, values, inherited components (base), labels and the named queries it matches.',
    inputSchema: { path: PATH, ...toolShape(ENTITY_PARAMS, ['values', 'base', 'label', 'brief', 'matches', 'alerts', 'private']) },
    annotations: { readOnlyHint: true },
  }, ({ path, ...args }) => rest(link, 'GET', `/entity/${urlPath(path as string)}${queryString(ENTITY_PARAMS, args)}`));

  server.registerTool('set_components', {
    description: 'Set components on an entity atomically, with the same data as PUT /set: {"ids":[["Position"]],"values":[{"x":1,"y":2,"z":0}]}. Nothing changes when any part is refused.',
    inputSchema: { path: PATH, data: setPayloadSchema.describe('the /set payload: ids (arrays of one path, or [relationship, target]) and values aligned with them') },
  }, ({ path, data }) => rest(link, 'PUT', `/set/${urlPath(path)}?data=${encodeURIComponent(JSON.stringify(data))}`, () => textResult('{"ok":true}')));

  server.registerTool('set_enabled', {
    description: 'Enable or disable an entity (disabled entities are skipped by queries and systems).',
    inputSchema: { path: PATH, enabled: z.boolean().describe('true to enable, false to disable') },
  }, ({ path, enabled }) => rest(link, 'PUT', `/${enabled ? 'enable' : 'disable'}/${urlPath(path)}`, () => textResult(JSON.stringify({ ok: true, enabled }))));

  server.registerTool('delete_entity', {
    description: 'Delete an entity and its children.',
    inputSchema: { path: PATH },
    annotations: { destructiveHint: true },
  }, ({ path }) => rest(link, 'PUT', `/delete/${urlPath(path)}`, () => textResult('{"ok":true}')));

  server.registerTool('world_summary', {
    description: 'Title, frame rate, frame, entity and table counts, modules, components, named queries, and the systems in pipeline order with their last time.',
    annotations: { readOnlyHint: true },
  }, () => textResult(JSON.stringify(worldSummary(link.world, link.app, link.title))));

  server.registerTool('stats', {
    description: 'Statistics of the world or the pipeline (as GET /stats): 60 samples per measure, oldest first.',
    inputSchema: { category: z.enum(['world', 'pipeline']).describe('world or pipeline'), ...toolShape(STATS_PARAMS, ['period']) },
    annotations: { readOnlyHint: true },
  }, ({ category, ...args }) => rest(link, 'GET', `/stats/${category}${queryString(STATS_PARAMS, args)}`));

  registerTimeControl(server, link);

  server.registerTool('explain_match', {
    description: 'Why an entity is or is not matched by a query (q) or a named query/rule/system (name): per term whether it held, on which source, and why not (missing component, disabled entity, prefab, failed traversal, unbound variable, the ! term that excluded it).',
    inputSchema: { path: PATH, ...toolShape(EXPLAIN_PARAMS, ['q', 'name', 'vars']) },
    annotations: { readOnlyHint: true },
  }, ({ path, ...args }) => rest(link, 'GET', `/explain/${urlPath(path as string)}${queryString(EXPLAIN_PARAMS, args)}`));

  registerWaitFor(server, link);
  return server;
}
