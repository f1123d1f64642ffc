// What an alert remembers between checks, as a user sees it: how long an instance has been active
// (also when it was deleted by hand and came back), the count of active alerts as alerts are
// disabled or deleted, the entities a comparison picks out of a table, the checks' cadence and all
// of it carried by world images (a restored world raises the same alerts at the same times).
import { describe, expect, test } from 'vitest';
import { App } from '../../../../src/shared/app';
import { World, type Entity } from '../../../../src/shared/ecs';
import { activeAlerts, defineAlert, statsReply, type WorldStatsReply } from '../../../../src/shared/monitor';
import { pipelineOf } from '../../../../src/shared/pipeline';

/** Four ships in one table (fuel 80, 10, 90, 20) and a manual app with the monitor, stepped 1/60 s a frame. */
function fleet() {
  const world = new World();
  const Fuel = world.component('Fuel', { value: 'f32' });
  const Ship = world.tag('Ship');
  const ships = [80, 10, 90, 20].map((value, i) => {
    const e = world.entity(`Ship${i + 1}`);
    world.set(e, Fuel, { value });
    world.add(e, Ship);
    return e;
  });
  const app = new App(world, { manual: true, enable_monitor: true });
  const step = (n = 1) => { for (let i = 0; i < n; i++) app.step(1 / 60); };
  /** alerts.active_count of the newest frame. */
  const active = () => (statsReply(world, 'world', '1s') as WorldStatsReply)['alerts.active_count']!.avg[59];
  const Value = world.lookup('ecs.metrics.Value');
  /** Seconds the instance of `alert` about `source` has been active (its ecs.metrics.Value). */
  const activeFor = (alert: Entity, source: Entity) => {
    const Source = world.lookup('ecs.metrics.Source');
    const inst = world.childrenOf(alert).find((c) => (world.get(c, Source) as { entity: number }).entity === source)!;
    return (world.get(inst, Value) as { value: number }).value;
  };
  return { world, app, step, Fuel, Ship, ships, active, activeFor };
}

describe('which entities an alert reports', () => {
  test('a comparison picks rows out of one table: only those entities get instances', () => {
    const f = fleet();
    defineAlert(f.world, 'LowFuel', { query: 'Fuel.value < 50', message: '$name: {Fuel.value}', severity: 'Warning' });
    f.step();
    expect(f.ships.map((s) => activeAlerts(f.world, s).map((a) => a.message))).toEqual([[], ['Ship2: 10'], [], ['Ship4: 20']]);
  });

  test('every alert of several is checked, the first defined too', () => {
    const f = fleet();
    for (const name of ['A', 'B', 'C']) defineAlert(f.world, name, { query: 'Ship', message: name, severity: 'Info' });
    f.step();
    expect(activeAlerts(f.world, f.ships[0]!).map((a) => a.alert)).toEqual(['A', 'B', 'C']);
    expect(f.active()).toBe(12);
    // One checking system for all of them.
    expect(pipelineOf(f.world).list().filter((s) => f.world.nameOf(s.entity) === 'MonitorAlerts')).toHaveLength(1);
  });
});

describe('how long an instance has been active', () => {
  test('counts from the first check that matched; an instance deleted by hand comes back with its time', () => {
    const f = fleet();
    const alert = defineAlert(f.world, 'LowFuel', { query: 'Fuel.value < 50', message: '$name', severity: 'Warning' });
    f.step(31);
    expect(f.activeFor(alert, f.ships[1]!)).toBeCloseTo(30 / 60, 9);
    const first = f.world.childrenOf(alert)[0]!;
    f.world.delete(first);
    f.step();
    expect(f.world.childrenOf(alert)).toHaveLength(2);
    expect(f.activeFor(alert, f.ships[1]!)).toBeCloseTo(31 / 60, 9);
    expect(f.active()).toBe(2);
  });

  test('an entity that stops matching and matches again starts from 0', () => {
    const f = fleet();
    const alert = defineAlert(f.world, 'LowFuel', { query: 'Fuel.value < 50', message: '$name', severity: 'Warning' });
    f.step(10);
    f.world.set(f.ships[1]!, f.Fuel, { value: 60 });
    f.step();
    expect(f.active()).toBe(1);
    f.world.set(f.ships[1]!, f.Fuel, { value: 5 });
    f.step(4);
    expect(f.activeFor(alert, f.ships[1]!)).toBeCloseTo(3 / 60, 9);
  });
});

