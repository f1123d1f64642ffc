// Breakpoints: watches whose event pauses time. Each one is a query (optionally one entity of it)
// looked at after every frame; when its condition turns true (an entity starts or stops matching,
// or the result changes) the hit is recorded with the frame and the entities that triggered it,
// and the world is paused at the end of that frame, before the next one runs. Continue is a
// resume; a step runs one frame, after which the breakpoints are looked at again.
//
// Breakpoints with the same query (and no path) share one MatchTracker: the query is read once per
// frame for all of them, and counted once against the budget. The same query is the same
// canonical text (queryKey: spacing aside, plain terms in any order). Trackers comparing the same
// member (`Position.y > 5`, `Position.y < -5`) share a ThresholdIndex that reads its column once
// per frame for all of them. Trackers of one shape (the same query but for its comparisons'
// operators and numbers) form a TrackerFamily: after a frame in which nothing they depend on
// moved, one look of the family stands for all of them, and their breakpoints are not visited.
//
// They share the per-frame evaluation budget of the watch feeds and go first in each frame, so
// none misses the frame it fires on; a breakpoint whose evaluation does not fit what the enabled
// ones leave of a frame's budget is refused when it is created (or enabled), naming the numbers.
// One that outgrows the budget later (the world grew) is disabled with an error, never skipped.
import type { Entity, World } from '../ecs';
import { QueryBudget, QueryBudgetError, QueryParseError, compileQuery } from '../query';
import { BREAK_ON, type BreakOn } from '../protocol';
import { MatchTracker } from './match-tracker';
import { queryKey, shapeKey } from './query-key';
import { ThresholdIndexes } from './threshold-index';
import { TrackerFamily } from './tracker-family';
import { frameUnits, type Run, type Unit } from './frame-units';
import { WatchedQuery } from './watched-query';

/** The budget of a look that reads nothing (its query was read this round): never spent from. */
const NOTHING_TO_SPEND = new QueryBudget(1);

/** Characters a breakpoint's name may have (it is a path segment): letters, digits, `_`, `-`, `.`; 1 to 64. */
export const BREAKPOINT_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** What a client asks for: PUT /breakpoint/<name>?q=…[&path=…]&on=…[&once=true][&enabled=false]. */
export interface BreakpointSpec {
  readonly q: string;
  readonly on: BreakOn;
  /** Dotted path of the one entity watched (its values too, for `change`). */
  readonly path?: string;
  /** Disable itself after its first hit. */
  readonly once: boolean;
  readonly enabled: boolean;
}

/** One hit: which breakpoint, the frame it paused after, and the entities that triggered it. */
export interface BreakpointHit {
  readonly breakpoint: string;
  readonly frame: number;
  readonly on: BreakOn;
  /** Paths of the triggering entities (an entity deleted since shows as `#<id>`). */
  readonly entities: readonly string[];
  /** Ids of the same entities, in the same order. */
  readonly ids: readonly Entity[];
}

/** A breakpoint as listed. */
export interface BreakpointInfo extends BreakpointSpec {
  readonly name: string;
  /** Times it fired. */
  readonly hits: number;
  readonly last_hit?: BreakpointHit;
  /** Evaluation steps its query needs in a frame that evaluates it in full (what it needs of a frame's budget; shared by breakpoints with the same query). */
  readonly steps: number;
  /** Why it was disabled by the host (it outgrew the frame's budget), if it was. */
  readonly error?: string;
}

/** A refused request: the HTTP status it answers and why. */
export class BreakpointError extends Error {
  /** 400 (bad input, over budget) or 404 (no such breakpoint or entity). */
  constructor(readonly status: 400 | 404, message: string) {
    super(message);
    this.name = 'BreakpointError';
  }
}

/** What the breakpoints need of their host. */
export interface BreakpointHost {
  /** Pauses time at the end of the current frame (drops pending steps). */
  pause(): void;
  /** Frames run so far (a hit's frame). */
  frame(): number;
  /** Whether the frame that just ran ran the systems (false while paused). */
  ranSystems(): boolean;
  /** Evaluation steps the watch feeds and breakpoints of one frame may spend together. */
  readonly frameSteps: number;
  /** Evaluation steps one query may spend (a request's budget). */
  readonly requestSteps: number;
}

interface Entry {
  readonly name: string;
  spec: BreakpointSpec;
  watched: WatchedQuery;
  hits: number;
  lastHit?: BreakpointHit;
  steps: number;
  error?: string;
  /** Its place in creation order (the order of hits within a frame), set by frameUnits. */
  order: number;
}

