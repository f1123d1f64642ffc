// The history of a live world: a recorder on the app's frame hook (a keyframe every
// KEYFRAME_INTERVAL frames, a record of every frame: delta time, whether the systems ran, the
// outside writes applied before it, active alerts), the past read through a replica world, and
// restore: the replica replays to frame N and the live world takes its image. Frames after N are
// dropped (docs/history.md says why), the clock stands still, and listeners hear of it.
import type { App } from '../app';
import { ImageSeries } from '../ecs';
import { alertsState } from '../monitor';
import {
  DEFAULT_MAX_HISTORY_BYTES, KEYFRAME_INTERVAL, type FrameRecord, type HistoryInput, type Segment,
} from './history-types';
import { HistoryFileError, decodeHistoryFileSteps, encodeHistoryFile, fileHeader, runSteps, type HistoryFile, type HistoryFileHeader } from './file-format';
import { componentsOf, segmentsUpTo, tryOnReplicaSteps } from './history-file';
import { Recording } from './recording';
import { Replayer, routerOf, type Replica, type ReplicaRouter } from './replay';

/**
 * Frames the replica's warm-up replays at most: enough for the optimizing compiler to have seen a
 * replay, and one frame's hitch of about 2 ms at 3,000 asteroids whatever the keyframe interval.
 */
const WARM_UP_FRAMES = 30;

/** What an empty body to import is told. */
const EMPTY_FILE = 'the body is empty: send a history file (as GET /history/export gives it)';

/** Options of a History. */
export interface HistoryOptions {
  /** Seconds of the past kept (at the app's target fps); must be above 0. */
  seconds: number;
  /** Most bytes kept (default DEFAULT_MAX_HISTORY_BYTES, 128 MiB). */
  maxBytes?: number;
  /** Frames between keyframes (default KEYFRAME_INTERVAL). */
  keyframeInterval?: number;
  /** How history files are compressed and what they say of the host (export and import need it; without it they are refused). */
  file?: HistoryFileOptions;
}

/**
 * What a host gives its history for files: compression, what the files say of it, and how work
 * runs beside the frame loop (an export or import over HTTP must not hold frames back).
 */
export interface HistoryFileOptions {
  /** Compresses the file's chunks into one file (the host: gzip). */
  compress(chunks: Iterable<Uint8Array>): Uint8Array;
  /** The file's bytes before compression; throws a HistoryFileError for bytes that are not a compressed file or are cut short. */
  decompress(bytes: Uint8Array): Uint8Array;
  /** As compress, pulling the chunks a few at a time with frames running in between; the same bytes. */
  compressLater(chunks: Iterable<Uint8Array>): Promise<Uint8Array>;
  /** As decompress, without holding the frame loop; rejects with the same HistoryFileErrors. */
  decompressLater(bytes: Uint8Array): Promise<Uint8Array>;
  /** Runs steps (a generator yielding where it may pause) in slices with frames running in between; resolves to what they return. */
  runLater<T>(steps: Iterator<unknown, T>): Promise<T>;
  /** The host's title, dialect and what it built its world from, written in every file's header. */
  readonly origin: Pick<HistoryFileHeader, 'title' | 'dialect' | 'world'>;
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
  exportFileLater(to?: number): Promise<Uint8Array>;
  importFileLater(bytes: Uint8Array): Promise<{ first: number; last: number }>;
  setView(frame: number | undefined): void;
}

/** Events of a History: a restore happened. */
export type HistoryListener = (event: { kind: 'restored'; frame: number }) => void;

