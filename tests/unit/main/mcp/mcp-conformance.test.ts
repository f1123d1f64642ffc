// MCP conformance with the REST contract: every tool argument that is a REST parameter is that
// parameter (its description and accepted values from the same zod table, which the contract's
// routes also read), each read tool's reply equals the REST GET of the same request, and each
// refusal is an isError result whose text is the REST 4xx message, word for word. Frames are not
// run between a tool call and its GET, so both read the same state.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { ENTITY_PARAMS, EXPLAIN_PARAMS, STATS_PARAMS, queryParams, setPayloadSchema, type ParamSpecs } from '../../../../src/shared/protocol';
import { call, McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const h = new McpHarness();
let c: Client;
beforeEach(async () => {
  c = await h.connect(await h.start());
  h.host!.app.step(1 / 60);
});
afterEach(() => h.close());

const route = (method: string, target: string) => h.host!.router.route(method, target);
const get = (target: string): unknown => JSON.parse(route('GET', target).body);
const restError = (method: string, target: string): string => {
  const r = route(method, target);
  expect(r.status, `${method} ${target}`).toBeGreaterThanOrEqual(400);
  expect(r.status).toBeLessThan(500);
  return (JSON.parse(r.body) as { error: string }).error;
};

/** The REST parameter table each tool's shared arguments come from. */
const TABLES: Record<string, ParamSpecs> = {
  query: queryParams(), get_entity: ENTITY_PARAMS, stats: STATS_PARAMS, explain_match: EXPLAIN_PARAMS, wait_for: EXPLAIN_PARAMS,
};

/** The parameters an agent writes as text: their descriptions are the tools' own. */
const QUERY_TEXT = ['q', 'name', 'vars'];

/** A valid text of the string parameters that are not names or expressions. */
const STRING_SAMPLES: Record<string, string> = { period: '1m', vars: 'planet:Sun.Earth' };

const sig4 = (v: number) => (v === 0 ? 0 : Number(v.toPrecision(4)));

/** A /stats reply as the stats tool sums it up: every {avg, min, max} series as {last, min, max, mean}, without briefs. */
function folded(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(folded);
  if (typeof v !== 'object' || v === null) return v;
  const s = v as { avg?: number[]; min?: number[]; max?: number[] };
  if (Array.isArray(s.avg) && Array.isArray(s.min) && Array.isArray(s.max)) {
    return { last: sig4(s.avg[s.avg.length - 1]!), min: sig4(Math.min(...s.min)), max: sig4(Math.max(...s.max)), mean: sig4(s.avg.reduce((a, b) => a + b, 0) / s.avg.length) };
  }
  return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'brief').map(([k, x]) => [k, folded(x)]));
}