describe('messages', () => {
  test('an unchanged message is not written again; a changed one is', () => {
    const f = fleet();
    const alert = defineAlert(f.world, 'LowFuel', { query: 'Fuel.value < 50', message: '$name has {Fuel.value}', severity: 'Warning' });
    const Instance = f.world.lookup('ecs.alerts.Instance');
    f.step();
    const written = f.world.writtenAt(Instance);
    f.step(3);
    expect(f.world.writtenAt(Instance)).toBe(written);
    f.world.set(f.ships[1]!, f.Fuel, { value: 11 });
    f.step();
    expect(f.world.writtenAt(Instance)).toBeGreaterThan(written);
    expect(f.world.childrenOf(alert).map((i) => (f.world.get(i, Instance) as { message: string }).message).sort()).toEqual(['Ship2 has 11', 'Ship4 has 20']);
  });
});

describe('the count of active alerts', () => {
  test('drops to 0 while an alert is disabled and comes back when it is enabled', () => {
    const f = fleet();
    const alert = defineAlert(f.world, 'Ships', { query: 'Ship', message: '$name', severity: 'Info' });
    defineAlert(f.world, 'LowFuel', { query: 'Fuel.value < 50', message: '$name', severity: 'Warning' });
    f.step();
    expect(f.active()).toBe(6);
    f.world.disable(alert);
    f.step();
    expect(f.active()).toBe(2);
    f.world.enable(alert);
    f.step();
    expect(f.active()).toBe(6);
  });

  test('loses a deleted alert\'s instances; the deleted alert is listed for no entity, even before the next frame', () => {
    const f = fleet();
    const alert = defineAlert(f.world, 'Ships', { query: 'Ship', message: '$name', severity: 'Info' });
    defineAlert(f.world, 'LowFuel', { query: 'Fuel.value < 50', message: '$name', severity: 'Warning' });
    f.step();
    f.world.delete(alert);
    expect(activeAlerts(f.world, f.ships[1]!).map((a) => a.alert)).toEqual(['LowFuel']);
    f.step();
    expect(f.active()).toBe(2);
    f.step();
    expect(f.active()).toBe(2);
  });
});

describe('defining an alert', () => {
  test('intervalFrames: a whole number from 1 to 2^32 - 1', () => {
    const f = fleet();
    for (const bad of [1.5, -1, 2 ** 32, Number.NaN]) {
      expect(() => defineAlert(f.world, 'Bad', { query: 'Ship', message: 'x', severity: 'Info', intervalFrames: bad }), String(bad))
        .toThrow(`alert 'Bad': intervalFrames must be a whole number of frames from 1, got ${String(bad)}`);
    }
    const rare = defineAlert(f.world, 'Rare', { query: 'Ship', message: 'x', severity: 'Info', intervalFrames: 2 ** 32 - 1 });
    expect(f.world.get(rare, f.world.lookup('ecs.alerts.Alert'))).toMatchObject({ interval_frames: 2 ** 32 - 1 });
  });

  test('its brief and its severity tag are on the alert entity', () => {
    const f = fleet();
    const alert = defineAlert(f.world, 'Low', { query: 'Ship', message: 'x', severity: 'Warning', brief: 'Ships low on fuel' });
    expect(f.world.doc(alert, 'brief')).toBe('Ships low on fuel');
    expect(f.world.typeOf(alert).map((id) => f.world.idText(id))).toContain('ecs.alerts.Warning');
    const plain = defineAlert(f.world, 'Plain', { query: 'Ship', message: 'x', severity: 'Info' });
    expect(f.world.doc(plain, 'brief')).toBeUndefined();
  });
});

