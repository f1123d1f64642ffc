// The model of the model-based fuzz: what the fuzz's own writes must have done to the world,
// small enough to predict every answer. It knows the planets (which the demo's systems never
// create, delete, enable or disable) and the probes the fuzz makes under the entity `Fuzz`
// (their enabled flag and Scale). Anything else in the world moves on its own and is only
// checked for being answered well, never for its values.

/** The demo's planets, all alive and enabled at the start. */
export const PLANETS = ['Sun.Mercury', 'Sun.Venus', 'Sun.Earth', 'Sun.Mars', 'Sun.Jupiter', 'Sun.Saturn', 'Sun.Uranus', 'Sun.Neptune'] as const;
/** The parent of every probe: made at the start, never deleted. */
export const PROBE_PARENT = 'Fuzz';
/** Probe names the fuzz uses (few, so commands meet the same entities often). */
export const PROBE_NAMES = ['P0', 'P1', 'P2', 'P3'] as const;
/** Scale values the fuzz writes: exact in 32 bits, so a read gives the same number back. */
export const SCALES = [0.5, 1, 2, 3] as const;

/** A planet or probe as the model knows it. */
export interface Known {
  enabled: boolean;
  /** The Scale a probe was given (undefined: none yet); planets keep theirs untracked. */
  scale?: number;
}

/** What the fuzz's writes must have left in the world. */
export interface FuzzModel {
  /** Planets alive now, by path, with their enabled flag. */
  readonly planets: Map<string, Known>;
  /** Probes alive now, by path (`Fuzz.P1`). */
  readonly probes: Map<string, Known>;
}

/** The model at the start of a run. */
export function initialModel(): FuzzModel {
  return { planets: new Map(PLANETS.map((p) => [p, { enabled: true }])), probes: new Map() };
}

/** The entity the model knows at `path`, if any. */
export function known(m: FuzzModel, path: string): Known | undefined {
  return m.planets.get(path) ?? m.probes.get(path);
}

/** Whether `path` names an entity that exists (the model's, or a demo entity the fuzz never deletes). */
export function exists(m: FuzzModel, path: string): boolean {
  return path === 'Sun' || path === PROBE_PARENT || known(m, path) !== undefined;
}

/** Enabled planets and probes: the counts of `Planet` and `(ChildOf, Fuzz)` queries. */
export function enabledCounts(m: FuzzModel): { planets: number; probes: number } {
  const count = (map: Map<string, Known>) => [...map.values()].filter((k) => k.enabled).length;
  return { planets: count(m.planets), probes: count(m.probes) };
}

/** Removes an entity and, for a planet, nothing else the model tracks (moons are not planets). */
export function forget(m: FuzzModel, path: string): void {
  m.planets.delete(path);
  m.probes.delete(path);
}

/** A query the fuzz sends, and whether it is valid. */
export interface FuzzQuery {
  readonly q?: string;
  readonly name?: string;
  readonly vars?: string;
  readonly valid: boolean;
  /** An entity its variables name: the query is refused once the fuzz deleted it. */
  readonly needs?: string;
}

/** Whether the host must answer `q` (rather than refuse it) in the world the model describes. */
export function answerable(m: FuzzModel, q: FuzzQuery): boolean {
  return q.valid && (q.needs === undefined || exists(m, q.needs));
}

/** Queries: valid ones over planets, probes and moving entities; malformed ones; a named query that does not exist. */
export const QUERIES: readonly FuzzQuery[] = [
  { q: 'Planet', valid: true },
  { q: `(ChildOf, ${PROBE_PARENT})`, valid: true },
  { q: `Scale, (ChildOf, ${PROBE_PARENT})`, valid: true },
  { q: 'Position, Velocity', valid: true },
  { q: 'Planet, !Moon, (ChildOf, $p)', valid: true },
  { name: 'Planets', valid: true },
  { name: 'ShipsHeadingTo', vars: 'planet:Sun.Earth', valid: true, needs: 'Sun.Earth' },
  { q: 'Position, Nope', valid: false },
  { q: 'Position, Velocity)', valid: false },
  { q: '((', valid: false },
  { name: 'NoSuchQuery', valid: false },
  { name: 'ShipsHeadingTo', vars: 'planet', valid: false },
];

/** Paths that never name an entity, or name one that cannot be changed. */
export const BAD_PATHS = ['Sun.Nowhere', 'ecs.core.World', '999999'] as const;
