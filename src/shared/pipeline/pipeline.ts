// Systems in phases, run in order each frame; per-system time and match counts for statistics.
import { PHASE_NAMES, markBuiltinTree, type Entity, type Id, type PhaseName, type World } from '../ecs';
import { compileQuery, registerQuery, type Query } from '../query';
import { now } from '../clock';
import { CachedQuery } from './cached-query';
import { SystemIter } from './system-iter';
import { faultsOf, type Faults } from './faults';
import { systemWrites } from './system-writes';

/** What a system may write in place: its query's writable terms and `declared`; undefined (any) without a query and nothing declared. */
function systemWritesOf(w: World, query: Query | null, declared: readonly Entity[] | undefined): readonly Id[] | undefined {
  if (query === null) return declared;
  const own = systemWrites(w, query.plan);
  return own === undefined || declared === undefined ? own : [...new Set([...own, ...declared])];
}

/** World.modified's argument for a change that wrote no value (a frame began or ended). */
const NOTHING_WRITTEN: readonly Id[] = Object.freeze([]);

/** Options of `addSystem`. */
export interface SystemOptions {
  /** Phase to run in (default OnUpdate). */
  phase?: PhaseName;
  /** Query in the DSL; omitted: the system runs once per frame without entities. */
  query?: string;
  /** Called per matched result (or once, without a query). */
  run: (it: SystemIter) => void;
  /** Parent scope of the system entity. */
  parent?: Entity;
  /** Doc brief shown by the explorer. */
  brief?: string;
  /**
   * Components it writes in place besides what its query may write (for a system without a
   * query: all it writes in place); values written with set() need not be named. Omitted on a
   * system without a query: it may write any component.
   */
  writes?: readonly Entity[];
}

/** Statistics of one system for the last frame it ran. */
export interface SystemStats {
  /** Seconds spent in the last frame. */
  timeSpent: number;
  /** Entities matched in the last frame. */
  matchedEntities: number;
  /** Tables matched in the last frame. */
  matchedTables: number;
  /** Seconds spent since the start. */
  timeTotal: number;
  /** Seconds spent applying the commands the system queued (its merge), last frame. */
  mergeTime: number;
  /** Commands the system queued in the last frame. */
  commandsEnqueued: number;
}

/** A system registered in the pipeline. */
export interface SystemRecord {
  readonly entity: Entity;
  readonly phase: number;
  readonly order: number;
  readonly query: CachedQuery | null;
  readonly run: (it: SystemIter) => void;
  /** The components it may write in place (systemWrites), marked written each time it runs; undefined: any. */
  readonly writes: readonly Id[] | undefined;
  readonly iter: SystemIter;
  readonly stats: SystemStats;
}

/** Per-frame totals of the last frame. */
export interface FrameStats {
  /** Seconds of the whole frame (systems + merges). */
  frameTime: number;
  /** Seconds spent in system callbacks. */
  systemTime: number;
  /** Seconds spent applying deferred commands. */
  mergeTime: number;
  /** Systems that ran. */
  systemsRan: number;
}

/** The running frame's state, in fields rather than locals so the frame goes on after a system that threw. */
interface FrameRun {
  deltaTime: number;
  /** False until runFrame has begun the frame (a resumed frame is not begun again). */
  begun: boolean;
  timed: boolean;
  /** The clock at the frame's start (0 when untimed). */
  frameStart: number;
  /** Index of the system running (or next to run). */
  next: number;
  /** True while a system's own code runs: what throws then is the system's fault, anything else ends the frame. */
  inSystem: boolean;
  /** The running system's start: the clock (0 when untimed) and the world's commands enqueued so far. */
  t0: number;
  enqueued: number;
  systemTime: number;
  mergeTime: number;
  ran: number;
  deleted: boolean;
  failed: [SystemRecord, unknown][] | undefined;
}

/** The ordered systems of a world. */
export class Pipeline {
  private systems: SystemRecord[] = [];
  private nextOrder = 0;
  /** Frames run so far. */
  frame = 0;
  /** Simulated seconds so far. */
  time = 0;
  /** Totals of the last frame. */
  readonly last: FrameStats = { frameTime: 0, systemTime: 0, mergeTime: 0, systemsRan: 0 };
  /** Rebuilds of the run order (when systems are added or removed). */
  rebuilds = 0;
  /**
   * Read the clock around the frame, each system and its merge (frameTime, timeSpent, mergeTime,
   * systemTime). Off by default, as in Flecs: two clock reads cost about as much as a small system
   * (a frame of 26 small tables spends 0.2 of its 0.5 µs overhead on them). The monitor turns it
   * on when it attaches, and it alone reads these times; while it is off they are 0.
   */
  measureTime = false;
  /** True while progress() runs: a system cannot run the pipeline again. */
  private progressing = false;
  /** The running frame (one object, reused: frames do not nest). */
  private readonly run: FrameRun = { deltaTime: 0, begun: false, timed: false, frameStart: 0, next: 0, inSystem: false, t0: 0, enqueued: 0, systemTime: 0, mergeTime: 0, ran: 0, deleted: false, failed: undefined };
  /** Set while the rest of a frame runs after the systems (the app's frame hooks): progress() refuses meanwhile too. */
  heldBy: string | undefined = undefined;