/** Records a live app's world and reads, restores and replays its past. */
export class History {
  readonly recording: Recording;
  readonly replayer: Replayer;
  readonly keyframeInterval: number;
  private pending: HistoryInput[] = [];
  /**
   * Set while the live world stands at a loaded recording's first frame with its later frames kept
   * (load): the loop stands still, so no frame is counted over them. The loop ran before if true.
   */
  private holding: { wasRunning: boolean } | undefined;
  /** Inputs that came in during a frame's hooks (a breakpoint's pause): the frame's `after`. */
  private later: HistoryInput[] = [];
  private readonly listeners = new Set<HistoryListener>();
  private unhook: (() => void) | undefined;
  private view: number | undefined;
  /** True once the replica was warmed (see warmUp). */
  private warmed = false;
  /** The keyframes as a series of images: each shares with the one before it, and reuses the arrays of the ones dropped. */
  private readonly series = new ImageSeries();

  constructor(readonly app: App, readonly replica: Replica, readonly options: HistoryOptions) {
    if (!(options.seconds > 0)) throw new RangeError(`history seconds must be above 0, got ${options.seconds}`);
    this.keyframeInterval = options.keyframeInterval ?? KEYFRAME_INTERVAL;
    if (!Number.isInteger(this.keyframeInterval) || this.keyframeInterval < 1) throw new RangeError(`keyframe interval must be a whole number of frames from 1, got ${this.keyframeInterval}`);
    this.recording = new Recording(
      { windowFrames: Math.ceil(options.seconds * app.targetFps), maxBytes: options.maxBytes ?? DEFAULT_MAX_HISTORY_BYTES },
      (image, next) => this.series.giveBack(image, next),
    );
    this.replayer = new Replayer(replica, this.recording);
  }

