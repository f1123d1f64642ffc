// The real side of the model-based fuzz: the built host as a child process with its own loop
// running, MCP sessions (the SDK's client, opened on first use and closed by commands), REST
// requests and open watches. Every call is answered within its contract or the run fails: a
// tool or REST call within CALL_LIMIT_MS (a bound that only catches a hang, never a speed), a
// wait_for within its own timeout_frames (counted in the host's frames) or timeout_seconds.
// After each command the invariants hold: the process lives, frames advance, no promise was
// rejected unhandled, and each pending wait_for has been answered in time.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, ResourceUpdatedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawnHost, type SpawnedHost } from '../spawn-host';
import { openWatch, type WatchClient } from '../watch-client';
import { PROBE_PARENT } from './fuzz-model';

/** Longest a call may go unanswered (ms): on a loaded 2-core machine a slow answer is not a bug, no answer is. */
export const CALL_LIMIT_MS = 30_000;
/** Frames a wait_for may take past its timeout_frames (the frames between our frame probe and its watch opening, and its answer in flight). */
export const WAIT_FRAME_SLACK = 120;
/** MCP sessions the fuzz keeps (each opened on first use, closed and reopened by commands). */
export const SESSIONS = 3;

/** The words of an error answer that reports a fault of the host rather than bad input. */
const INTERNAL_FAULT = /tool failed:|failed while reading a change|Maximum call stack|internal error/;

/** A failed invariant: the run stops with it. */
export class FuzzFailure extends Error {}

/** A tool's answer: a result (error or not), or a JSON-RPC error the server answered with. */
export interface ToolAnswer {
  readonly isError: boolean;
  readonly text: string;
  /** The result's JSON (undefined when it is not JSON). */
  readonly json: unknown;
  /** True when the server answered with a JSON-RPC error instead of a result. */
  readonly protocolError: boolean;
}

/** A wait_for sent and not yet checked. */
interface PendingWait {
  readonly label: string;
  /** The session slot it was sent on: ending that session ends the call too. */
  readonly slot: number;
  /** Its session was ended by the fuzz while it waited: an ended connection is then its answer. */
  dropped: boolean;
  /** The host's frame just before the call was sent. */
  readonly startFrame: number;
  /** Its timeout_frames, or undefined when it waits by seconds. */
  readonly frames: number | undefined;
  readonly answer: Promise<ToolAnswer>;
  settled: boolean;
  error?: unknown;
}

/** Counts of what a run did, for reports. */
export interface FuzzTally {
  toolCalls: number;
  toolErrors: number;
  restCalls: number;
  restErrors: number;
  waits: number;
  waitsChanged: number;
  sessionsOpened: number;
  watchesOpened: number;
  notifications: number;
}

/** The host under test and its clients. */
export class FuzzHost {
  private readonly sessions: (Client | undefined)[] = new Array<Client | undefined>(SESSIONS).fill(undefined);
  private readonly pending: PendingWait[] = [];
  private readonly watches: WatchClient[] = [];
  private readonly rejections: unknown[] = [];
  private readonly onRejection = (reason: unknown) => { this.rejections.push(reason); };
  private lastFrame = 0;
  readonly tally: FuzzTally = { toolCalls: 0, toolErrors: 0, restCalls: 0, restErrors: 0, waits: 0, waitsChanged: 0, sessionsOpened: 0, watchesOpened: 0, notifications: 0 };

  private constructor(readonly host: SpawnedHost) {
    process.on('unhandledRejection', this.onRejection);
  }

  /** Starts a host (`--asteroids 50`, default fps) with the probes' parent made. */
  static async start(): Promise<FuzzHost> {
    const f = new FuzzHost(await spawnHost(['--asteroids', '50']));
    const made = await f.rest('PUT', `/entity/${PROBE_PARENT}`);
    if (made.status !== 200) throw new FuzzFailure(`cannot make ${PROBE_PARENT}: ${made.status} ${made.text}`);
    f.lastFrame = await f.frame();
    return f;
  }

  /** Base URL of the host's REST interface. */
  get url(): string {
    return this.host.url;
  }

  /** Fails the run, with the host's output when the process ended. */
  fail(message: string): never {
    const h = this.host.child;
    const gone = h.exitCode !== null || h.signalCode !== null;
    // The output shows a crash's stack even when the exit is not yet reported (a refused connection comes first).
    const state = gone ? `the host process ended (code ${h.exitCode}, signal ${h.signalCode})` : 'the host process is running';
    throw new FuzzFailure(`${message}\n${state}; the end of its output:\n${this.host.output().slice(-3000)}`);
  }

