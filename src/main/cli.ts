import { Command, InvalidArgumentError, Option } from 'commander';
import { COMPAT_DEFAULT_LIMIT, DEFAULT_MAX_LIMIT, DEFAULT_MAX_QUERY_STEPS, DEFAULT_PORT } from '../shared/protocol/constants';
import { COMPAT_MODES, type CompatMode } from '../shared/rest';
import { readFileSync } from 'node:fs';
import { DEFAULT_HISTORY_SECONDS, readHistoryFileHeader } from '../shared/history';
import { gunzipHistory } from './history-codec';
import { DEFAULT_HTTP_OPTIONS, canonicalAppOrigins } from './http';

/** Options of the host, shared by the Electron entry and the plain-Node entry. */
export interface HostOptions {
  /** TCP port of the REST interface and the pages (default 27750). */
  port: number;
  /** Address to bind (default 127.0.0.1; anything else is an explicit choice). */
  address: string;
  /** Application title: the World's doc name, shown by the explorer and the window. */
  title: string;
  /** No window (Electron) / no viewport frames pushed unless a page asks. */
  headless: boolean;
  /** Target frame rate of the simulation loop, frames per second (default 60). */
  fps: number;
  /** Seed of the demo scene (default 1). */
  seed: number;
  /** Start with time paused (ecs.app.TimeControl): frames, REST and watches run, no system does until resumed (default false). */
  paused: boolean;
  /** Number of anonymous asteroids in the demo scene (default 3000). */
  asteroids: number;
  /** Bearer token that lets foreign origins use PUT endpoints (default: none). */
  token: string | undefined;
  /** Origins trusted to use PUT endpoints without the token, e.g. a hosted explorer (default: none). */
  allowOrigins: string[];
  /** Reply shapes and limits of a reference server where they differ from the contract (default: the contract). */
  compat: CompatMode | undefined;
  /** Sample world and pipeline statistics for /stats (default true). */
  monitor: boolean;
  /** Largest `limit` a /query may ask for (default DEFAULT_MAX_LIMIT, 10000). */
  maxLimit: number;
  /** Most work the queries of one request may do, in evaluation steps (default DEFAULT_MAX_QUERY_STEPS); more is refused with a 400. */
  maxQuerySteps: number;
  /** Answer repeated GET /entity and /query from the reply made while the world is unchanged (default true). */
  replyCache: boolean;
  /** Longest request target in bytes (default 65536); longer is answered 414. It also bounds a /set payload, which travels in the URL. */
  maxTargetBytes: number;
  /** Largest request body in bytes (default 65536); bodies are ignored, a larger one is answered 413. */
  maxBodyBytes: number;
  /** Open connections at most (default 1024); more are answered 503 and closed. */
  maxConnections: number;
  /** Milliseconds a connection may take to send its request headers, silent or not (default 10000); then it is dropped (408 if it sent part of them). */
  idleTimeoutMs: number;
  /** Milliseconds a client may take to send a whole request, or leave a reply unread (default 30000). */
  requestTimeoutMs: number;
  /** Milliseconds an idle keep-alive connection stays open between requests (default 5000). */
  keepAliveTimeoutMs: number;
  /** Open watch streams at most, all clients together (default 256); more are answered 503. */
  maxWatches: number;
  /** Open watch streams at most from one client address (default 32); more are answered 429. */
  maxWatchesPerClient: number;
  /** Milliseconds of silence after which a watch stream gets a heartbeat comment (default 15000). */
  watchHeartbeatMs: number;
  /** Milliseconds a watch stream's socket may stay backed up before the host resets the stream (default 1000). */
  watchResetMs: number;
  /** Serve MCP (Model Context Protocol, Streamable HTTP) at /mcp on the REST port (default true). */
  mcp: boolean;
  /** Seconds of the world's past kept for reads (at=), restore and export (default DEFAULT_HISTORY_SECONDS, 60; 0: off). */
  history: number;
  /** Milliseconds stopping (SIGINT/SIGTERM) may take before the rest is cut and the process exits 1 (default 900). */
  stopTimeoutMs: number;
  /** Largest history file PUT /history/import takes, in bytes (default DEFAULT_HTTP_OPTIONS.maxFileBytes, 256 MiB); larger is answered 413. */
  maxFileBytes: number;
  /** A history file to open at start (--replay): the world is built as the file says and stands at its first frame, paused (default: none). */
  replay: string | undefined;
}

/** Largest --history: an hour (the byte cap bounds memory whatever the window). */
export const MAX_HISTORY_SECONDS = 3600;

/** Default of --stop-timeout: stopping takes under a second even with clients that hold on. */
export const DEFAULT_STOP_TIMEOUT_MS = 900;

function integer(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`expected an integer from ${min} to ${max}, got '${value}'`);
    return n;
  };
}

