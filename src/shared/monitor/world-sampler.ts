// Reads the world's statistics at the end of a frame into a preallocated array, in the order of
// WORLD_METRICS. Everything read per frame is a counter the store keeps anyway (no walks, no
// allocation); the few numbers that need a walk (empty tables, ids in use by kind, queries and
// systems) are refreshed once per simulated second and repeated in between.
import { faultsOf, type Faults, type FrameStats } from '../pipeline';
import { entityIndex, isPair, pairFirstIndex, pairSecondIndex, type World } from '../ecs';
import { HTTP_COUNTER_NAMES, WORLD_METRICS, metricIndex } from './metrics';
import { tidy } from './windows';

/** Source of the HTTP transport's monotonic counters (by HTTP_COUNTER_NAMES). */
export type HttpCountersSource = () => Readonly<Record<string, number>>;

/** What the sampler reads besides the world: the alerts' live count. */
export interface AlertCountSource {
  readonly activeCount: number;
}

const N = WORLD_METRICS.length;
/** Frames over which fps is measured. */
const FPS_FRAMES = 30;
const ENTITIES = metricIndex('entities.count');
const NOT_ALIVE = metricIndex('entities.not_alive_count');
const FPS = metricIndex('performance.fps');
const DELTA_TIME = metricIndex('performance.delta_time');
const FRAME_TIME = metricIndex('performance.frame_time');
const SYSTEM_TIME = metricIndex('performance.system_time');
const MERGE_TIME = metricIndex('performance.merge_time');
const ADD = metricIndex('commands.add_count');
const REMOVE = metricIndex('commands.remove_count');
const DELETE = metricIndex('commands.delete_count');
const SET = metricIndex('commands.set_count');
const DISCARD = metricIndex('commands.discard_count');
const ENQUEUED = metricIndex('commands.enqueued_count');
const MERGES = metricIndex('frame.merge_count');
const BUILDS = metricIndex('frame.pipeline_build_count');
const SYSTEMS_RAN = metricIndex('frame.systems_ran');
const OBSERVERS_RAN = metricIndex('frame.observers_ran');
const TABLES = metricIndex('tables.count');
const EMPTY_TABLES = metricIndex('tables.empty_count');
const TABLES_CREATED = metricIndex('tables.create_count');
const TABLES_DELETED = metricIndex('tables.delete_count');
const TAGS = metricIndex('components.tag_count');
const COMPONENTS = metricIndex('components.component_count');
const PAIRS = metricIndex('components.pair_count');
const TYPES = metricIndex('components.type_count');
const IDS_CREATED = metricIndex('components.create_count');
const IDS_DELETED = metricIndex('components.delete_count');
const QUERIES = metricIndex('queries.query_count');
const OBSERVERS = metricIndex('queries.observer_count');
const SYSTEMS = metricIndex('queries.system_count');
const ALERTS = metricIndex('alerts.active_count');
const FAULTS = metricIndex('faults.count');
const HTTP = HTTP_COUNTER_NAMES.map((name) => metricIndex(`http.${name}`));
const HTTP_KEYS: readonly string[] = HTTP_COUNTER_NAMES;
/** The metrics refreshed by a walk, in the order of `walked`. */
const WALKED = [EMPTY_TABLES, TAGS, COMPONENTS, PAIRS, QUERIES, SYSTEMS] as const;

/**
 * Reads world statistics into a window's slot; counters are written as their change since the
 * previous sample. Written out metric by metric (no loop over a table of getters): this runs every
 * frame, right after the frame's own work has pushed everything else out of the caches.
 */
export class WorldSampler {
  /** Counter totals at the previous sample, by metric index. */
  private readonly previous = new Float64Array(N);
  /** Values of the walked metrics (WALKED order), as of the last refresh. */
  private readonly walked = new Float64Array(WALKED.length);
  private readonly scratch = new Float64Array(N);
  /** Delta times of the last FPS_FRAMES frames (a ring) and their sum. */
  private readonly deltas = new Float64Array(FPS_FRAMES);
  private deltaSum = 0;
  private deltaCount = 0;
  private http: HttpCountersSource | undefined;
  /** The world's fault record (faults.count). */
  private readonly faults: Faults;

  constructor(readonly world: World, private readonly alerts: AlertCountSource) {
    this.faults = faultsOf(world);
    this.refreshWalked();
    // The first sample counts from now, not from the world's creation.
    this.sample(NO_FRAME, 0, 0, this.scratch, 0);
  }

  /** Sets (or clears) the HTTP counters source; its current totals become the baseline. */
  setHttpSource(source: HttpCountersSource | undefined): void {
    this.http = source;
    const counters = source?.();
    for (let k = 0; k < HTTP.length; k++) this.previous[HTTP[k]!] = httpValue(counters, k);
  }

