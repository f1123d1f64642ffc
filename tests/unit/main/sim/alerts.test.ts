// The demo's alerts, raised and cleared the way a user would through PUT /set (world.set here).
import { describe, expect, test } from 'vitest';
import { App } from '../../../../src/shared/app';
import { World } from '../../../../src/shared/ecs';
import { activeAlerts, importMonitor } from '../../../../src/shared/monitor';
import { compileQuery } from '../../../../src/shared/query';
import { ALERT_INTERVAL_FRAMES, createDemo, defineDemoAlerts, type Demo } from '../../../../src/main/sim';
import { step } from './helpers';

function monitoredDemo(): Demo {
  const world = new World();
  importMonitor(world, new App(world, { manual: true }));
  return createDemo(world, { asteroids: 200 });
}

/** Enough frames for the watch systems to react and every alert to be checked. */
const settle = (d: Demo) => step(d, ALERT_INTERVAL_FRAMES + 1);

describe('demo alerts', () => {
  test('are defined when the monitor is imported, and on request otherwise', () => {
    const d = monitoredDemo();
    expect(d.alerts).toBeDefined();
    expect(d.world.pathOf(d.alerts!.ShipLowOnFuel)).toBe('ShipLowOnFuel');
    const plain = createDemo(new World(), { asteroids: 0 });
    expect(plain.alerts).toBeUndefined();
    const alerts = defineDemoAlerts(plain);
    expect(defineDemoAlerts(plain)).toBe(alerts);
    expect(plain.world.lookup('ShipOutOfFuel')).toBe(alerts.ShipOutOfFuel);
  });

  test('none is active in the scene as built', () => {
    const d = monitoredDemo();
    step(d, 120);
    expect(compileQuery(d.world, 'ecs.alerts.Instance').count()).toBe(0);
  });

  test('a ship low on fuel raises a warning that names it and clears once refuelled', () => {
    const d = monitoredDemo();
    const w = d.world, ship = d.ships[1]!;
    w.set(ship, d.ids.Fuel, { value: 10 });
    settle(d);
    const active = activeAlerts(w, ship);
    expect(active).toHaveLength(1);
    expect(active[0]!.alert).toBe('ShipLowOnFuel');
    expect(active[0]!.severity).toBe('Warning');
    expect(active[0]!.message).toMatch(/^Ship2 is low on fuel: \d+\.\d of 100 kg left$/);
    // Active instances are entities too: the explorer lists them with a query.
    expect(compileQuery(w, 'ecs.alerts.Instance').count()).toBe(1);
    w.set(ship, d.ids.Fuel, { value: 100 });
    settle(d);
    expect(activeAlerts(w, ship)).toEqual([]);
    expect(compileQuery(w, 'ecs.alerts.Instance').count()).toBe(0);
  });

  test('an empty tank is an error; an asteroid out of the belt is reported with its position', () => {
    const d = monitoredDemo();
    const w = d.world, ship = d.ships[4]!, rock = d.asteroids.last;
    w.set(ship, d.ids.Fuel, { value: 0 });
    w.set(rock, d.ids.Position, { x: 60, y: 0, z: 0 });
    settle(d);
    expect(activeAlerts(w, ship).map((a) => [a.alert, a.severity])).toEqual([['ShipOutOfFuel', 'Error']]);
    const [stray] = activeAlerts(w, rock);
    expect(stray!.severity).toBe('Info');
    expect(stray!.message).toMatch(new RegExp(`^asteroid ${rock} left the belt, now at \\(\\d+\\.\\d, -?\\d+\\.\\d, -?\\d+\\.\\d\\)$`));
    w.set(ship, d.ids.Fuel, { value: 50 });
    w.setMany(rock, [{ id: d.ids.Position, value: { x: 25, y: 0, z: 0 } }, { id: d.ids.Velocity, value: { x: 0, y: 0, z: 2 } }]);
    settle(d);
    expect(activeAlerts(w, ship)).toEqual([]);
    expect(activeAlerts(w, rock)).toEqual([]);
  });
});
