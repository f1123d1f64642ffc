// The Host: one world running the demo at its target rate, the REST server on the Rest
// singleton's port, and the frame feed for the viewport. Both entries (Electron and plain Node)
// create a Host; everything they show comes from here.
import { readFileSync } from 'node:fs';
import { runApp, type App } from '../../shared/app';
import { History } from '../../shared/history';
import { World } from '../../shared/ecs';
import { setHttpCountersSource } from '../../shared/monitor';
import { CONTRACT_MOUNT, WATCH_EVENTS, WATCH_PREFIX } from '../../shared/protocol';
import { Breakpoints } from '../../shared/breakpoints';
import { createRouter, type RestReply, type RestRequest, type Router } from '../../shared/rest';
import type { HostOptions } from '../cli';
import { createHttpTransport, type EventSink, type EventSubscription, type HttpTransport } from '../http';
import { createDemo, type Demo } from '../sim';
import { FrameHub } from './frame-hub';
import { FramePublisher, type ShownTime } from './frame-publisher';
import { attachFrameSocket, type FrameSocket } from './frame-socket';
import type { WatchFeeds } from './watch-feeds';
import { CONTRACT_WATCH_PREFIX, RestFaces } from './rest-faces';
import { McpEndpoint, MCP_PATH, type McpEndpointOptions } from '../mcp';
import { historyFileOptions } from '../history-codec';

/**
 * How long stopping waits for a viewport socket to finish the close handshake before cutting it,
 * in ms. Together with the HTTP transport's grace (CLOSE_GRACE_MS, run at the same time) this keeps
 * a SIGTERM well inside the entry's one-second limit even with a stalled viewport.
 */
export const FRAME_CLOSE_TIMEOUT_MS = 300;

/** Reply header of a PUT: the frame count when the write was applied (watch event ids count the same frames). */
export const FRAME_HEADER = 'ECS-Frame';

/** The name the history gives writes made through a --compat host's contract face (CONTRACT_MOUNT). */
const CONTRACT_FACE = 'contract';

/** Where the host can be reached once started. */
export interface HostUrls {
  /** Base URL of the REST interface, e.g. http://127.0.0.1:27750 */
  readonly rest: string;
  readonly viewport: string;
  readonly explorer: string;
}

/** The app and demo of a world, as every host builds them (the history's replica is built the same way). */
function buildWorld(w: World, options: HostOptions): { app: App; demo: Demo } {
  // The title comes from the command line (the program's base name or --title; docs/rest-api.md, Basics).
  const app = runApp(w, { target_fps: options.fps, enable_monitor: options.monitor, args: [options.title, '--title', options.title], manual: true, time_control: true });
  const demo = createDemo(w, { seed: options.seed, asteroids: options.asteroids });
  return { app, demo };
}

function routeLimits(options: HostOptions) {
  return { maxLimit: options.maxLimit, maxQuerySteps: options.maxQuerySteps, replyCache: options.replyCache, compat: options.compat };
}

/**
 * The history of the live app: its replica is a second world built by the same code, with its own
 * router of the same dialect; it replays the recorded frames to answer reads of the past and restores.
 */
function createHistory(app: App, options: HostOptions): { history: History; scene: Demo } {
  const world = new World();
  const replica = buildWorld(world, options);
  const router = createRouter(world, { ...routeLimits(options), app: replica.app });
  // A --compat host's contract face (the explorer, MCP) writes through a router of its own: so does the replica.
  const faces: Record<string, Router> = options.compat === undefined ? {} : { [CONTRACT_FACE]: createRouter(world, { ...routeLimits(options), compat: undefined, app: replica.app }) };
  // What a history file says of this host: --replay builds the world again from it.
  const origin = {
    title: options.title, dialect: options.compat ?? 'contract',
    world: { seed: options.seed, asteroids: options.asteroids, fps: options.fps, monitor: options.monitor },
  };
  const history = new History(app, { world, router, faces, timeControl: replica.app.TimeControl }, { seconds: options.history, file: historyFileOptions(origin) });
  return { history, scene: replica.demo };
}

/** A running simulation with its REST server and frame feed. */
export class Host {
  readonly world = new World();
  readonly demo: Demo;
  readonly app: App;
  /** The router of the host's dialect, at the root of the REST port. */
  readonly router: Router;
  /** The dialect at the root and the contract under /contract (for the host's own pages and tools). */
  readonly faces: RestFaces;
  /** The world's recent past (--history), or undefined when off. */
  readonly history: History | undefined;
  readonly frames = new FrameHub();
  /** Watched GET targets of the root dialect and their streams (/watch/...). */
  readonly watches: WatchFeeds;
  /** Queries looked at after every frame whose hits pause the world (/breakpoint/<name>). */
  readonly breakpoints: Breakpoints;
  /** Packs the viewport's frames: the live world or the past the explorer looks at, with a hit's entities highlighted. */
  readonly publisher: FramePublisher;
  /** The MCP endpoint (/mcp) while serving, unless --no-mcp. */
  mcp: McpEndpoint | undefined;
  /** The HTTP transport while serving. */
  transport: HttpTransport | undefined;
  private socket: FrameSocket | undefined;
  private current: Promise<HostUrls> | undefined;