/** The breakpoints of one world, looked at after every frame (afterFrame). */
export class Breakpoints {
  private readonly entries = new Map<string, Entry>();
  /** What the look after every frame goes through (undefined: to be made again, after any breakpoint is set, deleted, enabled, disabled or primed). */
  private units: Unit<Entry>[] | undefined;
  /** Trackers of the queries of breakpoints without a path, by queryKey. */
  private readonly trackers = new Map<string, MatchTracker>();
  /** Families of the trackers, by the names' version and shapeKey, and the family of each tracker. */
  private readonly families = new Map<string, TrackerFamily>();
  private readonly familyOf = new Map<MatchTracker, TrackerFamily>();
  /** During afterFrame: steps left and spent, and the hits so far. */
  private left = 0;
  private spent = 0;
  private hits: BreakpointHit[] = [];
  /** The threshold indexes the trackers' comparisons share. */
  private readonly indexes: ThresholdIndexes;
  /** Counts afterFrame calls: a tracker reads once per round, whichever breakpoint asks first. */
  private round = 0;
  private readonly listeners = new Set<(hits: readonly BreakpointHit[]) => void>();
  /** The last hit of any breakpoint (what paused the world). */
  lastHit: BreakpointHit | undefined;
  /** True while the world stands where lastHit paused it: no frame has run the systems since, and no restore happened. */
  atHit = false;

  /** Breakpoints of `world`, pausing and budgeted through `host`. */
  constructor(private readonly world: World, private readonly host: BreakpointHost) {
    this.indexes = new ThresholdIndexes(world);
    world.onRestore(() => this.rebase());
  }

  /** Evaluation steps the watch feeds and breakpoints of one frame may spend together. */
  get frameSteps(): number {
    return this.host.frameSteps;
  }

  /** Number of breakpoints, enabled or not. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Creates or replaces the breakpoint `name`; returns it, with what it replaced. Throws
   * BreakpointError for a bad name, query or path, or when it would not fit the frame's budget.
   */
  set(name: string, spec: BreakpointSpec): { breakpoint: BreakpointInfo; replaced?: BreakpointInfo } {
    if (!BREAKPOINT_NAME.test(name)) throw new BreakpointError(400, `breakpoint name '${name.slice(0, 64)}' is not allowed: use 1 to 64 letters, digits, '_', '-' or '.'`);
    if (!BREAK_ON.includes(spec.on)) throw new BreakpointError(400, `on must be one of ${BREAK_ON.join(', ')}, got '${String(spec.on)}'`);
    const watched = this.compile(spec);
    const previous = this.entries.get(name);
    const entry: Entry = { name, spec, watched, hits: 0, steps: 0, order: 0 };
    if (spec.enabled) this.prime(entry, previous);
    this.entries.set(name, entry);
    this.units = undefined;
    this.use(watched.tracker);
    if (previous !== undefined) this.release(previous.watched.tracker);
    return previous === undefined ? { breakpoint: info(entry) } : { breakpoint: info(entry), replaced: info(previous) };
  }

  /** Enables or disables `name` (enabling takes the state as it is then as the baseline). Throws BreakpointError(404) for an unknown name. */
  setEnabled(name: string, enabled: boolean): BreakpointInfo {
    const entry = this.entries.get(name);
    if (entry === undefined) throw this.unknown(name);
    if (enabled && !entry.spec.enabled) {
      this.prime(entry, entry);
      entry.error = undefined;
    }
    entry.spec = { ...entry.spec, enabled };
    this.units = undefined;
    return info(entry);
  }

  /** Deletes `name`; false when there is none. */
  delete(name: string): boolean {
    const entry = this.entries.get(name);
    if (entry === undefined) return false;
    this.entries.delete(name);
    this.units = undefined;
    this.release(entry.watched.tracker);
    return true;
  }

  /** Every breakpoint, in the order they were created. */
  list(): BreakpointInfo[] {
    return [...this.entries.values()].map(info);
  }

  /** The breakpoint `name`, or undefined. */
  get(name: string): BreakpointInfo | undefined {
    const e = this.entries.get(name);
    return e === undefined ? undefined : info(e);
  }

  /** Calls `listener` with the hits of each frame that has some; returns a function that removes it. */
  onHit(listener: (hits: readonly BreakpointHit[]) => void): () => void {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  }

  /** Steps the enabled breakpoints need in a frame that evaluates all their queries in full, as last measured (a shared query counted once). */
  stepsPerFrame(): number {
    return this.cost(() => true);
  }

