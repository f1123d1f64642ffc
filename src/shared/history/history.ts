// The history of a live world: a recorder on the app's frame hook (a keyframe every
// KEYFRAME_INTERVAL frames, a record of every frame: delta time, whether the systems ran, the
// outside writes applied before it, active alerts), the past read through a replica world, and
// restore: the replica replays to frame N and the live world takes its image. Frames after N are
// dropped (docs/history.md says why), the clock stands still, and listeners hear of it.
import type { App } from '../app';
import { alertsState } from '../monitor';
import {
  DEFAULT_MAX_HISTORY_BYTES, KEYFRAME_INTERVAL, type FrameRecord, type HistoryInput,
} from './history-types';
import { Recording } from './recording';
import { Replayer, routerOf, type Replica, type ReplicaRouter } from './replay';

/** Options of a History. */
export interface HistoryOptions {
  /** Seconds of the past kept (at the app's target fps); must be above 0. */
  seconds: number;
  /** Most bytes kept (default DEFAULT_MAX_HISTORY_BYTES, 128 MiB). */
  maxBytes?: number;
  /** Frames between keyframes (default KEYFRAME_INTERVAL). */
  keyframeInterval?: number;
}

/** What GET /history reports. */
export interface HistorySummary {
  /** Oldest frame that can be read or restored. */
  first: number;
  /** Newest recorded frame. */
  last: number;
  /** The frame the live world is at (the app's frame count). */
  frame: number;
  /** Frames of the keyframes, oldest first. */
  keyframes: number[];
  /** Bytes held (keyframes and frame records) and the cap. */
  bytes: number;
  maxBytes: number;
  /** The window asked for, in seconds and in frames. */
  seconds: number;
  windowFrames: number;
  /** Frames with outside writes: [frame, count], oldest first. */
  writes: [number, number][];
  /** Frames where the number of active alerts rose: [frame, active alerts], oldest first. */
  alerts: [number, number][];
}

/** A History as one face's router uses it (History.face): the router's RouterHistory. */
export interface FaceHistory {
  recordInput(method: string, url: string): void;
  outsideWindow(frame: number): string | undefined;
  viewAt(frame: number): ReplicaRouter;
  summary(): HistorySummary;
  restore(frame: number): void;
}

/** Events of a History: a restore happened. */
export type HistoryListener = (event: { kind: 'restored'; frame: number }) => void;

/** Records a live app's world and reads, restores and replays its past. */
export class History {
  readonly recording: Recording;
  readonly replayer: Replayer;
  readonly keyframeInterval: number;
  private pending: HistoryInput[] = [];
  /** Inputs that came in during a frame's hooks (a breakpoint's pause): they belong to the next frame. */
  private later: HistoryInput[] = [];
  private readonly listeners = new Set<HistoryListener>();
  private unhook: (() => void) | undefined;

  constructor(readonly app: App, readonly replica: Replica, readonly options: HistoryOptions) {
    if (!(options.seconds > 0)) throw new RangeError(`history seconds must be above 0, got ${options.seconds}`);
    this.keyframeInterval = options.keyframeInterval ?? KEYFRAME_INTERVAL;
    if (!Number.isInteger(this.keyframeInterval) || this.keyframeInterval < 1) throw new RangeError(`keyframe interval must be a whole number of frames from 1, got ${this.keyframeInterval}`);
    this.recording = new Recording({ windowFrames: Math.ceil(options.seconds * app.targetFps), maxBytes: options.maxBytes ?? DEFAULT_MAX_HISTORY_BYTES });
    this.replayer = new Replayer(replica, this.recording);
  }

  /** Starts recording: a keyframe of the world now, then the app's frames. Returns this. */
  start(): this {
    if (this.unhook) return this;
    this.recording.addKeyframe(this.app.frameCount, this.app.world.snapshot());
    this.unhook = this.app.onFrame(() => this.afterFrame());
    return this;
  }

  /** Stops recording (what was recorded stays readable). */
  stop(): void {
    this.unhook?.();
    this.unhook = undefined;
  }

  /**
   * Records an outside write applied now (before the next frame); the router calls it for every
   * write it applied. `face`: the replica's face it replays through (undefined: the host's dialect).
   */
  recordInput(method: string, url: string, face?: string): void {
    this.pending.push(face === undefined ? { kind: 'rest', method, url } : { kind: 'rest', method, url, face });
  }