  /**
   * `staticRoot` is the folder of the built pages (out/renderer); entries pass it, as only they know
   * where they are. `mcpOptions` sets the MCP endpoint's bounds and clock (tests).
   */
  constructor(readonly options: HostOptions, readonly staticRoot: string, private readonly mcpOptions: McpEndpointOptions = {}) {
    const w = this.world;
    ({ app: this.app, demo: this.demo } = buildWorld(w, options));
    // Paused before the first frame, so the world is the seed's own until a client resumes or steps it.
    if (options.paused) w.set(w.core.World, this.app.TimeControl, { paused: true });
    const watches = (): WatchFeeds => this.watches;
    this.breakpoints = new Breakpoints(w, {
      // A hit pauses at the end of its frame and drops steps still to run, as a debugger stops a step.
      pause: () => w.set(w.core.World, this.app.TimeControl, { paused: true, step: 0 }),
      frame: () => this.app.frameCount,
      ranSystems: () => this.app.simulated,
      get frameSteps() { return watches().frameBudget.frameSteps; },
      get requestSteps() { return watches().frameBudget.requestSteps; },
    });
    const past = options.history > 0 ? createHistory(this.app, options) : undefined;
    this.history = past?.history;
    const routerOptions = { maxLimit: options.maxLimit, maxQuerySteps: options.maxQuerySteps, replyCache: options.replyCache, app: this.app, breakpoints: this.breakpoints };
    this.router = createRouter(w, { ...routerOptions, compat: options.compat, history: this.history });
    // With --compat the contract face is a second router: its writes are recorded as made through it, and replayed so.
    const contract = options.compat === undefined ? this.router : createRouter(w, { ...routerOptions, history: this.history?.face(CONTRACT_FACE) });
    const faults = this.app.pipeline.faults;
    this.faces = new RestFaces(this.router, contract, { frame: () => this.app.frameCount, changes: () => w.changeCount, fault: (target, err) => faults.report('watch', target, err) });
    this.watches = this.faces.root.watches;
    this.publisher = new FramePublisher({
      app: this.app, hub: this.frames, live: this.demo, past, time: () => this.timeState(),
      fault: (err) => faults.report('frame_hook', 'viewport frame of the past', err),
    });
    // Breakpoints go first in the frame's shared budget, so none misses the frame it fires on; the
    // viewport's frame follows, so the frame a hit paused on already shows its entities highlighted.
    this.app.onFrame(() => {
      this.publisher.beforeHits();
      this.faces.afterFrame(this.breakpoints.afterFrame());
    });
    this.app.onFrame(() => this.publisher.publish());
    this.breakpoints.onHit((hits) => this.publisher.hit(hits.flatMap((h) => h.ids)));
    this.breakpoints.onHit((hits) => this.faces.broadcast(WATCH_EVENTS.break, JSON.stringify({ hits })));
    // A hit pauses the world from a frame hook, outside the router: the history records that pause too.
    this.breakpoints.onHit(() => this.history?.recordPause());
    this.history?.onEvent((e) => {
      this.publisher.clearHighlight();
      this.faces.root.watches.restored(e.frame);
      if (this.faces.contract !== this.faces.root) this.faces.contract.watches.restored(e.frame);
      // A file opened (history import) holds the loop: watchers and the viewport get the world now.
      if (this.history?.isHolding === true) {
        this.faces.afterFrame();
        this.publisher.publish();
      }
    });
    // Setting the ecs.rest.Rest singleton starts the server; removing it stops it.
    w.observe(w.core.Rest, 'set', () => { this.current = this.serve(); this.current.catch(() => {}); });
    w.observe(w.core.Rest, 'remove', () => { void this.stopServing(); });
  }

  /**
   * Answers one REST request (HTTP or the Electron IPC). A frame that fell due while requests were
   * queued runs first, so a burst of requests cannot hold the simulation back.
   */
  readonly answer = (req: RestRequest): RestReply => {
    this.app.runDueFrame();
    const { face, req: inFace } = this.faces.faceOf(req);
    const reply = face.router(inFace);
    if (!face.router.writeMethods.includes(req.method)) return reply;
    // A write says in which frame it landed: its watchers see it in the event of the next frame
    // (a write made between frames, PUT /history/import: the frame it was done in).
    const framed = (r: RestReply): RestReply => ({ ...r, headers: { ...r.headers, [FRAME_HEADER]: String(this.app.frameCount) } });
    return reply.pending === undefined ? framed(reply) : { ...reply, pending: reply.pending.then(framed) };
  };

  /** Opens a watch (SSE streams and MCP subscriptions): a frame that fell due runs first, as for a request. */
  private readonly openWatch = (req: RestRequest, sink: EventSink): RestReply | EventSubscription => {
    this.app.runDueFrame();
    const { face, req: inFace } = this.faces.faceOf(req);
    return face.watches.open(inFace, sink);
  };