  /** A REST request with a liveness bound; gives status, text and the ECS-Frame header. */
  async rest(method: string, target: string): Promise<{ status: number; text: string; json: unknown; frame: number }> {
    this.tally.restCalls++;
    let r: Response;
    try {
      r = await fetch(this.url + target, { method, signal: AbortSignal.timeout(CALL_LIMIT_MS) });
    } catch (e) {
      this.fail(`${method} ${target} was not answered: ${(e as Error).message}`);
    }
    const text = await r.text();
    if (r.status >= 500) this.fail(`${method} ${target} answered ${r.status}: ${text.slice(0, 300)}`);
    if (r.status >= 400) this.tally.restErrors++;
    let json: unknown;
    try { json = JSON.parse(text); } catch { this.fail(`${method} ${target} answered ${r.status} with text that is not JSON: ${text.slice(0, 300)}`); }
    if (r.status >= 400 && typeof (json as { error?: unknown }).error !== 'string') this.fail(`${method} ${target} answered ${r.status} without an error message: ${text.slice(0, 300)}`);
    return { status: r.status, text, json, frame: Number(r.headers.get('ecs-frame') ?? NaN) };
  }

  /** The host's frame count now (a write that changes nothing reports the frame it landed in). */
  async frame(): Promise<number> {
    const r = await this.rest('PUT', `/enable/${PROBE_PARENT}`);
    if (r.status !== 200 || !Number.isInteger(r.frame)) this.fail(`the frame probe answered ${r.status} with frame header ${r.frame}`);
    return r.frame;
  }

