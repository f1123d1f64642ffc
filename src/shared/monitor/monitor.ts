// The monitor module: importing it into a world (with the app that runs the world) samples world
// and pipeline statistics at the end of every frame into fixed-size windows, keeps the World's
// WorldSummary up to date and imports the alerts module. Without it nothing is sampled.
import type { FrameStats, Pipeline } from '../pipeline';
import type { World } from '../ecs';
import { importAlerts, alertsState, type AlertsState } from './alerts';
import { alertOnSystemFaults } from './fault-alert';
import { WORLD_METRICS } from './metrics';
import { createMonitorModule, SummaryWriter, type MonitorIds } from './monitor-module';
import { PipelineSampler } from './pipeline-sampler';
import { Cadence, Windows } from './windows';
import { WorldSampler, type HttpCountersSource } from './world-sampler';

/** The part of the app runner the monitor needs (an `App` fits; kept structural for tests and hosts). */
export interface MonitoredApp {
  /** Target frames per second (shown in WorldSummary). */
  readonly targetFps: number;
  /** Seconds of simulated time of the last frame (drives the windows: 60 frames of 1/60 s = 1 s). */
  readonly deltaTime: number;
  /** The pipeline whose systems are sampled. */
  readonly pipeline: Pick<Pipeline, 'list' | 'rebuilds' | 'time' | 'measureTime'>;
  /** Registers a hook called after every frame; returns a function that removes it. */
  onFrame(hook: (stats: FrameStats) => void): () => void;
}

/** The monitor of one world. */
export class MonitorState {
  readonly cadence = new Cadence();
  readonly world: Windows;
  readonly sampler: WorldSampler;
  readonly pipeline = new PipelineSampler();
  private readonly summary: SummaryWriter;
  private app: MonitoredApp | undefined;
  private unhook: (() => void) | undefined;
  /** Walked statistics are refreshed on the first frame after each simulated second. */
  private refreshDue = true;

  constructor(readonly target: World, readonly ids: MonitorIds, alerts: AlertsState) {
    this.world = new Windows(WORLD_METRICS.length);
    this.sampler = new WorldSampler(target, alerts);
    this.summary = new SummaryWriter(target, ids.WorldSummary);
  }

  /** Samples the frames of `app` from now on (and no longer those of a previous app). */
  attach(app: MonitoredApp): void {
    if (this.app === app) return;
    this.unhook?.();
    this.app = app;
    this.sampler.resetPipelineBuilds(app.pipeline.rebuilds);
    // The statistics show frame and system times: have the pipeline read the clock around them.
    app.pipeline.measureTime = true;
    this.unhook = app.onFrame((stats) => this.onFrame(stats));
  }

  /** The end-of-frame sample: world and systems into the 1s windows, then coarser windows as seconds end. */
  private onFrame(stats: FrameStats): void {
    const app = this.app!, dt = app.deltaTime;
    if (this.refreshDue) { this.sampler.refreshWalked(); this.refreshDue = false; }
    const windows = this.world;
    this.sampler.sample(stats, dt, app.pipeline.rebuilds, windows.hot, windows.begin());
    windows.end();
    this.pipeline.sample(app.pipeline);
    const seconds = this.cadence.advance(dt);
    for (let k = 0; k < seconds; k++) {
      const depth = this.cadence.tick();
      this.world.close(depth);
      this.pipeline.close(depth);
    }
    if (seconds > 0) this.refreshDue = true;
    this.summary.write(app.targetFps, stats.frameTime, stats.systemTime, stats.mergeTime, app.pipeline.time);
  }

  /** Bytes held by the sample windows (grows only when systems are added, never over time). */
  get byteLength(): number {
    return this.world.byteLength + this.pipeline.byteLength;
  }
}

const states = new WeakMap<World, MonitorState>();
const pendingHttp = new WeakMap<World, HttpCountersSource>();

/**
 * Imports the monitor module (idempotent): the ecs.monitor entities, the WorldSummary on the World,
 * the alerts module, and sampling of `app`'s frames. Without an app nothing is sampled until it is
 * called again with one.
 */
export function importMonitor(world: World, app?: MonitoredApp): void {
  let state = states.get(world);
  if (!state) {
    importAlerts(world);
    alertOnSystemFaults(world);
    state = new MonitorState(world, createMonitorModule(world), alertsState(world)!);
    states.set(world, state);
    const http = pendingHttp.get(world);
    if (http) { state.sampler.setHttpSource(http); pendingHttp.delete(world); }
  }
  if (app) state.attach(app);
}

/** True when the monitor module was imported into the world. */
export function hasMonitor(world: World): boolean {
  return states.has(world);
}

/** The monitor of a world, if imported. */
export function monitorState(world: World): MonitorState | undefined {
  return states.get(world);
}

/**
 * Gives the monitor the HTTP transport's counters (request_received_count … bytes_sent, monotonic
 * totals); they are reported per sample as `http.*`. May be called before importMonitor.
 */
export function setHttpCountersSource(world: World, source: HttpCountersSource): void {
  const state = states.get(world);
  if (state) state.sampler.setHttpSource(source);
  else pendingHttp.set(world, source);
}

/** Bytes held by the monitor's sample windows (0 without the monitor); constant while the systems stay the same. */
export function monitorFootprint(world: World): number {
  return states.get(world)?.byteLength ?? 0;
}