  /** A request answered in the contract whatever the dialect (MCP's tools speak the contract). */
  private readonly answerContract = (req: RestRequest): RestReply => this.answer({ ...req, url: CONTRACT_MOUNT + req.url });

  /** A watch opened in the contract whatever the dialect (MCP's subscriptions and wait_for). */
  private readonly openContractWatch = (req: RestRequest, sink: EventSink): RestReply | EventSubscription => this.openWatch({ ...req, url: CONTRACT_MOUNT + req.url }, sink);

  /** The server being started for the current Rest singleton (undefined when it is removed). */
  get serving(): Promise<HostUrls> | undefined {
    return this.current;
  }

  /** Starts the loop and the REST server (on the options' port and address). */
  async start(): Promise<HostUrls> {
    const w = this.world;
    w.set(w.core.World, w.core.Rest, { port: this.options.port, address: this.options.address });
    const urls = await this.current!;
    // The world as it starts is frame 0's state: watches opened before the first frame start from it,
    // and the history's first keyframe holds it (the Rest singleton just set included).
    this.faces.afterFrame();
    this.history?.start();
    this.app.start();
    // --replay: the file opens before any frame runs (the world was built as it says).
    if (this.options.replay !== undefined) this.history?.importFile(readFileSync(this.options.replay));
    return urls;
  }

  private async serve(): Promise<HostUrls> {
    await this.stopServing();
    const w = this.world;
    const rest = w.get<{ port: number; address: string }>(w.core.World, w.core.Rest)!;
    const o = this.options;
    const transport = createHttpTransport({
      port: rest.port, address: rest.address, token: o.token, appOrigins: o.allowOrigins, staticRoot: this.staticRoot,
      maxTargetBytes: o.maxTargetBytes, maxBodyBytes: o.maxBodyBytes, maxConnections: o.maxConnections,
      maxFileBytes: o.maxFileBytes, bodyPaths: this.bodyPaths(),
      idleTimeoutMs: o.idleTimeoutMs, requestTimeoutMs: o.requestTimeoutMs, keepAliveTimeoutMs: o.keepAliveTimeoutMs,
      maxWatches: o.maxWatches, maxWatchesPerClient: o.maxWatchesPerClient, watchHeartbeatMs: o.watchHeartbeatMs, watchResetMs: o.watchResetMs,
      restMethods: this.faces.methods,
    }, this.answer);
    if (o.mcp) {
      const watch = this.openContractWatch;
      this.mcp = new McpEndpoint({ world: w, app: this.app, title: o.title, answer: this.answerContract, watch }, this.mcpOptions);
      transport.onMount(MCP_PATH, this.mcp.handle);
    }
    transport.onEvents([WATCH_PREFIX, CONTRACT_WATCH_PREFIX], this.openWatch);
    const faults = this.app.pipeline.faults;
    transport.onFault((kind, part, err) => faults.report(kind, part, err));
    this.socket = attachFrameSocket(this.frames, (path, fn) => transport.onUpgrade(path, fn), { closeTimeoutMs: FRAME_CLOSE_TIMEOUT_MS });
    this.transport = transport;
    setHttpCountersSource(w, () => transport.counters as unknown as Record<string, number>);
    const { address, port } = await transport.listen();
    const host = address.includes(':') ? `[${address}]` : address;
    const base = `http://${host}:${port}`;
    return { rest: base, viewport: `${base}/viewport/`, explorer: `${base}/explorer/` };
  }

  /** Request paths whose PUT body the router reads (rows with a body), at the root and under the contract mount. */
  private bodyPaths(): string[] {
    const paths = (router: Router, prefix: string) => router.table.rows.filter((r) => r.body !== undefined).map((r) => prefix + r.path);
    return [...paths(this.faces.root.router, ''), ...paths(this.faces.contract.router, CONTRACT_MOUNT)];
  }

  private async stopServing(): Promise<void> {
    const t = this.transport, s = this.socket, m = this.mcp;
    this.mcp = undefined;
    await m?.closeAll();
    if (!this.world.has(this.world.core.World, this.world.core.Rest)) this.current = undefined;
    this.transport = undefined;
    this.socket = undefined;
    // Side by side: a viewport that stopped reading must not add its wait to the HTTP grace period.
    await Promise.all([s?.close(), t?.close()]);
  }

  /** The time control as the viewport shows it. */
  private timeState(): ShownTime {
    const w = this.world, tc = this.app.TimeControl;
    const v = tc === 0 ? undefined : w.get<{ paused: boolean; time_scale: number }>(w.core.World, tc);
    return v === undefined ? undefined : { paused: Boolean(v.paused), time_scale: v.time_scale };
  }

  /** Stops the loop, the servers and every connection. */
  async stop(): Promise<void> {
    this.app.stop();
    this.frames.close();
    await this.stopServing();
  }
}