  /** The MCP client of a slot, connecting one when the slot is empty. */
  async session(slot: number): Promise<Client> {
    const open = this.sessions[slot];
    if (open) return open;
    const client = new Client({ name: `fuzz-${slot}`, version: '1' });
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, () => { this.tally.notifications++; });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(`${this.url}/mcp`)), { timeout: CALL_LIMIT_MS });
    } catch (e) {
      this.fail(`an MCP session could not be opened: ${(e as Error).message}`);
    }
    this.tally.sessionsOpened++;
    this.sessions[slot] = client;
    return client;
  }

  /** Ends a slot's session (DELETE /mcp, as a client that says goodbye does); the next use opens another. */
  async endSession(slot: number): Promise<void> {
    const c = this.sessions[slot];
    if (!c) return;
    this.sessions[slot] = undefined;
    for (const w of this.pending) if (w.slot === slot) w.dropped = true;
    const transport = c.transport as StreamableHTTPClientTransport;
    await transport.terminateSession().catch((e: unknown) => this.fail(`DELETE /mcp was not answered: ${(e as Error).message}`));
    await c.close();
  }

  /** Calls a tool; an answer that is no result or error, or none in time, fails the run. */
  async tool(slot: number, name: string, args: Record<string, unknown>, limitMs = CALL_LIMIT_MS, signal?: AbortSignal): Promise<ToolAnswer> {
    const c = await this.session(slot);
    this.tally.toolCalls++;
    try {
      const r = await c.callTool({ name, arguments: args }, undefined, { timeout: limitMs, signal }) as CallToolResult;
      const first = r.content[0];
      if (first?.type !== 'text') this.fail(`${name} ${JSON.stringify(args)} answered without text: ${JSON.stringify(r).slice(0, 300)}`);
      let json: unknown;
      try { json = JSON.parse(first.text); } catch { json = undefined; }
      if (r.isError !== true && json === undefined) this.fail(`${name} ${JSON.stringify(args)} answered a result that is not JSON: ${first.text.slice(0, 200)} … ${first.text.slice(-200)}`);
      // A fault answered as an error keeps the session alive, but it is still a bug of the host.
      if (r.isError === true && INTERNAL_FAULT.test(first.text)) this.fail(`${name} ${JSON.stringify(args)} answered an internal fault: ${first.text.slice(0, 300)}`);
      if (r.isError === true) this.tally.toolErrors++;
      return { isError: r.isError === true, text: first.text, json, protocolError: false };
    } catch (e) {
      if (e instanceof FuzzFailure) throw e;
      if (signal?.aborted) throw e;
      // InvalidParams and friends are answers; a timeout or a closed connection is not.
      if (e instanceof McpError && e.code !== -32001 && e.code !== -32000) {
        this.tally.toolErrors++;
        return { isError: true, text: e.message, json: undefined, protocolError: true };
      }
      this.fail(`${name} ${JSON.stringify(args)} was not answered: ${(e as Error).message}`);
    }
  }

  /** A resources/* request (read, subscribe, unsubscribe, list): answered with a result or an MCP error. */
  async resource(slot: number, what: 'read' | 'subscribe' | 'unsubscribe' | 'list', uri: string): Promise<{ ok: boolean; text: string }> {
    const c = await this.session(slot);
    this.tally.toolCalls++;
    const opts = { timeout: CALL_LIMIT_MS };
    try {
      const r = what === 'read' ? await c.readResource({ uri }, opts)
        : what === 'subscribe' ? await c.subscribeResource({ uri }, opts)
          : what === 'unsubscribe' ? await c.unsubscribeResource({ uri }, opts)
            : await c.listResources(undefined, opts);
      return { ok: true, text: JSON.stringify(r) };
    } catch (e) {
      if (e instanceof McpError && e.code !== -32001 && e.code !== -32000) return { ok: false, text: e.message };
      this.fail(`resources/${what} ${uri} was not answered: ${(e as Error).message}`);
    }
  }

  /** Sends a wait_for and leaves it pending; `checkPending` holds it to its contract. */
  async startWait(slot: number, args: Record<string, unknown>): Promise<void> {
    const startFrame = await this.frame();
    const frames = args.timeout_frames as number | undefined;
    const seconds = args.timeout_seconds as number | undefined;
    const limit = (seconds ?? 0) * 1000 + CALL_LIMIT_MS;
    const w: PendingWait = { label: `wait_for ${JSON.stringify(args)} on session ${slot} at frame ${startFrame}`, slot, dropped: false, startFrame, frames, settled: false, answer: this.tool(slot, 'wait_for', args, limit) };
    this.tally.waits++;
    w.answer.then((a) => { w.settled = true; if ((a.json as { changed?: boolean } | undefined)?.changed) this.tally.waitsChanged++; }, (e: unknown) => { w.settled = true; w.error = e; });
    this.pending.push(w);
  }

  /** A wait_for the client cancels once it is sent: the client's call ends at once, and the session goes on answering. */
  async cancelledWait(slot: number, args: Record<string, unknown>): Promise<void> {
    const ac = new AbortController();
    const call = this.tool(slot, 'wait_for', args, CALL_LIMIT_MS, ac.signal);
    await this.frame();
    ac.abort();
    await call.then(() => {}, () => {});
    const after = await this.tool(slot, 'world_summary', {});
    if (after.isError) this.fail(`world_summary after a cancelled wait_for answered an error: ${after.text}`);
  }

  /** Opens a watch stream (SSE) that stays open until closeWatch. */
  async watch(target: string): Promise<void> {
    const w = await openWatch(this.url, target);
    if ('status' in w) {
      if (w.status >= 500 || typeof w.body?.error !== 'string') this.fail(`watch ${target} refused with ${w.status} and no message`);
      return;
    }
    this.tally.watchesOpened++;
    this.watches.push(w);
  }

  /** Closes the oldest open watch. */
  closeWatch(): void {
    this.watches.shift()?.close();
  }

  /**
   * Holds every pending wait_for to its contract: answered (a result or an error, never a
   * dropped call), and by the frame its timeout_frames allows. With `all`, waits for each.
   */
  async checkPending(all = false): Promise<void> {
    for (;;) {
      for (const w of this.pending.filter((p) => p.settled)) {
        this.pending.splice(this.pending.indexOf(w), 1);
        if (w.error !== undefined && !w.dropped) throw w.error instanceof FuzzFailure ? w.error : this.fail(`${w.label}: ${(w.error as Error).message}`);
      }
      if (this.pending.length === 0) return;
      const now = await this.frame();
      for (const w of this.pending) {
        if (!w.settled && !w.dropped && w.frames !== undefined && now > w.startFrame + w.frames + WAIT_FRAME_SLACK) this.fail(`${w.label} was not answered by frame ${now} (timeout_frames ${w.frames})`);
      }
      if (!all) return;
      // Wait for one to settle or the next frame probe, whichever first; the probe above is the clock.
      await Promise.race([Promise.race(this.pending.map((p) => p.answer.then(() => {}, () => {}))), this.nextFrame(now)]);
    }
  }

  /** Resolves once the host's frame count is past `after` (frames advance), failing if it never moves. */
  async nextFrame(after: number): Promise<number> {
    for (let i = 0; i < 10_000; i++) {
      const f = await this.frame();
      if (f > after) return f;
      // A frame is due within 1000/fps ms: probe a few times per frame, not in a tight loop.
      await new Promise((r) => setTimeout(r, 5));
    }
    this.fail(`frames stopped at ${after}`);
  }

  /** The invariants after every command: the process lives, frames advance, nothing rejected unhandled, pending waits on time. */
  async invariants(): Promise<void> {
    const h = this.host.child;
    if (h.exitCode !== null || h.signalCode !== null) this.fail('the host process is gone');
    if (this.rejections.length > 0) this.fail(`unhandled rejection: ${String(this.rejections[0])}`);
    await this.checkPending();
    this.lastFrame = await this.nextFrame(this.lastFrame);
  }

  /** Waits out every pending wait_for, checks the invariants once more and stops everything. */
  async finish(): Promise<void> {
    try {
      await this.checkPending(true);
      await this.invariants();
    } finally {
      await this.close();
    }
  }

  /** Stops the clients and the host (also after a failure). */
  async close(): Promise<void> {
    process.off('unhandledRejection', this.onRejection);
    for (const w of this.watches.splice(0)) w.close();
    for (const c of this.sessions.splice(0)) await c?.close().catch(() => {});
    await this.host.stop();
  }
}
