// MCP over Streamable HTTP at /mcp: one stateful session (an McpServer and its SDK transport) per
// client, as the SDK recommends for servers that send notifications; a bound on open sessions,
// with a clear refusal; sessions left unused for MCP_SESSION_IDLE_MS are closed, and at the bound
// a new client takes the slot of the session unused the longest among those with nothing in
// flight (many clients end without DELETE: the MCP Inspector's CLI and the official conformance
// suite leave one session per run, which would otherwise hold their slots and watches until the
// idle expiry); mounted on the REST port behind its guard (src/main/http/mounted.ts).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { MCP_PATH } from '../../shared/protocol/constants';
import { HOST_TIMERS, reportMcpFault, type McpLink, type McpTimers } from './tool-result';
import { createMcpServer } from './tools';

/** The path MCP is served at on the REST port (written once in the protocol's constants). */
export { MCP_PATH };
/** MCP sessions open at most (all clients together); an initialize beyond it takes an unused session's slot, or is refused with 503 when every one is in use. */
export const MAX_MCP_SESSIONS = 16;
/** A session with no request in flight for this long (ms) is closed; a held notification stream counts as in use. */
export const MCP_SESSION_IDLE_MS = 30 * 60_000;

interface Session {
  readonly server: McpServer;
  readonly transport: StreamableHTTPServerTransport;
  /** Requests of this session being answered now (a GET notification stream stays open). */
  inFlight: number;
  /** When the last request started or ended (the endpoint's clock). */
  lastUsed: number;
}

/** Settings of an MCP endpoint; tests pass a clock. */
export interface McpEndpointOptions {
  readonly maxSessions?: number;
  readonly idleMs?: number;
  /** The clock idle expiry reads, ms (Date.now unless a test gives another). */
  readonly now?: () => number;
  /** Timers of the idle sweep and of wait_for's timeout_seconds (the host's unless a test gives others). */
  readonly timers?: McpTimers;
}

function refuse(res: ServerResponse, status: number, message: string): void {
  const text = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** The sessions of one host's MCP endpoint. */
export class McpEndpoint {
  private readonly sessions = new Map<string, Session>();
  private readonly maxSessions: number;
  private readonly idleMs: number;
  private readonly now: () => number;
  private readonly timers: McpTimers;
  /** The next idle sweep (one-shot, armed again after each sweep); the host's timers never keep a process up. */
  private sweeper: unknown;
  private closed = false;

  private readonly link: McpLink;

  constructor(link: McpLink, options: McpEndpointOptions = {}) {
    this.link = options.timers ? { ...link, timers: options.timers } : link;
    this.maxSessions = options.maxSessions ?? MAX_MCP_SESSIONS;
    this.idleMs = options.idleMs ?? MCP_SESSION_IDLE_MS;
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? HOST_TIMERS;
    this.sweeper = this.timers.set(this.sweep, this.sweepMs);
  }

  /** How often idle sessions are looked for: a quarter of the idle time, at least every second. */
  get sweepMs(): number {
    return Math.max(1000, this.idleMs / 4);
  }

  /** Closes the idle sessions and arms the next sweep. */
  private readonly sweep = (): void => {
    if (this.closed) return;
    this.sweeper = this.timers.set(this.sweep, this.sweepMs);
    void this.closeIdle();
  };

  /** Sessions open now. */
  get openSessions(): number {
    return this.sessions.size;
  }

  /** Requests being answered now, all sessions together (each client's notification stream is one). */
  get openRequests(): number {
    let n = 0;
    for (const s of this.sessions.values()) n += s.inFlight;
    return n;
  }

  /** Closes the sessions with nothing in flight whose last use is idleMs or more ago; returns how many. */
  async closeIdle(): Promise<number> {
    const now = this.now();
    const idle = [...this.sessions].filter(([, s]) => s.inFlight === 0 && now - s.lastUsed >= this.idleMs);
    for (const [id] of idle) this.sessions.delete(id);
    await Promise.all(idle.map(([, s]) => s.server.close()));
    return idle.length;
  }

  /** Closes the session unused the longest among those with nothing in flight; false when every session is in use. */
  async closeLeastRecentlyUsed(): Promise<boolean> {
    let oldest: [string, Session] | undefined;
    for (const entry of this.sessions) {
      if (entry[1].inFlight === 0 && (oldest === undefined || entry[1].lastUsed < oldest[1].lastUsed)) oldest = entry;
    }
    if (oldest === undefined) return false;
    this.sessions.delete(oldest[0]);
    await oldest[1].server.close();
    return true;
  }

  /** Serves one request for /mcp (body already parsed); a fault fails this request alone and is reported once. */
  readonly handle = (req: IncomingMessage, res: ServerResponse, body: unknown): void => {
    this.serve(req, res, body).catch((err: unknown) => {
      const id = req.headers['mcp-session-id'];
      reportMcpFault(this.link, `${req.method} ${MCP_PATH}${typeof id === 'string' ? ` (session ${id.slice(0, 80)})` : ''}`, err);
      if (!res.headersSent) refuse(res, 500, `the MCP request failed: ${(err as Error).message}`);
      else res.destroy();
    });
  };

  private async serve(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const s = this.sessions.get(id);
      if (!s) { refuse(res, 404, `no MCP session ${JSON.stringify(id.slice(0, 80))}: it ended (closed; unused for ${this.idleMs / 60_000} minutes; or, with nothing in flight, its slot given to a new client at the bound of ${this.maxSessions}) or never existed; start a new one with an initialize request`); return; }
      this.use(s, res);
      await s.transport.handleRequest(req, res, body);
      return;
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      refuse(res, 400, 'no Mcp-Session-Id header: start a session with an initialize request (POST /mcp), then send its Mcp-Session-Id with every request');
      return;
    }
    // At the bound, a session nobody is using (no request, no notification stream) gives its slot up.
    if (this.sessions.size >= this.maxSessions) await this.closeLeastRecentlyUsed();
    if (this.sessions.size >= this.maxSessions) {
      refuse(res, 503, `too many MCP clients: ${this.sessions.size} sessions are open and in use (the limit is ${this.maxSessions}); end one (DELETE /mcp with its Mcp-Session-Id) or retry later`);
      return;
    }
    const server = createMcpServer(this.link);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => {
        const s: Session = { server, transport, inFlight: 0, lastUsed: this.now() };
        this.sessions.set(sid, s);
        this.use(s, res);
      },
    });
    transport.onclose = () => { if (transport.sessionId) this.sessions.delete(transport.sessionId); };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  /** Counts a request of session `s` in flight until its response closes. */
  private use(s: Session, res: ServerResponse): void {
    s.inFlight++;
    s.lastUsed = this.now();
    res.once('close', () => { s.inFlight--; s.lastUsed = this.now(); });
  }

  /** Ends every session (the host is stopping). */
  async closeAll(): Promise<void> {
    this.closed = true;
    this.timers.clear(this.sweeper);
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((s) => s.server.close()));
  }
}
