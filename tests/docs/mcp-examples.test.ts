// The example arguments of docs/mcp.md's tool table, run: each code span of the table's last
// column is sent, as written, to the tool of its row on the demo host with its loop running, and
// must answer a result (not an error) whose text is JSON. A row whose tool does not exist, or
// an example that is not JSON, fails here too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { MCP_PATH } from '../../src/main/mcp';
import { startDemoHost, type DemoHost } from './demo-host';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const DOC = join(import.meta.dirname, '..', '..', 'docs', 'mcp.md');

/** Rows of the tool table: the tool and the JSON examples of its last column, in the page's order. */
function examples(): { tool: string; args: string }[] {
  const out: { tool: string; args: string }[] = [];
  for (const line of readFileSync(DOC, 'utf8').split('\n')) {
    const cells = line.split(' | ');
    const tool = /^\| `([a-z_]+)`$/.exec(cells[0] ?? '')?.[1];
    if (!tool || cells.length < 3) continue;
    for (const m of cells.at(-1)!.matchAll(/`(\{.*?\})`/g)) out.push({ tool, args: m[1]! });
  }
  return out;
}

let demo: DemoHost;
let client: Client;
beforeAll(async () => {
  demo = await startDemoHost(true);
  client = new Client({ name: 'docs-examples', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${demo.port}${MCP_PATH}`)));
});
afterAll(async () => {
  await client?.close();
  await demo?.stop();
});

describe('docs/mcp.md: the example arguments of every tool', () => {
  test('the table gives an example for each tool', async () => {
    const tools = (await client.listTools()).tools.map((t) => t.name).sort();
    expect([...new Set(examples().map((e) => e.tool))].sort()).toEqual(tools);
  });

  for (const { tool, args } of examples()) {
    test(`${tool} ${args}`, async () => {
      const r = await client.callTool({ name: tool, arguments: JSON.parse(args) as Record<string, unknown> }) as CallToolResult;
      const text = r.content[0]?.type === 'text' ? r.content[0].text : '';
      expect(r.isError, text).toBeFalsy();
      expect(() => JSON.parse(text) as unknown, text).not.toThrow();
    });
  }
});
