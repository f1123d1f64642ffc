// The app runner: a loop that runs the pipeline at a target frame rate without drifting, leaves
// the event loop free between frames (REST requests are served between ticks), and applies the
// application-runner options named as the contract names them.
import type { World } from '../ecs';
import { importMonitor } from '../monitor';
import { cancelTimer, now, setTimer } from '../clock';
import { pipelineOf, type FrameStats, type Pipeline } from '../pipeline';
import { titleFromArgs } from './title';
import { createTimeControl, planTick } from './time-control';
import type { Entity } from '../ecs';

/** Options of `runApp` (names as the REST contract gives them). */
export interface AppOptions {
  /** Target frames per second (default 60). */
  target_fps?: number;
  /** Instantiate the ecs.rest.Rest singleton with defaults (port 27750, address 127.0.0.1). */
  enable_rest?: boolean;
  /** Import the monitor module (statistics for /stats); meaningful with enable_rest. */
  enable_monitor?: boolean;
  /** The command line, args[0] being the program; sets the World's doc name (the app title). */
  args?: readonly string[];
  /** Create ecs.app.TimeControl on the World entity, so clients can pause, step and scale time (default false: the reference world has no such module). */
  time_control?: boolean;
  /** Do not start the loop (tests drive frames with step()). */
  manual?: boolean;
  /** Time source and timers (default: the host's); tests pass a fake clock. */
  clock?: Clock;
}

/** Time source of the loop: milliseconds and one-shot timers. */
export interface Clock {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  cancelTimer(handle: unknown): void;
}

const HOST_CLOCK: Clock = { now, setTimer, cancelTimer };

/** Called after every frame with its statistics. */
export type FrameHook = (stats: FrameStats, app: App) => void;

const INTERVAL_SAMPLES = 1024;
/** Longest simulated step after a stall, seconds (keeps physics sane after a pause). */
const MAX_DELTA = 0.25;

const FREE_RUN = { run: true, scale: 1, stepping: false } as const;

/** A running application: world, pipeline, loop. */
export class App {
  readonly pipeline: Pipeline;
  /** Target frames per second. */
  targetFps: number;
  /** Seconds of the last frame's simulation step (delta time given to systems). */
  deltaTime = 0;
  /** Milliseconds between the starts of recent frames (ring buffer, for frame-time percentiles). */
  readonly intervals = new Float64Array(INTERVAL_SAMPLES);
  /** Number of intervals recorded so far. */
  intervalCount = 0;
  /** Frames run so far, paused ones included (the pipeline's frame counts simulation ticks only). */
  frameCount = 0;
  /** The ecs.app.TimeControl component (set on the World entity): pause, step, time scale; 0 without time control. */
  readonly TimeControl: Entity;
  /** Whether the last frame ran the systems (false while paused). */
  simulated = true;
  /** Frames that fell due but were dropped because the loop was more than a period behind (a stall). */
  skippedFrames = 0;
  private readonly hooks: FrameHook[] = [];
  /** The frame running now (its frameCount), 0 between frames: the re-entry guard. */
  private runningFrame = 0;
  private timer: unknown = undefined;
  private running = false;
  private lastStart = 0;
  private nextDue = 0;
  private readonly clock: Clock;

  constructor(readonly world: World, options: AppOptions = {}) {
    this.clock = options.clock ?? HOST_CLOCK;
    this.pipeline = pipelineOf(world);
    this.pipeline.faults.frame = () => this.frameCount;
    this.TimeControl = options.time_control ? createTimeControl(world) : 0;
    this.targetFps = options.target_fps ?? 60;
    if (!(this.targetFps > 0 && this.targetFps <= 1000)) throw new Error(`target_fps must be from 1 to 1000, got ${options.target_fps}`);
    if (options.args) world.setDoc(world.core.World, 'name', titleFromArgs(options.args));
    if (options.enable_rest) world.set(world.core.World, world.core.Rest, {});
    if (options.enable_monitor) importMonitor(world, this);
  }

  /** Registers a hook run after every frame; returns a function that removes it. */
  onFrame(hook: FrameHook): () => void {
    this.hooks.push(hook);
    return () => { const i = this.hooks.indexOf(hook); if (i >= 0) this.hooks.splice(i, 1); };
  }

  /** True while the loop runs. */
  get isRunning(): boolean {
    return this.running;
  }

  /** True while a frame runs (its systems, observers and frame hooks): nothing may start another. */
  get inFrame(): boolean {
    return this.runningFrame !== 0;
  }