describe('MCP tools conform to the REST contract', () => {
  test('every tool says what it does, and every argument what it takes, and which tools only read or destroy: an agent chooses by these alone', async () => {
    const { tools } = await c.listTools();
    expect(tools.length).toBeGreaterThan(10);
    for (const tool of tools) {
      // At least a sentence: a name alone is not enough to choose a tool by.
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(20);
      const props = (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
      for (const [name, prop] of Object.entries(props)) expect(prop.description?.length ?? 0, `${tool.name}.${name}`).toBeGreaterThan(5);
    }
    // Clients ask before calling a tool that changes the world, and before one that destroys: the hints say which.
    const hinted = (hint: 'readOnlyHint' | 'destructiveHint') => tools.filter((t) => t.annotations?.[hint] === true).map((t) => t.name).sort();
    expect(hinted('readOnlyHint')).toEqual(['explain_match', 'get_entity', 'history', 'list_breakpoints', 'query', 'stats', 'wait_for', 'world_summary']);
    expect(hinted('destructiveHint')).toEqual(['delete_entity', 'restore']);
  });

  test('arguments shared with REST are the REST parameters: same description, and each value the tool takes passes the REST schema', async () => {
    const { tools } = await c.listTools();
    let shared = 0;
    for (const tool of tools) {
      const table = TABLES[tool.name];
      const props = (tool.inputSchema.properties ?? {}) as Record<string, { type: string; description: string }>;
      for (const [name, prop] of Object.entries(props)) {
        // `path` is the entity in the URL (/entity/<path>), not GET /entity's path= switch.
        const spec = name === 'path' ? undefined : table?.[name];
        if (spec === undefined) continue;
        shared++;
        // The query text parameters say what an agent types (plain text); REST's wording is about URLs.
        if (QUERY_TEXT.includes(name)) expect(prop.description, `${tool.name}.${name}`).not.toMatch(/URL|encod/i);
        else expect(prop.description, `${tool.name}.${name}`).toBe(`${spec.description} (${spec.expected})`);
        const sample = prop.type === 'boolean' ? 'false' : prop.type === 'integer' ? '1' : (STRING_SAMPLES[name] ?? 'Planet');
        expect(spec.schema.safeParse(sample).success, `${tool.name}.${name} = ${sample}`).toBe(true);
      }
    }
    expect(shared).toBeGreaterThanOrEqual(20);
    const set = tools.find((t) => t.name === 'set_components')!;
    const { description: _d, ...data } = (set.inputSchema.properties as Record<string, Record<string, unknown>>).data!;
    const { $schema: _s, description: _d2, ...payload } = z.toJSONSchema(setPayloadSchema, { io: 'input' }) as Record<string, unknown>;
    expect(data).toEqual(payload);
  });

  test('read tools reply what the REST GET replies', async () => {
    const q = await call(c, 'query', { q: 'Planet', limit: 3, offset: 2 });
    const { total, returned, more, ...reply } = q.json;
    expect(reply).toEqual(get('/query?q=Planet&limit=3&offset=2&count=true'));
    expect({ total, returned, more }).toEqual({ total: 8, returned: 3, more: '3 more: use offset 5' });
    const named = await call(c, 'query', { name: 'ShipsHeadingTo', vars: 'planet:Sun.Earth' });
    expect(named.json).toMatchObject(get('/query?name=ShipsHeadingTo&vars=planet%3ASun.Earth&count=true') as object);
    for (const args of [{}, { values: true }, { values: true, base: false, label: true, matches: true }]) {
      const qs = new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)])).toString();
      expect((await call(c, 'get_entity', { path: 'Sun.Earth', ...args })).json, qs).toEqual(get(`/entity/Sun/Earth${qs ? `?${qs}` : ''}`));
    }
    // stats: each measure of the GET folded to last, min, max and mean (4 significant digits); its series on request.
    for (const [args, target] of [[{ category: 'world' }, '/stats/world'], [{ category: 'pipeline', period: '1m' }, '/stats/pipeline?period=1m']] as const) {
      expect((await call(c, 'stats', args)).json, target).toEqual(folded(get(target)));
      const series = (await call(c, 'stats', { ...args, series: true })).json;
      const whole = get(target) as Record<string, unknown> | unknown[];
      // Too long for one result whole (60 samples of every measure): cut by measures or systems, each one as REST has it.
      const kept = Object.entries(series.series as object);
      expect(kept.length).toBeGreaterThan(0);
      for (const [k, v] of kept) expect(v, `${target} ${k}`).toEqual((whole as Record<string, unknown>)[k]);
      const all = Array.isArray(whole) ? whole.length : Object.keys(whole).length;
      if (kept.length < all) expect(series.cut).toBe(`${kept.length} of ${all} ${Array.isArray(whole) ? 'entries' : 'measures'} fit in 32000 characters; the summary (series: false) has every one`);
    }
    expect((await call(c, 'explain_match', { path: 'Sun.Earth', q: 'Planet, Velocity' })).json).toEqual(get('/explain/Sun/Earth?q=Planet%2C%20Velocity'));
    const summary = (await call(c, 'world_summary')).json;
    expect(summary.title).toBe((get('/entity/ecs/core/World?label=true') as { label: string }).label);
    const pipeline = (get('/stats/pipeline') as { name?: string }[]).filter((s) => s.name !== undefined).map((s) => s.name);
    expect(summary.systems.map((s: { path: string }) => s.path)).toEqual(pipeline);
  });

  test('refusals are tool errors with the REST message, word for word, and change nothing', async () => {
    const w = h.host!.world;
    const changes = w.changeCount;
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['query', { q: 'Position, Nope' }, 'GET', '/query?q=Position%2C%20Nope&count=true'],
      ['query', { q: 'Planet', limit: 99999 }, 'GET', '/query?q=Planet&limit=99999&count=true'],
      ['query', { name: 'Nope' }, 'GET', '/query?name=Nope&count=true'],
      ['query', {}, 'GET', '/query?count=true'],
      ['get_entity', { path: 'Sun.Nowhere' }, 'GET', '/entity/Sun/Nowhere'],
      ['stats', { category: 'world', period: '7s' }, 'GET', '/stats/world?period=7s'],
      ['explain_match', { path: 'Sun.Earth' }, 'GET', '/explain/Sun/Earth'],
      ['explain_match', { path: 'Sun.Earth', q: 'Planet, (' }, 'GET', '/explain/Sun/Earth?q=Planet%2C%20('],
      ['set_components', { path: 'Sun.Earth', data: { ids: [['Nope']], values: [0] } }, 'PUT', `/set/Sun/Earth?data=${encodeURIComponent('{"ids":[["Nope"]],"values":[0]}')}`],
      ['set_enabled', { path: 'Sun.Nowhere', enabled: false }, 'PUT', '/disable/Sun/Nowhere'],
      ['delete_entity', { path: 'ecs.core.World' }, 'PUT', '/delete/ecs/core/World'],
    ];
    for (const [tool, args, method, target] of cases) {
      const r = await call(c, tool, args);
      expect(r.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(r.text, `${tool} ${JSON.stringify(args)}`).toBe(restError(method, target));
    }
    expect(w.changeCount).toBe(changes);
  });
});
