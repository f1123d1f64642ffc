// A client nobody on the team wrote: the official MCP Inspector's CLI (@modelcontextprotocol/
// inspector-cli, a devDependency; the newer @modelcontextprotocol/inspector needs Node 22) run as
// its own process against the host's /mcp over a real socket. It lists the tools and the resource
// templates, calls query and get_entity, and reads a resource; every answer is compared with the
// REST GET of the same request.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { McpHarness } from './mcp-harness';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const run = promisify(execFile);
const cli = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build', 'index.js');

const h = new McpHarness();
afterEach(() => h.close());

/** Runs the Inspector CLI against `url` with `args`; its stdout parsed as JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function inspector(url: string, ...args: string[]): Promise<any> {
  // The CLI looks for its package.json relative to the working directory: run it from its build folder.
  const { stdout } = await run(process.execPath, [cli, url, '--transport', 'http', ...args], { timeout: 60_000, cwd: dirname(cli) });
  return JSON.parse(stdout);
}

const text = (r: { content: { text: string }[] }) => r.content[0]!.text;

describe('MCP Inspector CLI against the host', () => {
  test('tools/list, tools/call query and get_entity, resources: the same as REST', async () => {
    const base = await h.start();
    const url = `${base}/mcp`;
    const rest = (target: string) => JSON.parse(h.host!.router.route('GET', target).body);

    const { tools } = await inspector(url, '--method', 'tools/list');
    expect(tools.map((t: { name: string }) => t.name).sort()).toEqual(['delete_breakpoint', 'delete_entity', 'explain_match', 'get_entity', 'history', 'list_breakpoints', 'query', 'restore', 'set_breakpoint', 'set_components', 'set_enabled',
      'stats', 'time_control', 'wait_for', 'world_summary']);

    const query = await inspector(url, '--method', 'tools/call', '--tool-name', 'query', '--tool-arg', 'q=Planet', '--tool-arg', 'limit=3');
    expect(query.isError ?? false).toBe(false);
    const q = JSON.parse(text(query));
    const planets = rest('/query?q=Planet&limit=3&count=true');
    expect(q).toEqual({ total: 8, returned: 3, more: '5 more: use offset 3', ...planets });

    const entity = await inspector(url, '--method', 'tools/call', '--tool-name', 'get_entity', '--tool-arg', 'path=Sun.Earth', '--tool-arg', 'values=true');
    expect(JSON.parse(text(entity))).toEqual(rest('/entity/Sun/Earth?values=true'));

    const refused = await inspector(url, '--method', 'tools/call', '--tool-name', 'get_entity', '--tool-arg', 'path=Sun.Nowhere');
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe(rest('/entity/Sun/Nowhere').error);

    const { resourceTemplates } = await inspector(url, '--method', 'resources/templates/list');
    expect(resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate).sort()).toEqual(['ecs://entity/{+path}', 'ecs://query/{+name}']);
    const read = await inspector(url, '--method', 'resources/read', '--uri', 'ecs://query/Planets');
    expect(JSON.parse(read.contents[0].text)).toEqual(rest('/query?name=Planets'));
    // Each run ended its session (the CLI closes its client): none is left holding a slot.
    await expect.poll(() => h.host!.mcp!.openRequests, { timeout: 30_000 }).toBe(0);
  });
});