/** Collects repeated --allow-origin values; one that is not an origin is refused with the reason. */
function collectOrigin(value: string, previous: string[]): string[] {
  try {
    canonicalAppOrigins([value]);
  } catch {
    throw new InvalidArgumentError(`'${value}' is not an origin: write it as scheme://host[:port], e.g. https://explorer.example.org`);
  }
  return [...previous, value];
}

/** The program's base name, used as the default title (as the contract's "command line arguments" rule says). */
export function programName(argv: readonly string[]): string {
  const script = argv[1] ?? 'ecs-live';
  const base = script.split(/[\\/]/).pop() ?? script;
  return base.replace(/\.(c|m)?js$/, '') || 'ecs-live';
}

/** Parses the command line; exits with a clear message (and --help) on bad input. */
export function parseHostOptions(argv: readonly string[], defaults: Partial<HostOptions> = {}): HostOptions {
  const D = DEFAULT_HTTP_OPTIONS;
  const program = new Command()
    .name('ecs-live')
    .description('A live entity-component world served over the REST interface, with a 3D viewport and an explorer.')
    .addOption(new Option('-p, --port <port>', 'REST and pages port').argParser(integer(0, 65535)).default(defaults.port ?? DEFAULT_PORT))
    .addOption(new Option('-a, --address <address>', 'address to bind').default(defaults.address ?? '127.0.0.1'))
    .addOption(new Option('-t, --title <text>', 'application title (default: the program name)'))
    .addOption(new Option('--headless', 'no window; serve the REST interface and pages only').default(false))
    .addOption(new Option('--fps <n>', 'target frame rate').argParser(integer(1, 1000)).default(defaults.fps ?? 60))
    .addOption(new Option('--seed <n>', 'seed of the demo scene').argParser(integer(0, 2 ** 31 - 1)).default(1))
    .addOption(new Option('--paused', 'start with time paused: frames, REST and watches run, no system does until a client resumes it (ecs.app.TimeControl)').default(false))
    .addOption(new Option('--asteroids <n>', 'anonymous asteroids in the demo scene').argParser(integer(0, 1_000_000)).default(3000))
    .addOption(new Option('--token <token>', 'bearer token that lets other origins change the world').env('ECS_REST_TOKEN'))
    .addOption(new Option('--allow-origin <origin>', 'trust this origin (scheme://host[:port]) to change the world without the token; repeatable')
      .argParser(collectOrigin).default([]))
    .addOption(new Option('--compat <server>', `speak a reference server's REST dialect: flecs-3.2 (the contract's endpoints in the 3.2 server's query shapes: type_info keyed by component, vars, eval_duration, default limit ${COMPAT_DEFAULT_LIMIT}, limit=0 = up to --max-limit) or flecs-4 (the Flecs 4 REST API that today's Flecs explorer speaks: /entity, /query?expr=, /component, /toggle, /stats/world, …; one dialect per host)`)
      .choices(COMPAT_MODES))
    .addOption(new Option('--no-monitor', 'do not sample statistics (/stats answers 404)'))
    .addOption(new Option('--no-mcp', 'do not serve MCP (Model Context Protocol) at /mcp on the REST port'))
    .addOption(new Option('--no-reply-cache', 'serialize every GET anew, even when the world has not changed since the same GET'))
    .addOption(new Option('--max-limit <n>', 'largest limit a /query may ask for').argParser(integer(1, 10_000_000)).default(DEFAULT_MAX_LIMIT))
    .addOption(new Option('--max-query-steps <n>', 'most work the queries of one request may do, in evaluation steps; a query that needs more is refused with 400 (it holds the frames while it runs)')
      .argParser(integer(1, Number.MAX_SAFE_INTEGER)).default(DEFAULT_MAX_QUERY_STEPS))
    .addOption(new Option('--max-target-bytes <n>', 'longest request target (URL) in bytes, /set data included; longer gets 414')
      .argParser(integer(256, 16 * 1024 * 1024)).default(D.maxTargetBytes))
    .addOption(new Option('--max-body-bytes <n>', 'largest request body in bytes (bodies are ignored); larger gets 413')
      .argParser(integer(0, 1024 * 1024 * 1024)).default(D.maxBodyBytes))
    .addOption(new Option('--max-connections <n>', 'open connections at most; more get 503 and are closed')
      .argParser(integer(1, 1_000_000)).default(D.maxConnections))
    .addOption(new Option('--idle-timeout <ms>', 'time a connection may take to send its request headers; then it is dropped (408 if it sent part)')
      .argParser(integer(1, 3_600_000)).default(D.idleTimeoutMs))
    .addOption(new Option('--request-timeout <ms>', 'time a client may take to send a whole request or leave a reply unread; then it is dropped')
      .argParser(integer(1, 3_600_000)).default(D.requestTimeoutMs))
    .addOption(new Option('--keep-alive-timeout <ms>', 'time an idle keep-alive connection stays open between requests')
      .argParser(integer(1, 3_600_000)).default(D.keepAliveTimeoutMs))
    .addOption(new Option('--max-watches <n>', 'open watch streams (/watch/...) at most, all clients together; more get 503')
      .argParser(integer(0, 1_000_000)).default(D.maxWatches))
    .addOption(new Option('--max-watches-per-client <n>', 'open watch streams at most from one client address; more get 429')
      .argParser(integer(0, 1_000_000)).default(D.maxWatchesPerClient))
    .addOption(new Option('--watch-heartbeat <ms>', 'silence after which a watch stream gets a heartbeat comment (keeps proxies from closing it)')
      .argParser(integer(10, 3_600_000)).default(D.watchHeartbeatMs))
    .addOption(new Option('--watch-reset <ms>', 'time a watch stream\'s socket may stay backed up (its reader reads the past) before the host resets the stream; a client reopens it and starts from the present')
      .argParser(integer(10, 3_600_000)).default(D.watchResetMs))
    .addOption(new Option('--history <seconds>', `seconds of the world's past to keep: read with at=<frame>, restore, export (GET /history); 0 turns it off; at most ${MAX_HISTORY_SECONDS}`)
      .argParser(integer(0, MAX_HISTORY_SECONDS)).default(DEFAULT_HISTORY_SECONDS))
    .addOption(new Option('--max-file-bytes <n>', 'largest history file PUT /history/import takes; larger gets 413')
      .argParser(integer(0, 1024 * 1024 * 1024)).default(D.maxFileBytes))
    .addOption(new Option('--replay <file>', 'open a history file (GET /history/export): the world is built as the file says (seed, asteroids, fps, monitor, dialect, title) and stands at its first frame, paused; read it with at=, scrub it in the explorer, restore a frame to go on from there'))
    .addOption(new Option('--stop-timeout <ms>', 'time stopping may take; then what is left is cut and the exit code is 1')
      .argParser(integer(1, 3_600_000)).default(DEFAULT_STOP_TIMEOUT_MS))
    .allowUnknownOption(false)
    .exitOverride((err) => { process.exit(err.exitCode); });
  program.parse(argv as string[], { from: 'node' });
  const o = program.opts();
  if (o.idleTimeout > o.requestTimeout) {
    program.error(`error: option '--idle-timeout <ms>' (${o.idleTimeout}) must not exceed '--request-timeout <ms>' (${o.requestTimeout}): raise --request-timeout or lower --idle-timeout`);
  }
  const replayed = o.replay === undefined ? {} : replayOptions(o.replay, o.history, (message) => program.error(`error: option '--replay <file>': ${message}`));
  return {
    port: o.port, address: o.address, title: o.title ?? defaults.title ?? programName(argv),
    headless: o.headless, fps: o.fps, seed: o.seed, paused: o.paused, asteroids: o.asteroids, token: o.token,
    allowOrigins: o.allowOrigin, compat: o.compat,
    monitor: o.monitor, maxLimit: o.maxLimit, maxQuerySteps: o.maxQuerySteps, replyCache: o.replyCache,
    maxTargetBytes: o.maxTargetBytes, maxBodyBytes: o.maxBodyBytes, maxConnections: o.maxConnections,
    idleTimeoutMs: o.idleTimeout, requestTimeoutMs: o.requestTimeout, keepAliveTimeoutMs: o.keepAliveTimeout,
    maxWatches: o.maxWatches, maxWatchesPerClient: o.maxWatchesPerClient, watchHeartbeatMs: o.watchHeartbeat, watchResetMs: o.watchReset,
    stopTimeoutMs: o.stopTimeout, mcp: o.mcp, history: o.history, maxFileBytes: o.maxFileBytes, replay: o.replay,
    ...replayed,
  };
}

/**
 * What a history file says the world was built from (--replay): its seed, asteroids, fps, monitor,
 * dialect and title replace the command line's. `fail` reports a file that cannot be opened.
 */
function replayOptions(path: string, history: number, fail: (message: string) => never): Partial<HostOptions> {
  if (history === 0) fail('a replay needs the history: leave out --history 0');
  let header;
  try {
    header = readHistoryFileHeader(gunzipHistory(readFileSync(path)));
  } catch (err) {
    fail(`cannot open ${path}: ${(err as Error).message}`);
  }
  const w = header.world;
  const compat = header.dialect === 'contract' ? undefined : (COMPAT_MODES as readonly string[]).includes(header.dialect) ? header.dialect as CompatMode : fail(`${path} was recorded in the dialect '${header.dialect}', which this host does not speak`);
  const num = (key: string, fallback: number) => typeof w[key] === 'number' ? w[key] : fallback;
  return {
    title: header.title, compat, seed: num('seed', 1), asteroids: num('asteroids', 3000), fps: num('fps', 60),
    monitor: typeof w.monitor === 'boolean' ? w.monitor : true,
  };
}
