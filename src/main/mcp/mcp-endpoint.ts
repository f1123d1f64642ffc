// MCP over Streamable HTTP at /mcp: one stateful session (an McpServer and its SDK transport) per
// client, as the SDK recommends for servers that send notifications; a bound on open sessions,
// with a clear refusal; mounted on the REST port behind its guard (src/main/http/mounted.ts).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { McpLink } from './tool-result';
import { createMcpServer } from './tools';

/** The path MCP is served at on the REST port. */
export const MCP_PATH = '/mcp';
/** MCP sessions open at most (all clients together); an initialize beyond it is refused with 503. */
export const MAX_MCP_SESSIONS = 16;

interface Session { readonly server: McpServer; readonly transport: StreamableHTTPServerTransport }

function refuse(res: ServerResponse, status: number, message: string): void {
  const text = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** The sessions of one host's MCP endpoint. */
export class McpEndpoint {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly link: McpLink, private readonly maxSessions = MAX_MCP_SESSIONS) {}

  /** Sessions open now. */
  get openSessions(): number {
    return this.sessions.size;
  }

  /** Serves one request for /mcp (body already parsed). */
  readonly handle = (req: IncomingMessage, res: ServerResponse, body: unknown): void => {
    this.serve(req, res, body).catch((err: unknown) => {
      if (!res.headersSent) refuse(res, 500, `the MCP request failed: ${(err as Error).message}`);
      else res.destroy();
    });
  };

  private async serve(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const s = this.sessions.get(id);
      if (!s) { refuse(res, 404, `no MCP session ${JSON.stringify(id.slice(0, 80))}: it ended or never existed; start a new one with an initialize request`); return; }
      await s.transport.handleRequest(req, res, body);
      return;
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      refuse(res, 400, 'no Mcp-Session-Id header: start a session with an initialize request (POST /mcp), then send its Mcp-Session-Id with every request');
      return;
    }
    if (this.sessions.size >= this.maxSessions) {
      refuse(res, 503, `too many MCP clients: ${this.sessions.size} sessions are open (the limit is ${this.maxSessions}); end one (DELETE /mcp with its Mcp-Session-Id) or retry later`);
      return;
    }
    const server = createMcpServer(this.link);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => { this.sessions.set(sid, { server, transport }); },
    });
    transport.onclose = () => { if (transport.sessionId) this.sessions.delete(transport.sessionId); };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  /** Ends every session (the host is stopping). */
  async closeAll(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((s) => s.server.close()));
  }
}
