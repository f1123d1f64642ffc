// The shape of a built demo scene and of createDemo's options, apart from createDemo so that the
// parts that read a scene (alerts) need not import the code that builds it.
import type { Entity, World } from '../../shared/ecs';
import type { CachedQuery } from '../../shared/pipeline';
import type { DrawnScene } from '../frames';
import type { DemoIds } from './components';
import type { DemoQueries } from './named-queries';

/** Options of createDemo. */
export interface DemoOptions {
  /** Seed of the scene's random generator (default 1); the same seed builds the same scene. */
  seed?: number;
  /** Number of anonymous asteroids in the belt (default 3000, at most 1,000,000). */
  asteroids?: number;
  /** Number of ships Ship1… (default 12, at most 1000). */
  ships?: number;
  /** Define the demo's alerts (default: when the monitor module is already imported). */
  alerts?: boolean;
}

/** The systems of the demo, by name, in run order. */
export interface DemoSystems {
  readonly OrbitPlanets: Entity; readonly OrbitMoons: Entity;
  readonly Travel: Entity; readonly Gravity: Entity; readonly Move: Entity; readonly Rotate: Entity;
  readonly Dock: Entity; readonly FuelGauge: Entity; readonly BeltWatch: Entity;
}

/** A built demo scene; as a DrawnScene its Star glows and its Renderables query is what frames draw. */
export interface Demo extends DrawnScene {
  readonly world: World;
  readonly seed: number;
  /** Component and tag ids. */
  readonly ids: DemoIds;
  readonly sun: Entity;
  /** Planets, innermost first (also the ships' route). */
  readonly planets: readonly Entity[];
  readonly moons: readonly Entity[];
  /** The SpaceShip prefab. */
  readonly spaceShip: Entity;
  /** Ship1…ShipN. */
  readonly ships: readonly Entity[];
  /** The Belt (parent of every asteroid), the number of asteroids, and the first and last of them (0 when none). */
  readonly asteroids: { readonly belt: Entity; readonly count: number; readonly first: Entity; readonly last: Entity };
  readonly systems: DemoSystems;
  readonly queries: DemoQueries;
  /** Alert entities, once defined (see defineDemoAlerts). */
  alerts: DemoAlerts | undefined;
  /** The Renderables query (RENDERABLES_EXPR), cached: what packFrame and metaMessage walk. */
  readonly renderables: CachedQuery;
}

/** Alert entities of the demo. */
export interface DemoAlerts {
  /** Warning: a ship with less than 20% fuel. */ readonly ShipLowOnFuel: Entity;
  /** Error: a ship with an empty tank. */ readonly ShipOutOfFuel: Entity;
  /** Info: an asteroid outside the belt. */ readonly AsteroidLeftBelt: Entity;
}
