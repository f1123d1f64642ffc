// Public exports of the demo simulation: the scene, its frame packing and meta messages.
export { createDemo } from './demo';
export type { Demo, DemoOptions, DemoSystems, DemoAlerts } from './demo-types';
export { SHAPE_NAMES, type DemoIds, type ShapeName } from './components';
export { defineDemoAlerts, ALERT_INTERVAL_FRAMES } from './demo-alerts';
export { RENDERABLES_EXPR, SHIPS_HEADING_TO_EXPR, type DemoQueries } from './named-queries';
export { packFrame, drawnEntities, type PackOptions } from './pack-frame';
export { metaMessage, metaVersion, DEFAULT_TITLE } from './meta';
export { createRng, type Rng } from './rng';
export { eulerToQuaternion } from './quaternion';
export { nextDestination } from './travel-systems';
export { LOW_FUEL_FRACTION } from './watch-systems';
export { PLANETS, BELT, BELT_MARGIN, SUN_GM, type PlanetSpec, type MoonSpec } from './catalogue';
export { MAX_ASTEROIDS } from './asteroids';
