// createDemo: the whole demo scene in a world — components, the solar system, the fleet, the
// asteroid belt, systems in four phases, named queries and (with the monitor) alerts.
import type { World } from '../../shared/ecs';
import { CachedQuery } from '../../shared/pipeline';
import { hasMonitor } from '../../shared/monitor';
import { namedQuery } from '../../shared/query';
import { watchLabels } from '../frames';
import { createAsteroids, MAX_ASTEROIDS } from './asteroids';
import { registerComponents } from './components';
import { defineDemoAlerts } from './demo-alerts';
import type { Demo, DemoOptions, DemoSystems } from './demo-types';
import { createFleet } from './fleet';
import { addMotionSystems } from './motion-systems';
import { defineDemoQueries } from './named-queries';
import { addOrbitSystems } from './orbit-systems';
import { createRng } from './rng';
import { createSolarSystem } from './solar-system';
import { addTravelSystems } from './travel-systems';
import { addWatchSystems } from './watch-systems';

/** Title of the viewport's names message when the World has no doc name. */
export const DEFAULT_TITLE = 'Solar system demo';

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
    renderables: new CachedQuery(namedQuery(world, queries.Renderables)!.query), emissiveTag: ids.Star, defaultTitle: DEFAULT_TITLE,
  };
  if (options.alerts ?? hasMonitor(world)) defineDemoAlerts(demo);
  return demo;
}