  /**
   * Looks at every enabled breakpoint after a frame, within `maxSteps` evaluation steps in all;
   * records hits, pauses the world when there are any and tells the listeners. Returns the steps spent.
   */
  afterFrame(maxSteps: number = this.host.frameSteps): number {
    this.left = maxSteps;
    this.spent = 0;
    const token = ++this.round;
    if (this.host.ranSystems()) this.atHit = false;
    const units = (this.units ??= frameUnits(this.entries.values(), this.familyOf));
    for (let u = 0; u < units.length; u++) {
      const unit = units[u]!, family = unit.family;
      if (unit.entry !== undefined) { this.lookAtPath(unit.entry); continue; }
      // Nothing the family's trackers depend on moved: each read for this frame, its result (and
      // so what its breakpoints saw) unchanged.
      if (unit.joined && family!.quietSteps <= this.left && family!.quiet(token)) { this.spend(family!.quietSteps); continue; }
      for (let r = 0; r < unit.runs.length; r++) this.lookAtRun(unit.runs[r]!, token);
      unit.joined = family!.settle(token, unit.trackers);
    }
    const hits = this.hits;
    if (hits.length > 0) {
      this.hits = [];
      const order = (h: BreakpointHit) => this.entries.get(h.breakpoint)?.order ?? 0;
      if (hits.length > 1) hits.sort((a, b) => order(a) - order(b));
      this.lastHit = hits[hits.length - 1];
      this.atHit = true;
      this.host.pause();
      for (const l of this.listeners) l(hits);
    }
    return this.spent;
  }

  /** Reads the tracker of `run` for frame `token` (unless read already) and lets each of its breakpoints that has not seen the result look at it. */
  private lookAtRun(run: Run<Entry>, token: number): void {
    const t = run.tracker;
    if (!t.hasRead(token)) {
      // One whose kept state answers without looking (readQuiet) needs no budget object.
      const quiet = t.readQuiet(token, Math.min(this.host.requestSteps, this.left));
      if (quiet >= 0) this.spend(quiet);
      else {
        const budget = this.budget();
        try {
          t.read(budget, token);
        } catch (err) {
          if (!(err instanceof QueryBudgetError)) throw err;
          for (const e of run.entries) this.outgrew(e, budget);
          this.spend(budget.limit);
          return;
        }
        this.spend(budget.used);
      }
    }
    // Read for this frame: observing costs nothing more, and one that saw this result cannot fire.
    for (const e of run.entries) if (!e.watched.sawCurrent()) this.fired(e, e.watched.observe(NOTHING_TO_SPEND, token));
  }

  /** Evaluates the breakpoint with a path `e` (its own query, for its one entity). */
  private lookAtPath(e: Entry): void {
    const budget = this.budget();
    let triggered: readonly Entity[];
    try {
      triggered = e.watched.observe(budget);
    } catch (err) {
      if (!(err instanceof QueryBudgetError)) throw err;
      this.outgrew(e, budget);
      this.spend(budget.limit);
      return;
    }
    e.steps = budget.used;
    this.spend(budget.used);
    this.fired(e, triggered);
  }

  /** A budget for one evaluation: a request's, or what is left of the frame's if less. */
  private budget(): QueryBudget {
    return new QueryBudget(Math.max(1, Math.min(this.host.requestSteps, this.left)));
  }

  private spend(steps: number): void {
    this.spent += steps;
    this.left -= steps;
  }

  /** Records a hit of `e` when `triggered` has entities. */
  private fired(e: Entry, triggered: readonly Entity[]): void {
    if (triggered.length === 0) return;
    const hit: BreakpointHit = { breakpoint: e.name, frame: this.host.frame(), on: e.spec.on, entities: triggered.map((x) => this.path(x)), ids: triggered };
    e.hits++;
    e.lastHit = hit;
    if (e.spec.once) { e.spec = { ...e.spec, enabled: false }; this.units = undefined; }
    this.hits.push(hit);
  }

  /** Disables `e`, whose evaluation did not fit `budget`, saying why. */
  private outgrew(e: Entry, budget: QueryBudget): void {
    e.error = `disabled at frame ${this.host.frame()}: it needed more than the ${budget.limit} evaluation steps left of the frame's budget (${this.host.frameSteps}); narrow its query, or delete other breakpoints, then enable it again`;
    e.spec = { ...e.spec, enabled: false };
    this.units = undefined;
  }

  /** Counts one more user of `tracker`, kept under its key; the first one attaches it to the threshold indexes. */
  private use(tracker: MatchTracker | undefined): void {
    if (tracker === undefined) return;
    if (tracker.users++ === 0) {
      tracker.attach(this.indexes);
      const key = `${tracker.names}|${tracker.shape}`;
      let family = this.families.get(key);
      if (family === undefined) this.families.set(key, (family = new TrackerFamily(this.world, key)));
      family.users++;
      this.familyOf.set(tracker, family);
    }
    this.trackers.set(tracker.key, tracker);
  }

  /** Counts one user less of `tracker`; dropped (and detached) when none is left. */
  private release(tracker: MatchTracker | undefined): void {
    if (tracker === undefined || --tracker.users > 0) return;
    tracker.detach();
    if (this.trackers.get(tracker.key) === tracker) this.trackers.delete(tracker.key);
    const family = this.familyOf.get(tracker)!;
    this.familyOf.delete(tracker);
    if (--family.users === 0 && this.families.get(family.key) === family) this.families.delete(family.key);
  }