describe('alerts in world images', () => {
  test('a restored world has the instances, times, count and check cadence of its image', () => {
    const f = fleet();
    const alert = defineAlert(f.world, 'LowFuel', { query: 'Fuel.value < 50', message: '$name: {Fuel.value}', severity: 'Warning', intervalFrames: 4 });
    f.step(6);                                    // checks at frames 1 and 5
    const image = f.world.snapshot();
    const at = f.activeFor(alert, f.ships[1]!);
    expect(at).toBeCloseTo(4 / 60, 9);

    // Afterwards: Ship2 stops matching, Ship1 starts, and the checks go on.
    f.world.set(f.ships[1]!, f.Fuel, { value: 70 });
    f.world.set(f.ships[0]!, f.Fuel, { value: 1 });
    f.step(4);
    expect(activeAlerts(f.world, f.ships[1]!)).toEqual([]);
    expect(activeAlerts(f.world, f.ships[0]!)).toHaveLength(1);

    f.world.restore(image);
    expect(activeAlerts(f.world, f.ships[1]!)).toEqual([{ alert: 'LowFuel', message: 'Ship2: 10', severity: 'Warning' }]);
    expect(activeAlerts(f.world, f.ships[0]!)).toEqual([]);
    expect(f.activeFor(alert, f.ships[1]!)).toBe(at);
    // The next check is 3 frames on (frame 9), as it was when the image was taken.
    f.world.set(f.ships[3]!, f.Fuel, { value: 70 });
    f.step(2);
    expect(activeAlerts(f.world, f.ships[3]!)).toHaveLength(1);
    f.step();
    expect(activeAlerts(f.world, f.ships[3]!)).toEqual([]);
    expect(f.activeFor(alert, f.ships[1]!)).toBeCloseTo(8 / 60, 9);
    expect(f.active()).toBe(1);
  });

  test('each alert gets its own state back: two alerts with different cadences and matches', () => {
    const f = fleet();
    const low = defineAlert(f.world, 'LowFuel', { query: 'Fuel.value < 50', message: '$name', severity: 'Warning', intervalFrames: 5 });
    const full = defineAlert(f.world, 'Full', { query: 'Fuel.value > 85', message: '$name', severity: 'Info', intervalFrames: 2 });
    f.step(3);                                    // LowFuel checked at frame 1, Full at 1 and 3
    const image = f.world.snapshot();
    f.world.set(f.ships[0]!, f.Fuel, { value: 86 });
    f.world.set(f.ships[1]!, f.Fuel, { value: 60 });
    f.step(4);
    f.world.restore(image);
    expect(f.world.childrenOf(low).length + f.world.childrenOf(full).length).toBe(3);
    expect(activeAlerts(f.world, f.ships[2]!).map((a) => a.alert)).toEqual(['Full']);
    expect(activeAlerts(f.world, f.ships[1]!).map((a) => a.alert)).toEqual(['LowFuel']);
    // Full is next checked at frame 5, LowFuel at frame 6, as when the image was taken.
    f.world.set(f.ships[0]!, f.Fuel, { value: 86 });
    f.world.set(f.ships[1]!, f.Fuel, { value: 60 });
    f.step();
    expect(activeAlerts(f.world, f.ships[0]!)).toEqual([]);
    f.step();
    expect(activeAlerts(f.world, f.ships[0]!).map((a) => a.alert)).toEqual(['Full']);
    expect(activeAlerts(f.world, f.ships[1]!).map((a) => a.alert)).toEqual(['LowFuel']);
    f.step();
    expect(activeAlerts(f.world, f.ships[1]!)).toEqual([]);
  });

  test('an alert defined after the image is gone, with its instances and their count, once the image is restored', () => {
    const f = fleet();
    f.step();
    const image = f.world.snapshot();
    const alert = defineAlert(f.world, 'Ships', { query: 'Ship', message: '$name', severity: 'Info', intervalFrames: 3 });
    f.step(2);
    expect(activeAlerts(f.world, f.ships[0]!)).toHaveLength(1);
    f.world.restore(image);
    // The image has neither the alert nor its instances.
    expect(f.world.isAlive(alert)).toBe(false);
    expect(activeAlerts(f.world, f.ships[0]!)).toEqual([]);
    f.step();
    expect(f.active()).toBe(0);
    expect(f.world.lookup('Ships')).toBe(0);
  });
});