  /** The world's fault record: a system that throws is disabled and reported there. */
  readonly faults: Faults;
  /** ecs.pipeline.SystemFault (its error message on a failed system), created with the first failure. */
  private SystemFault: Entity = 0;

  constructor(readonly world: World) {
    this.faults = faultsOf(world);
    // The simulated clock travels with world images, so a restored world goes on from its own time.
    world.addImagePart('pipeline', {
      save: () => ({ frame: this.frame, time: this.time }),
      load: (saved) => { const v = saved as { frame: number; time: number }; this.frame = v.frame; this.time = v.time; },
    });
  }

  /** Creates a system entity and adds it to its phase. */
  add(name: string, opts: SystemOptions): Entity {
    const w = this.world, c = w.core;
    const phaseName = opts.phase ?? 'OnUpdate';
    const phase = PHASE_NAMES.indexOf(phaseName);
    if (phase < 0) throw new Error(`unknown phase '${String(phaseName)}'; phases are ${PHASE_NAMES.join(', ')}`);
    const query = opts.query !== undefined ? compileQuery(w, opts.query) : null;
    const e = w.entity({ name, parent: opts.parent });
    if (query) { w.add(e, c.Query); registerQuery(w, e, 'system', query); }
    w.add(e, c.System);
    w.add(e, c[phaseName]);
    w.add(e, w.pair(c.DependsOn, c[phaseName]));
    if (opts.brief) w.setDoc(e, 'brief', opts.brief);
    const record: SystemRecord = {
      entity: e, phase, order: this.nextOrder++, query: query ? new CachedQuery(query) : null, run: opts.run,
      writes: systemWritesOf(w, query, opts.writes),
      iter: new SystemIter(w, e), stats: { timeSpent: 0, matchedEntities: 0, matchedTables: 0, timeTotal: 0, mergeTime: 0, commandsEnqueued: 0 },
    };
    this.systems.push(record);
    this.sort();
    return e;
  }

  private sort(): void {
    this.systems.sort((a, b) => a.phase - b.phase || a.order - b.order);
    this.rebuilds++;
  }

  /** Systems in run order (deleted ones are dropped). */
  list(): readonly SystemRecord[] {
    this.dropDeleted();
    return this.systems;
  }

  private dropDeleted(): void {
    const w = this.world;
    if (this.systems.every((s) => w.isAlive(s.entity))) return;
    for (const s of this.systems) if (!w.isAlive(s.entity)) s.query?.dispose();
    this.systems = this.systems.filter((s) => w.isAlive(s.entity));
    this.sort();
  }

  /** Runs one frame: every enabled system in order, changes deferred per system. */
  progress(deltaTime: number): FrameStats {
    if (this.progressing || this.heldBy !== undefined) {
      throw new Error(`Pipeline.progress: frame ${this.frame} is still running (${this.heldBy ?? 'its systems'}); the pipeline cannot run inside its own frame`);
    }
    this.progressing = true;
    try {
      const f = this.run;
      f.deltaTime = deltaTime; f.begun = false;
      // The systems' boundary, and the only try around them: runFrame has more bytecode than V8
      // inlines into a caller (460 bytes, --max-inlined-bytecode-size on Node 20 and 24), so no
      // system's loop is compiled inside a try (frag_iter's took 1.6x the instructions in one).
      for (;;) {
        try {
          return this.runFrame(f);
        } catch (err) {
          if (!f.inSystem) throw err;
          // The other systems and the frame go on; this one is disabled after them.
          const s = this.systems[f.next]!;
          (f.failed ??= []).push([s, err]);
          this.closeSystem(s, f);
          f.next++;
        }
      }
    } finally {
      this.progressing = false;
    }
  }

