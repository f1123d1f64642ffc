// The demo's alerts (ecs.alerts): each watches a tag that a system keeps in step with the values
// (a query cannot compare numbers), so a user can raise and clear every one with PUT /set:
//   /set/Ship2?data={"Fuel":{"value":10}}   -> ShipLowOnFuel; {"value":0} -> ShipOutOfFuel
//   /set/<asteroid id>?data={"Position":{"x":60}} -> AsteroidLeftBelt
import { defineAlert } from '../../shared/monitor';
import type { Demo, DemoAlerts } from './demo-types';
import { LOW_FUEL_FRACTION } from './watch-systems';

/** Frames between checks of each alert (at 60 fps: ten times a second). */
export const ALERT_INTERVAL_FRAMES = 6;

/** Defines the demo's alerts at the root scope (idempotent); returns their entities. */
export function defineDemoAlerts(demo: Demo): DemoAlerts {
  if (demo.alerts) return demo.alerts;
  const w = demo.world, intervalFrames = ALERT_INTERVAL_FRAMES;
  demo.alerts = {
    ShipLowOnFuel: defineAlert(w, 'ShipLowOnFuel', {
      query: 'LowFuel, Fuel', severity: 'Warning', intervalFrames,
      message: '$this is low on fuel: {Fuel.value:1} of {Fuel.capacity:0} kg left',
      brief: `A ship with less than ${LOW_FUEL_FRACTION * 100}% of its fuel; it refuels when it reaches a planet`,
    }),
    ShipOutOfFuel: defineAlert(w, 'ShipOutOfFuel', {
      query: 'OutOfFuel', severity: 'Error', intervalFrames,
      message: '$this ran out of fuel and is drifting; set its Fuel.value to get it going again',
      brief: 'A ship with an empty tank: it cannot steer and drifts to a halt',
    }),
    AsteroidLeftBelt: defineAlert(w, 'AsteroidLeftBelt', {
      query: 'Asteroid, OutOfBelt, Position', severity: 'Info', intervalFrames,
      message: 'asteroid $name left the belt, now at ({Position.x:1}, {Position.y:1}, {Position.z:1})',
      brief: 'An asteroid outside the belt between Mars and Jupiter',
    }),
  };
  return demo.alerts;
}