  /** Steps of the enabled breakpoints that `counted` accepts, each shared query once. */
  private cost(counted: (e: Entry) => boolean): number {
    let n = 0;
    const seen = new Set<MatchTracker>();
    for (const e of this.entries.values()) {
      if (!e.spec.enabled || !counted(e)) continue;
      const t = e.watched.tracker;
      if (t === undefined) n += e.steps;
      else if (!seen.has(t)) { seen.add(t); n += t.steps; }
    }
    return n;
  }

  /**
   * After a restore (history) the restored world is every enabled breakpoint's baseline, as at
   * creation: stepping on from the frame before a hit fires again where the world meets the
   * condition again, not for the difference between the world before and after the restore.
   */
  private rebase(): void {
    this.atHit = false;
    this.units = undefined;
    for (const e of this.entries.values()) {
      if (!e.spec.enabled) continue;
      try {
        e.watched.prime(new QueryBudget(this.host.requestSteps));
      } catch (err) {
        if (!(err instanceof QueryBudgetError)) throw err;
        e.error = `disabled after a restore: its query needs more than ${this.host.requestSteps} evaluation steps (a request's budget); narrow it, then enable it again`;
        e.spec = { ...e.spec, enabled: false };
      }
    }
  }

  private compile(spec: BreakpointSpec): WatchedQuery {
    let query;
    try {
      query = compileQuery(this.world, spec.q);
    } catch (err) {
      if (err instanceof QueryParseError) throw new BreakpointError(400, `q: ${err.message}`);
      throw err;
    }
    if (!query.hasThis) throw new BreakpointError(400, `q: '${spec.q.slice(0, 100)}' never uses $this: a breakpoint watches the entities a query matches`);
    let entity: Entity | undefined;
    if (spec.path !== undefined) {
      entity = this.world.lookupSymbol(spec.path);
      if (entity === 0) throw new BreakpointError(404, `path: no entity has the path '${spec.path.slice(0, 100)}'`);
    }
    if (entity !== undefined) return new WatchedQuery(this.world, query, spec.on, entity, undefined);
    // Shared with the breakpoints of the same query while its names resolve as they did for them.
    const names = this.world.hierarchy.version, key = queryKey(spec.q);
    let tracker = this.trackers.get(key);
    if (tracker === undefined || tracker.names !== names) tracker = new MatchTracker(this.world, query, names, key, shapeKey(spec.q));
    return new WatchedQuery(this.world, tracker.query, spec.on, undefined, tracker);
  }

  /** Takes the baseline of `entry` and checks that it fits the frame's budget beside the other enabled breakpoints (`except` not counted). */
  private prime(entry: Entry, except: Entry | undefined): void {
    const budget = new QueryBudget(this.host.requestSteps);
    try {
      entry.watched.prime(budget);
    } catch (err) {
      if (!(err instanceof QueryBudgetError)) throw err;
      throw new BreakpointError(400, `q: the query needs more than ${this.host.requestSteps} evaluation steps (a request's budget): a breakpoint looks at it after every frame; narrow it`);
    }
    const tracker = entry.watched.tracker;
    entry.steps = tracker?.steps ?? budget.used;
    const others = this.cost((e) => e !== except && e !== entry);
    // A query another enabled breakpoint already looks at costs nothing more.
    const shared = tracker !== undefined && [...this.entries.values()].some((e) => e !== except && e !== entry && e.spec.enabled && e.watched.tracker === tracker);
    const needs = shared ? 0 : entry.steps;
    if (others + needs > this.host.frameSteps) {
      throw new BreakpointError(400, `cannot be evaluated within the per-frame watch budget: it needs ${needs} evaluation steps, and the enabled breakpoints already take ${others} of the ${this.host.frameSteps} a frame has; narrow the query, or delete or disable other breakpoints`);
    }
  }

  private path(e: Entity): string {
    return this.world.isAlive(e) ? this.world.pathOf(e) : `#${e}`;
  }

  private unknown(name: string): BreakpointError {
    const names = [...this.entries.keys()];
    return new BreakpointError(404, `no breakpoint named '${name.slice(0, 64)}'${names.length ? `; there are ${names.slice(0, 10).join(', ')}` : ''}: create it with PUT /breakpoint/${name.slice(0, 64)}?q=…`);
  }
}

function info(e: Entry): BreakpointInfo {
  return {
    name: e.name, ...e.spec, hits: e.hits, steps: e.watched.tracker?.steps ?? e.steps,
    ...(e.lastHit ? { last_hit: e.lastHit } : {}), ...(e.error ? { error: e.error } : {}),
  };
}