  /** Runs the frame, or the rest of it from `f.next` after a system that threw (see progress). */
  private runFrame(f: FrameRun): FrameStats {
    const w = this.world, systems = this.systems;
    if (!f.begun) {
      f.begun = true;
      f.timed = this.measureTime;
      f.frameStart = f.timed ? now() : 0;
      // Systems write columns in place: whatever was read before this frame is out of date (each
      // system marks what it may write as it runs).
      w.modified(NOTHING_WRITTEN);
      this.frame++;
      this.time += f.deltaTime;
      f.next = 0; f.inSystem = false;
      f.systemTime = 0; f.mergeTime = 0; f.ran = 0; f.deleted = false; f.failed = undefined;
    }
    for (; f.next < systems.length; f.next++) {
      const s = systems[f.next]!, st = s.stats;
      if (!w.isAlive(s.entity)) { f.deleted = true; continue; }
      if (!w.isEnabled(s.entity)) {
        st.timeSpent = 0; st.matchedEntities = 0; st.matchedTables = 0; st.mergeTime = 0; st.commandsEnqueued = 0;
        continue;
      }
      f.ran++;
      const it = s.iter;
      it.deltaTime = f.deltaTime; it.time = this.time; it.frame = this.frame;
      it.matchedTables = 0; it.matchedEntities = 0;
      f.enqueued = w.commands.enqueued;
      f.t0 = f.timed ? now() : 0;
      w.modified(s.writes);
      w.deferBegin();
      f.inSystem = true;
      if (s.query) s.query.runSystem(it, s.run);
      else { it.clear(); s.run(it); }
      this.closeSystem(s, f);
    }
    // A system deleted by another one (or over REST) is dropped after the frame, not during it.
    if (f.deleted) this.dropDeleted();
    if (f.failed) for (const [s, err] of f.failed) this.fail(s, err);
    const last = this.last;
    last.systemTime = f.systemTime;
    last.mergeTime = f.mergeTime;
    last.systemsRan = f.ran;
    last.frameTime = f.timed ? (now() - f.frameStart) / 1000 : 0;
    w.modified(NOTHING_WRITTEN);
    return last;
  }

  /** Ends a system's turn, whether it returned or threw: merges what it queued and records its statistics. */
  private closeSystem(s: SystemRecord, f: FrameRun): void {
    const w = this.world, st = s.stats, it = s.iter;
    f.inSystem = false;
    const t1 = f.timed ? now() : 0;
    const queued = w.commands.enqueued - f.enqueued;
    w.deferEnd();
    // A system that queued nothing merged nothing: no clock read for it.
    st.mergeTime = f.timed && queued !== 0 ? (now() - t1) / 1000 : 0;
    st.commandsEnqueued = queued;
    st.timeSpent = (t1 - f.t0) / 1000;
    st.timeTotal += st.timeSpent;
    st.matchedEntities = it.matchedEntities;
    st.matchedTables = it.matchedTables;
    f.systemTime += st.timeSpent;
    f.mergeTime += st.mergeTime;
  }

  /**
   * Disables a system that threw, marks it with ecs.pipeline.SystemFault (its error: the monitor's
   * alert shows it) and reports the fault. Enabling it again clears the mark, and it runs again.
   */
  private fail(s: SystemRecord, err: unknown): void {
    const w = this.world;
    if (!w.isAlive(s.entity)) return;
    const error = err instanceof Error ? err.message : String(err);
    w.disable(s.entity);
    w.set(s.entity, this.systemFault(), { error });
    this.faults.report('system', w.pathOf(s.entity), err);
  }

  private systemFault(): Entity {
    if (this.SystemFault !== 0) return this.SystemFault;
    const w = this.world, c = w.core;
    // ecs.pipeline is built into every world and cannot be deleted (OnDelete Panic).
    const module = c.pipelineModule;
    const SystemFault = w.component('SystemFault', { error: 'string' }, { parent: module, brief: 'On a system that threw: the error; the system is disabled until enabled again' });
    markBuiltinTree(w, module);
    w.observe(c.Disabled, 'remove', (e) => { if (w.isAlive(e) && w.has(e, SystemFault)) w.remove(e, SystemFault); });
    this.SystemFault = SystemFault;
    return SystemFault;
  }
}

const pipelines = new WeakMap<World, Pipeline>();

/** The pipeline of a world (created on first use). */
export function pipelineOf(world: World): Pipeline {
  let p = pipelines.get(world);
  if (!p) { p = new Pipeline(world); pipelines.set(world, p); }
  return p;
}

/** Adds a system to the world's pipeline: `addSystem(world, 'Move', { query: 'Position, Velocity', run })`. */
export function addSystem(world: World, name: string, opts: SystemOptions): Entity {
  return pipelineOf(world).add(name, opts);
}