  /**
   * Runs one frame now with the given (or measured) delta time in seconds. Throws when called while
   * a frame runs (from a system, an observer, a frame hook or anything they call): a frame inside a
   * frame would run the hooks that called it again, without end.
   */
  step(deltaTime?: number): FrameStats {
    if (this.runningFrame !== 0) {
      throw new Error(`App.step: frame ${this.runningFrame} is still running; a frame cannot start inside another (from a system, observer, frame hook or watch). Read the current state instead, or step after the frame`);
    }
    this.runningFrame = this.frameCount + 1;
    try {
      return this.runFrame(deltaTime);
    } finally {
      this.runningFrame = 0;
    }
  }

  private runFrame(deltaTime: number | undefined): FrameStats {
    const start = this.clock.now();
    if (this.lastStart > 0) this.recordInterval(start - this.lastStart);
    const dt = deltaTime ?? (this.lastStart > 0 ? Math.min((start - this.lastStart) / 1000, MAX_DELTA) : 1 / this.targetFps);
    this.lastStart = start;
    this.frameCount++;
    const plan = this.TimeControl === 0 ? FREE_RUN : planTick(this.world, this.TimeControl);
    // A step of a paused world is one tick of the target rate, so stepping is repeatable.
    this.deltaTime = (plan.stepping ? 1 / this.targetFps : dt) * plan.scale;
    this.simulated = plan.run;
    const stats = plan.run ? this.pipeline.progress(this.deltaTime) : this.idleFrame();
    this.pipeline.heldBy = 'its frame hooks';
    try {
      this.runHooks(stats);
    } finally {
      this.pipeline.heldBy = undefined;
    }
    return stats;
  }

  /**
   * Runs the frame hooks on a copy of the list (a hook may remove itself or another; a removed one
   * does not run). A hook's boundary: one that throws is removed and reported, the others run.
   */
  private runHooks(stats: FrameStats): void {
    const hooks = this.hooks.length === 1 ? this.hooks : [...this.hooks];
    for (const h of hooks) {
      if (hooks !== this.hooks && !this.hooks.includes(h)) continue;
      try {
        h(stats, this);
      } catch (err) {
        const i = this.hooks.indexOf(h);
        if (i >= 0) this.hooks.splice(i, 1);
        this.pipeline.faults.report('frame_hook', h.name || 'an unnamed frame hook', err);
      }
    }
  }

  /** The statistics of a paused frame: no system ran. */
  private idleFrame(): FrameStats {
    const last = this.pipeline.last;
    last.frameTime = 0; last.systemTime = 0; last.mergeTime = 0; last.systemsRan = 0;
    this.deltaTime = 0;
    return last;
  }

  private recordInterval(ms: number): void {
    this.intervals[this.intervalCount % INTERVAL_SAMPLES] = ms;
    this.intervalCount++;
  }

  /** Starts the loop. Frames are scheduled at absolute times, so the rate does not drift. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.nextDue = this.clock.now();
    this.timer = this.clock.setTimer(this.tick, 0);
  }

  /**
   * Runs the frame now if it is due, and reschedules the loop; true if it ran one. The host calls
   * this before each request it serves: Node handles every request that arrived together before
   * it looks at timers again, so under a burst of requests the frame's timer alone would fire late.
   * Called while a frame runs, it runs nothing and gives false.
   */
  runDueFrame(): boolean {
    // Inside a frame (a request answered by a hook, a watch sink, a system): the state is current.
    if (this.runningFrame !== 0 || !this.running || this.clock.now() < this.nextDue) return false;
    if (this.timer !== undefined) this.clock.cancelTimer(this.timer);
    this.tick();
    return true;
  }

  private readonly tick = (): void => {
    if (!this.running) return;
    this.step();
    const clock = this.clock;
    const period = 1000 / this.targetFps;
    this.nextDue += period;
    const t = clock.now();
    // Far behind (a stall): start a fresh schedule instead of running a burst of frames.
    if (t - this.nextDue > period) {
      this.skippedFrames += Math.floor((t - this.nextDue) / period);
      this.nextDue = t;
    }
    this.timer = clock.setTimer(this.tick, Math.max(0, this.nextDue - t));
  };

  /** Stops the loop after the current frame. */
  stop(): void {
    this.running = false;
    if (this.timer !== undefined) this.clock.cancelTimer(this.timer);
    this.timer = undefined;
  }

  /** Recent frame intervals in milliseconds (oldest first). */
  recentIntervals(): number[] {
    const n = Math.min(this.intervalCount, INTERVAL_SAMPLES);
    const out: number[] = [];
    for (let i = this.intervalCount - n; i < this.intervalCount; i++) out.push(this.intervals[i % INTERVAL_SAMPLES]!);
    return out;
  }
}

/** Creates an App for the world with the contract's options and starts its loop (unless manual). */
export function runApp(world: World, options: AppOptions = {}): App {
  const app = new App(world, options);
  if (!options.manual) app.start();
  return app;
}
