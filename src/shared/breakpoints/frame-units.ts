// What Breakpoints.afterFrame goes through after every frame: the enabled breakpoints grouped so
// that a frame in which nothing moved costs one look per family of trackers, not one per
// breakpoint. A breakpoint with a path is a unit of its own (evaluated for its entity); the others
// go, by tracker, into the unit of the tracker's family. Units are in the order of each one's
// first breakpoint, so the frame's budget is spent in creation order as before.
import type { MatchTracker } from './match-tracker';
import type { TrackerFamily } from './tracker-family';

/** What frameUnits needs of a breakpoint: whether it is enabled, its tracker (none: it has a path), and where its place in creation order goes. */
export interface UnitEntry {
  readonly spec: { readonly enabled: boolean };
  readonly watched: { readonly tracker: MatchTracker | undefined };
  order: number;
}

/** The enabled breakpoints using one tracker, in creation order. */
export interface Run<E extends UnitEntry> {
  readonly tracker: MatchTracker;
  readonly entries: E[];
}

/** A breakpoint with a path (`entry`), or the trackers of one family with their breakpoints. */
export interface Unit<E extends UnitEntry> {
  readonly entry: E | undefined;
  readonly family: TrackerFamily | undefined;
  readonly runs: Run<E>[];
  readonly trackers: MatchTracker[];
  /** True when every one of `trackers` took the family's stamp at its last settle (false until the first settle). */
  joined: boolean;
}

/** Groups `entries` (in creation order; each gets its `order`) into units; `familyOf` has the family of every tracker in use. */
export function frameUnits<E extends UnitEntry>(entries: Iterable<E>, familyOf: ReadonlyMap<MatchTracker, TrackerFamily>): Unit<E>[] {
  const units: Unit<E>[] = [], runs = new Map<MatchTracker, Run<E>>(), byFamily = new Map<TrackerFamily, Unit<E>>();
  let order = 0;
  for (const e of entries) {
    e.order = order++;
    if (!e.spec.enabled) continue;
    const t = e.watched.tracker;
    if (t === undefined) { units.push({ entry: e, family: undefined, runs: [], trackers: [], joined: false }); continue; }
    let run = runs.get(t);
    if (run === undefined) {
      runs.set(t, (run = { tracker: t, entries: [] }));
      const family = familyOf.get(t);
      if (family === undefined) throw new Error(`frameUnits: the tracker of '${t.key}' has no family`);
      let unit = byFamily.get(family);
      if (unit === undefined) {
        byFamily.set(family, (unit = { entry: undefined, family, runs: [], trackers: [], joined: false }));
        units.push(unit);
      }
      unit.runs.push(run);
      unit.trackers.push(t);
    }
    run.entries.push(e);
  }
  return units;
}
