// createDemo: the whole demo scene in a world — components, the solar system, the fleet, the
// asteroid belt, systems in four phases, named queries and (with the monitor) alerts.
import { CachedQuery } from '../../shared/app';
import type { Entity, World } from '../../shared/ecs';
import { hasMonitor } from '../../shared/monitor';
import { namedQuery } from '../../shared/query';
import { createAsteroids, MAX_ASTEROIDS } from './asteroids';
import { registerComponents, type DemoIds } from './components';
import { defineDemoAlerts, type DemoAlerts } from './demo-alerts';
import { createFleet } from './fleet';
import { watchLabels } from './meta';
import { addMotionSystems } from './motion-systems';
import { defineDemoQueries, type DemoQueries } from './named-queries';
import { addOrbitSystems } from './orbit-systems';
import { createRng } from './rng';
import { createSolarSystem } from './solar-system';
import { addTravelSystems } from './travel-systems';
import { addWatchSystems } from './watch-systems';

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

/** A built demo scene. */
export interface Demo {
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
  /** The Renderables query, cached: what packFrame and metaMessage walk. */
  readonly renderables: CachedQuery;
}

function checkCount(what: string, value: number, max: number): number {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new RangeError(`createDemo: ${what} must be an integer from 0 to ${max}, got ${String(value)}; pass a whole number in that range`);
  }
  return value;
}

/** Builds the demo scene into `world` (which must not already hold one). */
export function createDemo(world: World, options: DemoOptions = {}): Demo {
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed)) throw new RangeError(`createDemo: seed must be an integer, got ${String(seed)}`);
  const asteroidCount = checkCount('asteroids', options.asteroids ?? 3000, MAX_ASTEROIDS);
  const shipCount = checkCount('ships', options.ships ?? 12, 1000);
  if (world.lookup('Sun') !== 0 || world.lookup('Position') !== 0) {
    throw new Error('createDemo: this world already has a Sun or a Position component; build the demo into a fresh World');
  }
  watchLabels(world);
  const rng = createRng(seed);
  const ids = registerComponents(world);
  const solar = createSolarSystem(world, ids, rng);
  const fleet = createFleet(world, ids, rng, shipCount, solar.planets);
  const belt = createAsteroids(world, ids, rng, asteroidCount);
  // Within a phase systems run in the order they are added: Travel steers before Move integrates.
  const systems: DemoSystems = {
    ...addOrbitSystems(world, ids),
    ...addTravelSystems(world, ids, solar.planets),
    ...addMotionSystems(world, ids, solar.sun),
    ...addWatchSystems(world, ids, solar.sun),
  };
  const queries = defineDemoQueries(world);
  const demo: Demo = {
    world, seed, ids, sun: solar.sun, planets: solar.planets, moons: solar.moons, spaceShip: fleet.prefab, ships: fleet.ships,
    asteroids: { count: asteroidCount, ...belt }, systems, queries, alerts: undefined,
    renderables: new CachedQuery(namedQuery(world, queries.Renderables)!.query),
  };
  if (options.alerts ?? hasMonitor(world)) defineDemoAlerts(demo);
  return demo;
}