  /**
   * Frames per second over the last FPS_FRAMES frames: frames / time they took. The mean of 1/dt
   * would overstate the rate whenever frames are uneven (a late frame is followed by an early one).
   */
  private fps(deltaTime: number): number {
    if (!(deltaTime > 0)) return 0;
    const slot = this.deltaCount % FPS_FRAMES;
    this.deltaSum += deltaTime - this.deltas[slot]!;
    this.deltas[slot] = deltaTime;
    this.deltaCount++;
    const n = Math.min(this.deltaCount, FPS_FRAMES);
    return this.deltaSum > 0 ? tidy(n / this.deltaSum) : 0;
  }

  /** Starts counting pipeline rebuilds from a total (so earlier rebuilds are not one big spike). */
  resetPipelineBuilds(total: number): void {
    this.previous[BUILDS] = total;
  }

  /**
   * Takes a sample at the end of a frame (its stats, its delta time in seconds and the pipeline's
   * running total of rebuilds) and writes it, in WORLD_METRICS order, to `out` from `at` on.
   */
  sample(frame: FrameStats, deltaTime: number, pipelineBuilds: number, out: Float64Array, at: number): void {
    const w = this.world, cmd = w.commands, st = w.counters;
    out[at + ENTITIES] = w.entities.aliveCount;
    out[at + NOT_ALIVE] = w.entities.notAliveCount;
    out[at + FPS] = this.fps(deltaTime);
    out[at + DELTA_TIME] = tidy(deltaTime);
    out[at + FRAME_TIME] = tidy(frame.frameTime);
    out[at + SYSTEM_TIME] = tidy(frame.systemTime);
    out[at + MERGE_TIME] = tidy(frame.mergeTime);
    this.count(out, at, ADD, cmd.add);
    this.count(out, at, REMOVE, cmd.remove);
    this.count(out, at, DELETE, cmd.delete);
    this.count(out, at, SET, cmd.set);
    this.count(out, at, DISCARD, cmd.discard);
    this.count(out, at, ENQUEUED, cmd.enqueued);
    this.count(out, at, MERGES, cmd.merges);
    this.count(out, at, BUILDS, pipelineBuilds);
    out[at + SYSTEMS_RAN] = frame.systemsRan;
    this.count(out, at, OBSERVERS_RAN, w.observers.invocations);
    out[at + TABLES] = w.tables.size;
    this.count(out, at, TABLES_CREATED, st.tablesCreated);
    this.count(out, at, TABLES_DELETED, st.tablesDeleted);
    out[at + TYPES] = w.components.size;
    this.count(out, at, IDS_CREATED, st.idsCreated);
    this.count(out, at, IDS_DELETED, st.idsDeleted);
    out[at + OBSERVERS] = w.observers.count;
    out[at + ALERTS] = this.alerts.activeCount;
    this.count(out, at, FAULTS, this.faults.count);
    const walked = this.walked;
    for (let k = 0; k < WALKED.length; k++) out[at + WALKED[k]!] = walked[k]!;
    const counters = this.http?.();
    for (let k = 0; k < HTTP.length; k++) this.count(out, at, HTTP[k]!, httpValue(counters, k));
  }

  /** Writes a counter's change since the previous sample and remembers its total. */
  private count(out: Float64Array, at: number, i: number, total: number): void {
    out[at + i] = total - this.previous[i]!;
    this.previous[i] = total;
  }

  /**
   * Refreshes the numbers that need a walk over tables or id records (called once per simulated
   * second): empty tables, ids in use by kind, queries and systems.
   */
  refreshWalked(): void {
    const w = this.world, core = w.core, walked = this.walked;
    let empty = 0;
    for (const t of w.tables.values()) if (t.count === 0) empty++;
    const wildcard = entityIndex(core.Wildcard);
    let tags = 0, components = 0, pairs = 0;
    for (const id of w.records.keys()) {
      if (isPair(id)) {
        if (pairFirstIndex(id) !== wildcard && pairSecondIndex(id) !== wildcard) pairs++;
      } else if (id !== core.Wildcard) {
        if (w.components.has(entityIndex(id))) components++; else tags++;
      }
    }
    walked[0] = empty;
    walked[1] = tags;
    walked[2] = components;
    walked[3] = pairs;
    walked[4] = entitiesWith(w, core.Query);
    walked[5] = entitiesWith(w, core.System);
  }
}

const NO_FRAME: FrameStats = { frameTime: 0, systemTime: 0, mergeTime: 0, systemsRan: 0 };

/** The k-th HTTP counter from a source's reply (0 when absent or not a finite number). */
function httpValue(counters: Readonly<Record<string, number>> | undefined, k: number): number {
  const v = counters ? counters[HTTP_KEYS[k]!] : 0;
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/** Number of entities that own an id (sum over the tables of its record). */
function entitiesWith(world: World, id: number): number {
  let n = 0;
  const rec = world.record(id);
  if (rec) for (const t of rec.tables) n += t.count;
  return n;
}