  /**
   * The history as the router of another face of the host sees it (a --compat host's contract
   * face, 'contract'): its writes are recorded as made through that face, and its reads of the
   * past are answered by the replica's router of the same face.
   */
  face(name: string): FaceHistory {
    const router = routerOf(this.replica, name);
    return {
      recordInput: (method, url) => this.recordInput(method, url, name),
      outsideWindow: (frame) => this.outsideWindow(frame),
      viewAt: (frame) => { this.replayer.moveTo(frame); return router; },
      summary: () => this.summary(),
      restore: (frame) => this.restore(frame),
    };
  }

  /**
   * Records a pause set from a frame hook (a breakpoint hit), outside the router. The frame it
   * happened in already ran its systems, so a replay applies it before the next frame.
   */
  recordPause(): void {
    this.later.push({ kind: 'pause' });
  }

  /** Hears of restores; returns the unsubscribe function. */
  onEvent(fn: HistoryListener): () => void {
    this.listeners.add(fn);
    return () => { this.listeners.delete(fn); };
  }

  private afterFrame(): void {
    const app = this.app;
    const record: FrameRecord = {
      frame: app.frameCount, dt: app.simulated ? app.deltaTime : 0, simulated: app.simulated, inputs: this.pending,
      alerts: alertsState(app.world)?.activeCount ?? 0,
    };
    this.pending = this.later;
    this.later = [];
    this.recording.addFrame(record);
    const seg = this.recording.segments[this.recording.segments.length - 1]!;
    if (record.frame - seg.frame >= this.keyframeInterval) this.recording.addKeyframe(record.frame, app.world.snapshot());
  }

  /** Why `frame` cannot be read, or undefined when it can. */
  outsideWindow(frame: number): string | undefined {
    const r = this.recording;
    if (r.has(frame)) return undefined;
    if (r.first === undefined) return `frame ${frame} is not recorded: no frame is recorded yet (the history starts with the loop)`;
    return `frame ${frame} is not in the recorded window: frames ${r.first} to ${r.last} can be read (the last ${this.options.seconds} s are kept)`;
  }

  /** The replica's router, standing at `frame` (which must be in the window). */
  viewAt(frame: number): ReplicaRouter {
    this.replayer.moveTo(frame);
    return this.replica.router;
  }

  /**
   * Makes the live world the world after `frame`: ids, generations and values included. Time is
   * paused, the app's frame count becomes `frame`, later frames are dropped, listeners hear of it.
   */
  restore(frame: number): void {
    const why = this.outsideWindow(frame);
    if (why) throw new RangeError(why);
    this.replayer.moveTo(frame);
    // Borrowed: copied into the live world at once, so the replica's rows need no copy of their own.
    const image = this.replica.world.snapshot(true);
    const app = this.app;
    app.world.restore(image);
    app.frameCount = frame;
    this.recording.dropAfter(frame);
    // The pause is an input of the next frame, so a replay pauses where the live world did.
    this.pending = [{ kind: 'pause' }];
    this.later = [];
    if (app.TimeControl !== 0) app.world.set(app.world.core.World, app.TimeControl, { paused: true, step: 0 });
    for (const l of [...this.listeners]) l({ kind: 'restored', frame });
  }

  /** The recorded range and its marks. */
  summary(): HistorySummary {
    const r = this.recording;
    const writes: [number, number][] = [], alerts: [number, number][] = [];
    let prev = 0;
    for (const s of r.segments) {
      for (const f of s.frames) {
        if (f.inputs.length) writes.push([f.frame, f.inputs.length]);
        if (f.alerts > prev) alerts.push([f.frame, f.alerts]);
        prev = f.alerts;
      }
    }
    return {
      first: r.first ?? this.app.frameCount, last: r.last ?? this.app.frameCount, frame: this.app.frameCount,
      keyframes: r.segments.map((s) => s.frame), bytes: r.bytes, maxBytes: r.bounds.maxBytes,
      seconds: this.options.seconds, windowFrames: r.bounds.windowFrames, writes, alerts,
    };
  }
}