  /** Starts recording: a keyframe of the world now, then the app's frames. Returns this. */
  start(): this {
    if (this.unhook) return this;
    this.recording.addKeyframe(this.app.frameCount, this.app.world.snapshotIn(this.series));
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
    // A write to a loaded recording's first frame starts a new attempt from there.
    this.release(this.app.frameCount);
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
      exportFileLater: (to) => this.exportFileLater(to),
      importFileLater: (bytes) => this.importFileLater(bytes),
      setView: (frame) => this.setView(frame),
    };
  }

  /**
   * Records a pause set outside the router. From a frame hook (a breakpoint hit) it is part of that
   * frame, after its systems: a replay applies it there, so the world after the frame (the keyframe
   * taken after it, a read of it) is paused as it was live. The hook must run before the history's
   * own (the host registers the breakpoints' first). Between frames it is an input of the next one.
   */
  recordPause(): void {
    (this.app.inFrame ? this.later : this.pending).push({ kind: 'pause' });
  }

  /** Hears of restores; returns the unsubscribe function. */
  onEvent(fn: HistoryListener): () => void {
    this.listeners.add(fn);
    return () => { this.listeners.delete(fn); };
  }

  /** Stops holding a loaded recording: the frames after `frame` go, and the loop runs again if it ran. */
  private release(frame: number): void {
    const h = this.holding;
    if (h === undefined) return;
    this.holding = undefined;
    this.recording.dropAfter(frame);
    this.replayer.invalidate();
    if (h.wasRunning) this.app.start();
  }

  /** True while the live world stands at a loaded recording's first frame with its later frames kept (the loop stands still). */
  get isHolding(): boolean {
    return this.holding !== undefined;
  }

  /**
   * Makes `file` (read and checked by the caller) the recording and the live world its first frame:
   * paused, frame count the first frame's, every frame readable and restorable. The later frames
   * stay while the world stands there, so the loop stands still (paused frames would count over
   * them); a write or a restore starts from there again, dropping the frames after it.
   */
  load(file: HistoryFile): void {
    const app = this.app, first = file.segments[0]!;
    const wasRunning = this.holding?.wasRunning ?? app.isRunning;
    app.stop();
    this.recording.load(file.segments);
    this.replayer.invalidate();
    // Another recording: its frame numbers are not the ones the viewport was shown.
    this.view = undefined;
    app.world.restore(first.image);
    app.frameCount = first.frame;
    this.pending = [{ kind: 'pause' }];
    this.later = [];
    if (app.TimeControl !== 0) app.world.set(app.world.core.World, app.TimeControl, { paused: true, step: 0 });
    this.holding = { wasRunning };
    for (const l of [...this.listeners]) l({ kind: 'restored', frame: first.frame });
  }

  private afterFrame(): void {
    const app = this.app;
    // A frame run by hand over a held recording: it follows the first frame, the later ones go.
    this.release(app.frameCount - 1);
    const base = {
      frame: app.frameCount, dt: app.simulated ? app.deltaTime : 0, simulated: app.simulated, inputs: this.pending,
      alerts: alertsState(app.world)?.activeCount ?? 0,
    };
    const record: FrameRecord = this.later.length === 0 ? base : { ...base, after: this.later };
    this.pending = [];
    if (this.later.length !== 0) this.later = [];
    this.recording.addFrame(record);
    const seg = this.recording.segments[this.recording.segments.length - 1]!;
    if (record.frame - seg.frame >= this.keyframeInterval) this.recording.addKeyframe(record.frame, app.world.snapshotIn(this.series));
    // The frames between keyframes set the next one's arrays aside, a few each (see ImageSeries).
    else this.series.prepare();
    if (!this.warmed && this.recording.segments.length >= 2) this.warmUp();
  }

  /**
   * Once, when the second keyframe is taken: puts the replica at most WARM_UP_FRAMES frames past
   * the first keyframe (that keyframe restored, a stretch of frames replayed), as a restore would. The
   * first restore or read of the past in a process otherwise runs this code cold, which made it
   * 2-3 times slower than the next ones (up to 64 ms at 3,000 asteroids on an idle machine, over
   * the 50 ms a restore may take); this moves that cost to one frame of the first seconds. What
   * the replica does is invisible to the live world, and any read or restore moves it again.
   */
  private warmUp(): void {
    this.warmed = true;
    const [first, second] = this.recording.segments as [Segment, Segment];
    const frame = Math.min(second.frame, first.frame + WARM_UP_FRAMES) - 1;
    if (!this.recording.has(frame)) return;
    try {
      this.replayer.moveTo(frame);
    } catch {
      // A replay that fails here fails again where it is asked for, with its error to that client.
    }
  }

  /** Why `frame` cannot be read, or undefined when it can. */
  outsideWindow(frame: number): string | undefined {
    const r = this.recording;
    if (r.has(frame)) return undefined;
    if (r.first === undefined) return `frame ${frame} is not recorded: no frame is recorded yet (the history starts with the loop)`;
    return `frame ${frame} is not in the recorded window: frames ${r.first} to ${r.last} can be read (the last ${this.options.seconds} s are kept)`;
  }

  /**
   * The recorded frame the viewport draws instead of the live world (PUT /history/view), or
   * undefined for the live world; it goes back to undefined once that frame leaves the window.
   */
  get viewing(): number | undefined {
    if (this.view !== undefined && !this.recording.has(this.view)) this.view = undefined;
    return this.view;
  }

  /** Sets the frame the viewport draws (undefined: the live world). Throws a RangeError outside the window. */
  setView(frame: number | undefined): void {
    const why = frame === undefined ? undefined : this.outsideWindow(frame);
    if (why) throw new RangeError(why);
    this.view = frame;
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
    const app = this.app;
    // Copied from the replica's arrays straight into the live world's: no image in between.
    app.world.restoreFrom(this.replica.world);
    app.frameCount = frame;
    this.recording.dropAfter(frame);
    this.release(frame);
    // The restored frame is the live world now: the viewport draws it as such.
    this.view = undefined;
    // The pause is an input of the next frame, so a replay pauses where the live world did.
    this.pending = [{ kind: 'pause' }];
    this.later = [];
    if (app.TimeControl !== 0) app.world.set(app.world.core.World, app.TimeControl, { paused: true, step: 0 });
    for (const l of [...this.listeners]) l({ kind: 'restored', frame });
  }

  /**
   * The recording up to frame `to` (default: the last recorded) as one compressed history file
   * (docs/history.md, "The file format"). Throws a RangeError for a frame outside the window, an
   * Error without file options.
   */
  exportFile(to?: number): Uint8Array {
    const { file, chunks } = this.exportChunks(to);
    return file.compress(chunks);
  }

  /**
   * exportFile without holding the frame loop: the recording is taken as it stands now (frames
   * recorded or dropped meanwhile do not change the file), then written and compressed a little at
   * a time between frames. Throws at once what exportFile throws; resolves to the same bytes.
   */
  exportFileLater(to?: number): Promise<Uint8Array> {
    const { file, chunks } = this.exportChunks(to);
    // The keyframes are read between frames: their arrays must not be reused meanwhile.
    const release = this.recording.hold();
    try {
      return file.compressLater(chunks).finally(release);
    } catch (e) {
      release();
      throw e;
    }
  }

  /** Arrays copied for keyframes so far, and how many into the arrays of dropped keyframes (see ImageSeries). */
  get keyframeCopies(): { copies: number; reused: number } {
    return { copies: this.series.copies, reused: this.series.reused };
  }

  /** The file options and the uncompressed file's chunks of the recording up to `to`, taken now (the chunks are made as they are read). */
  private exportChunks(to: number | undefined): { file: HistoryFileOptions; chunks: Iterable<Uint8Array> } {
    const file = this.fileOptions();
    const last = to ?? this.recording.last;
    const why = last === undefined ? this.outsideWindow(0) : this.outsideWindow(last);
    if (why !== undefined) throw new RangeError(why);
    const segments = segmentsUpTo(this.recording, last!);
    const header = fileHeader(segments, { ...file.origin, keyframeInterval: this.keyframeInterval });
    return { file, chunks: encodeHistoryFile(header, segments) };
  }

  /**
   * Opens a history file: decompressed, read, checked against this host (dialect, components) and
   * tried on the replica (every frame replayed exactly), then loaded (load). Throws a
   * HistoryFileError naming what is wrong, with the world and the recording as they were.
   */
  importFile(bytes: Uint8Array): { first: number; last: number } {
    const options = this.fileOptions();
    if (bytes.byteLength === 0) throw new HistoryFileError(EMPTY_FILE);
    return runSteps(this.importSteps(options.decompress(bytes)));
  }

  /**
   * importFile without holding the frame loop: decompressed in the background, read and tried on
   * the replica a keyframe at a time between frames, then loaded at once. Rejects with the same
   * HistoryFileErrors, with the world and the recording as they were.
   */
  importFileLater(bytes: Uint8Array): Promise<{ first: number; last: number }> {
    const options = this.fileOptions();
    if (bytes.byteLength === 0) return Promise.reject(new HistoryFileError(EMPTY_FILE));
    return options.decompressLater(bytes).then((raw) => options.runLater(this.importSteps(raw)));
  }

  /** Reads, checks, tries and loads a decompressed file, yielding after each keyframe read and each stretch tried. */
  private *importSteps(raw: Uint8Array): Generator<void, { first: number; last: number }> {
    const options = this.fileOptions();
    const file = yield* decodeHistoryFileSteps(raw, componentsOf(this.app.world));
    const { header } = file;
    if (header.dialect !== options.origin.dialect) {
      throw new HistoryFileError(`the history file was recorded by a host speaking ${header.dialect} and its inputs are written in it; this host speaks ${options.origin.dialect}: open it with --replay, which speaks the file's dialect`);
    }
    // Between steps the replica answers reads of the past again; a stretch it was used in meanwhile is tried again.
    let mine = 0;
    try {
      for (const _ of tryOnReplicaSteps(this.replica, file, () => this.replayer.uses !== mine)) {
        mine = this.replayer.lend();
        yield;
      }
    } finally {
      this.replayer.lend();
    }
    this.load(file);
    return { first: header.first, last: header.last };
  }

  private fileOptions(): HistoryFileOptions {
    const f = this.options.file;
    if (f === undefined) throw new Error('this history has no file options: export and import are off');
    return f;
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

