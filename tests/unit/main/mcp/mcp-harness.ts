// What the MCP tests share: a host whose frames run by hand (so tests count frames, never time)
// or one whose own loop runs (startLive: what happens inside real frames, counted through the
// app's frame hook, never timed), SDK clients on its /mcp, tool calls read as text and JSON, and
// running or awaiting frames until a call settles.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseHostOptions } from '../../../../src/main/cli';
import { Host } from '../../../../src/main/host/index';
import { createMcpServer, type McpEndpointOptions, type McpLink } from '../../../../src/main/mcp';

/** A started host and the clients connected to it; `close()` ends them all. */
export class McpHarness {
  host: Host | undefined;
  private readonly clients: Client[] = [];

  /** Starts a demo host on a free port with its loop stopped (frames run by `step`); returns its base URL. */
  async start(...extra: string[]): Promise<string> {
    return this.startWith({}, ...extra);
  }

  /** As start, with the MCP endpoint's bounds and clock. */
  async startWith(mcp: McpEndpointOptions, ...extra: string[]): Promise<string> {
    this.host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '50', ...extra]), mkdtempSync(join(tmpdir(), 'pages-')), mcp);
    const base = (await this.host.start()).rest;
    this.host.app.stop();
    return base;
  }

  /** Starts a demo host on a free port with its own loop running (frames come on the host's clock); returns its base URL. */
  async startLive(mcp: McpEndpointOptions = {}, ...extra: string[]): Promise<string> {
    this.host = new Host(parseHostOptions(['node', 'ecs-live', '--port', '0', '--asteroids', '50', ...extra]), mkdtempSync(join(tmpdir(), 'pages-')), mcp);
    return (await this.host.start()).rest;
  }

  /** Resolves after the running loop has run `n` more frames (counted by the app's frame hook). */
  frames(n: number): Promise<void> {
    return new Promise((resolve) => {
      let seen = 0;
      const off = this.host!.app.onFrame(() => {
        if (++seen < n) return;
        // Removed after this frame's hooks ran: removing a hook while they run would skip the next one.
        queueMicrotask(off);
        resolve();
      });
    });
  }

  /** With the loop running: true once `done()` holds after some frame, false when `max` frames ran without it (waited on frames, never timed). */
  until(done: () => boolean, max: number): Promise<boolean> {
    return new Promise((resolve) => {
      let seen = 0;
      const off = this.host!.app.onFrame(() => {
        const ok = done();
        if (!ok && ++seen < max) return;
        queueMicrotask(off);
        resolve(ok);
      });
    });
  }

  /** An SDK client connected to `${base}/mcp`. */
  async connect(base: string, headers: Record<string, string> = {}): Promise<Client> {
    const client = new Client({ name: 'mcp-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
    this.clients.push(client);
    return client;
  }

  /** Runs frames one by one (yielding to the event loop between them) until `pending` settles or `max` frames ran; returns the frames run. */
  async stepUntil(pending: Promise<unknown>, max = 100): Promise<number> {
    let settled = false;
    void pending.then(() => { settled = true; }, () => { settled = true; });
    let n = 0;
    for (; n < max && !settled; n++) {
      this.host!.app.step(1 / 60);
      await new Promise((r) => setImmediate(r));
    }
    return n;
  }

  /**
   * A client of an MCP server made in this process over the started host, through an in-memory
   * transport: the host's link (world, app, REST answers, watches) with the parts in `replace`
   * swapped, so a test can give the tools a REST layer that refuses or throws.
   */
  async inMemoryClient(title: string, replace: Partial<McpLink> = {}): Promise<Client> {
    const host = this.host!;
    const link: McpLink = { world: host.world, app: host.app, title, answer: host.answer, watch: (req, sink) => host.watches.open(req, sink), ...replace };
    const [a, b] = InMemoryTransport.createLinkedPair();
    await createMcpServer(link).connect(a);
    const client = new Client({ name: `${title}-test`, version: '1' });
    await client.connect(b);
    this.clients.push(client);
    return client;
  }

  async close(): Promise<void> {
    for (const c of this.clients.splice(0)) await c.close().catch(() => {});
    await this.host?.stop();
    this.host = undefined;
  }
}

/** A tool result's text. */
export function text(r: unknown): string {
  const c = (r as CallToolResult).content[0]!;
  return c.type === 'text' ? c.text : '';
}

/** Calls a tool; gives whether it failed, its text and its JSON (undefined when not JSON). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call(c: Client, name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; text: string; json: any }> {
  const r = (await c.callTool({ name, arguments: args })) as CallToolResult;
  const t = text(r);
  let json: unknown;
  try { json = JSON.parse(t); } catch { json = undefined; }
  return { isError: r.isError === true, text: t, json };
}
