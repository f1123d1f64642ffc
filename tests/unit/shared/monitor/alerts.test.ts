import { describe, expect, test } from 'vitest';
import { App } from '../../../../src/shared/app';
import { pipelineOf } from '../../../../src/shared/pipeline';
import { World, type Entity } from '../../../../src/shared/ecs';
import { activeAlerts, defineAlert, importAlerts, TemplateError, statsReply, type WorldStatsReply } from '../../../../src/shared/monitor';
import { compileQuery, QueryParseError } from '../../../../src/shared/query';

/** A small fleet: ships with Fuel, a Docked tag, and an app with the monitor. */
function fleet() {
  const world = new World();
  const Fuel = world.component('Fuel', { value: 'f32', kind: { enum: ['Ion', 'Chemical'] }, full: 'bool' });
  const Target = world.component('Target', { planet: 'entity' });
  const Docked = world.tag('Docked');
  const Ship = world.tag('Ship');
  const scope = world.entity('Fleet');
  const mars = world.entity('Mars');
  const ship = (name: string, value: number): Entity => {
    const e = world.entity({ name, parent: scope });
    world.set(e, Fuel, { value, kind: 'Chemical' });
    world.add(e, Ship);
    return e;
  };
  const ship1 = ship('Ship1', 12.375), ship2 = ship('Ship2', 80);
  world.add(ship2, Docked);
  world.set(ship1, Target, { planet: mars });
  const app = new App(world, { manual: true, enable_monitor: true });
  const step = (n = 1) => { for (let i = 0; i < n; i++) app.step(1 / 60); };
  return { world, app, step, Fuel, Target, Docked, Ship, ship1, ship2, mars };
}

const instancesOf = (world: World, alert: Entity) => world.childrenOf(alert);

describe('alert instances follow the entities that match', () => {
  test('an entity gets an instance when it starts matching and loses it when it stops', () => {
    const f = fleet();
    const alert = defineAlert(f.world, 'Undocked', { query: 'Ship, !Docked', message: '$this is not docked', severity: 'Warning' });
    expect(activeAlerts(f.world, f.ship1)).toEqual([]);
    f.step();
    expect(activeAlerts(f.world, f.ship1)).toEqual([{ alert: 'Undocked', message: 'Fleet.Ship1 is not docked', severity: 'Warning' }]);
    expect(activeAlerts(f.world, f.ship2)).toEqual([]);

    f.world.remove(f.ship2, f.Docked);
    f.world.add(f.ship1, f.Docked);
    f.step();
    expect(activeAlerts(f.world, f.ship1)).toEqual([]);
    expect(activeAlerts(f.world, f.ship2)).toEqual([{ alert: 'Undocked', message: 'Fleet.Ship2 is not docked', severity: 'Warning' }]);
    expect(instancesOf(f.world, alert)).toHaveLength(1);
  });

  test('instances are shaped as the reference\'s: found by the query its explorer sends', () => {
    const f = fleet();
    const alert = defineAlert(f.world, 'Undocked', { query: 'Ship, !Docked', message: '$name is adrift', severity: 'Error' });
    f.step(3);
    const q = compileQuery(f.world, 'ecs.metrics.Source, ecs.alerts.Instance, ecs.metrics.Value, $Severity(), (ChildOf, $Alert), (ecs.alerts.Alert, $Severity), ?Disabled');
    const rs = q.results();
    expect(rs).toHaveLength(1);
    const r = rs[0]!;
    expect(f.world.pathOf(r.vars[q.varIndex('Severity')]!)).toBe('ecs.alerts.Error');
    expect(r.vars[q.varIndex('Alert')]).toBe(alert);
    expect(f.world.idPath(r.ids[3]!)).toEqual(['ecs.alerts.Error']);
    expect(r.isSet).toEqual([true, true, true, true, true, true, false]);
    const instance = r.table!.entities[r.rows ? r.rows[0]! : 0]!;
    expect(f.world.get(instance, f.world.lookup('ecs.metrics.Source'))).toEqual({ entity: f.ship1 });
    // Active since the first check: the time of two more frames.
    expect((f.world.get(instance, f.world.lookup('ecs.metrics.Value')) as { value: number }).value).toBeCloseTo(2 / 60, 6);
    // The pair is a tag: the alert entities keep their Alert data.
    expect(f.world.dataOf(f.world.pair(f.world.lookup('ecs.alerts.Alert'), f.world.lookup('ecs.alerts.Error')))).toBeUndefined();
  });

  test('instances are child entities with an ecs.alerts.Instance component, found by a query', () => {
    const f = fleet();
    const alert = defineAlert(f.world, 'Undocked', { query: 'Ship, !Docked', message: '$name is adrift', severity: 'Error' });
    f.step();
    const Instance = f.world.lookup('ecs.alerts.Instance');
    const found = compileQuery(f.world, 'ecs.alerts.Instance').entities();
    expect(found).toHaveLength(1);
    expect(f.world.parentOf(found[0]!)).toBe(alert);
    expect(f.world.get(found[0]!, Instance)).toEqual({ message: 'Ship1 is adrift' });
    // The alert itself is queryable too, with its definition and a severity tag.
    expect(compileQuery(f.world, 'ecs.alerts.Alert, ecs.alerts.Error').entities()).toEqual([alert]);
    expect(f.world.get(alert, f.world.lookup('ecs.alerts.Alert'))).toEqual({ query: 'Ship, !Docked', message: '$name is adrift', severity: 'Error', interval_frames: 1 });
  });

  test('a deleted source loses its instance; the count of active alerts follows', () => {
    const f = fleet();
    const alert = defineAlert(f.world, 'Ships', { query: 'Ship', message: '$name', severity: 'Info' });
    f.step();
    const active = () => (statsReply(f.world, 'world', '1s') as WorldStatsReply)['alerts.active_count']!.avg[59];
    expect(active()).toBe(2);
    f.world.delete(f.ship1);
    f.step();
    expect(instancesOf(f.world, alert)).toHaveLength(1);
    expect(active()).toBe(1);
    expect(activeAlerts(f.world, f.ship2)).toEqual([{ alert: 'Ships', message: 'Ship2', severity: 'Info' }]);
  });

  test('a disabled alert has no instances; a deleted alert is forgotten with its instances', () => {
    const f = fleet();
    const alert = defineAlert(f.world, 'Ships', { query: 'Ship', message: '$name', severity: 'Info' });
    f.step();
    f.world.disable(alert);
    f.step();
    expect(instancesOf(f.world, alert)).toHaveLength(0);
    expect(activeAlerts(f.world, f.ship1)).toEqual([]);
    f.world.enable(alert);
    f.step();
    expect(instancesOf(f.world, alert)).toHaveLength(2);
    f.world.delete(alert);
    f.step(3);
    expect(activeAlerts(f.world, f.ship1)).toEqual([]);
    expect(compileQuery(f.world, 'ecs.alerts.Instance').entities()).toEqual([]);
  });

  test('an instance deleted by hand comes back while its source still matches', () => {
    const f = fleet();
    const alert = defineAlert(f.world, 'Ships', { query: 'Ship, !Docked', message: '$name', severity: 'Info' });
    f.step();
    f.world.delete(instancesOf(f.world, alert)[0]!);
    f.step();
    expect(instancesOf(f.world, alert)).toHaveLength(1);
    expect(activeAlerts(f.world, f.ship1)).toHaveLength(1);
  });

  test('intervalFrames: checked on the first frame, then every n frames', () => {
    const f = fleet();
    defineAlert(f.world, 'Undocked', { query: 'Ship, !Docked', message: '$name', severity: 'Warning', intervalFrames: 3 });
    f.step();                                      // frame 1: checked
    expect(activeAlerts(f.world, f.ship1)).toHaveLength(1);
    f.world.remove(f.ship2, f.Docked);
    f.step(2);                                     // frames 2, 3: not checked
    expect(activeAlerts(f.world, f.ship2)).toEqual([]);
    f.step();                                      // frame 4: checked
    expect(activeAlerts(f.world, f.ship2)).toHaveLength(1);
  });

  test('an entity matched by several alerts lists each', () => {
    const f = fleet();
    defineAlert(f.world, 'A', { query: 'Ship', message: 'a', severity: 'Info' });
    defineAlert(f.world, 'B', { query: 'Fuel', message: 'b', severity: 'Error', parent: f.world.entity('Checks') });
    f.step();
    expect(activeAlerts(f.world, f.ship1)).toEqual([
      { alert: 'A', message: 'a', severity: 'Info' },
      { alert: 'Checks.B', message: 'b', severity: 'Error' },
    ]);
  });
});

describe('messages', () => {
  test('render the entity and member values; they update when the values change', () => {
    const f = fleet();
    const alert = defineAlert(f.world, 'FuelCheck', {
      query: 'Ship, !Docked',
      message: '$this ($name): {Fuel.value:1} left ({Fuel.value}, {Fuel.kind}, full={Fuel.full}) bound for {Target.planet} {{ok}}',
      severity: 'Warning',
    });
    f.step();
    expect(activeAlerts(f.world, f.ship1)[0]!.message).toBe('Fleet.Ship1 (Ship1): 12.4 left (12.375, Chemical, full=false) bound for Mars {ok}');
    const instance = instancesOf(f.world, alert)[0]!;
    f.world.set(f.ship1, f.Fuel, { value: 0.1, full: true });
    f.step();
    expect(activeAlerts(f.world, f.ship1)[0]!.message).toBe('Fleet.Ship1 (Ship1): 0.1 left (0.1, Chemical, full=true) bound for Mars {ok}');
    expect(instancesOf(f.world, alert)).toEqual([instance]);
    expect((f.world.get(instance, f.world.lookup('ecs.alerts.Instance')) as { message: string }).message).toContain('0.1 left');
  });

  test('a member of a component the entity lacks renders as ?', () => {
    const f = fleet();
    f.world.remove(f.ship2, f.Docked);
    defineAlert(f.world, 'Bound', { query: 'Ship', message: '$name -> {Target.planet}', severity: 'Info' });
    f.step();
    expect(activeAlerts(f.world, f.ship2)[0]!.message).toBe('Ship2 -> ?');
  });
});

describe('defining an alert checks everything first', () => {
  const cases: [string, Parameters<typeof defineAlert>[2], RegExp, (new (...a: never[]) => Error)?][] = [
    ['unknown member', { query: 'Ship', message: '{Fuel.valu}', severity: 'Info' }, /Fuel has no member 'valu'; its members are value, kind, full/, TemplateError],
    ['unknown component', { query: 'Ship', message: '{Nope.x}', severity: 'Info' }, /names no component member: write \{Component.member\}/, TemplateError],
    ['unclosed brace', { query: 'Ship', message: 'low {Fuel.value', severity: 'Info' }, /unclosed '\{' at position 4/, TemplateError],
    ['stray brace', { query: 'Ship', message: 'low }', severity: 'Info' }, /unmatched '\}' at position 4/, TemplateError],
    ['severity', { query: 'Ship', message: 'x', severity: 'Fatal' as never }, /unknown severity "Fatal"; use one of Info, Warning, Error/],
    ['interval', { query: 'Ship', message: 'x', severity: 'Info', intervalFrames: 0 }, /intervalFrames must be a whole number of frames from 1, got 0/],
    ['query syntax', { query: '(Ship', message: 'x', severity: 'Info' }, /./, QueryParseError],
    ['no $this', { query: 'Ship(Fleet)', message: 'x', severity: 'Info' }, /has no \$this entities/],
  ];
  test.each(cases)('%s', (_name, options, message, type) => {
    const f = fleet();
    const tables = f.world.tables.size, alive = f.world.entities.aliveCount;
    let error: unknown;
    try { defineAlert(f.world, 'Bad', options); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(type ?? Error);
    expect((error as Error).message).toMatch(message);
    expect(f.world.lookup('Bad')).toBe(0);
    expect(f.world.entities.aliveCount).toBe(alive);
    expect(f.world.tables.size).toBe(tables);
  });
});

describe('the ecs.alerts module', () => {
  test('is imported once, is built in, and adds its system with the first alert', () => {
    const world = new World();
    const ids = importAlerts(world);
    expect(importAlerts(world)).toEqual(ids);
    for (const path of ['ecs.alerts', 'ecs.alerts.Alert', 'ecs.alerts.Instance', 'ecs.alerts.Info', 'ecs.alerts.Warning', 'ecs.alerts.Error', 'ecs.metrics.Source', 'ecs.metrics.Value']) {
      expect(world.builtin.has(world.lookup(path) >>> 0)).toBe(true);
    }
    expect(world.lookup('ecs.alerts.MonitorAlerts')).toBe(0);
    world.tag('Ship');
    defineAlert(world, 'Ships', { query: 'Ship', message: 'x', severity: 'Info' });
    const system = world.lookup('ecs.alerts.MonitorAlerts');
    expect(pipelineOf(world).list().map((s) => s.entity)).toContain(system);
    expect(world.builtin.has(system >>> 0)).toBe(true);
  });

  test('every entity of ecs.alerts and ecs.metrics has a brief (the explorer shows it)', () => {
    const world = new World();
    world.tag('Ship');
    defineAlert(world, 'Ships', { query: 'Ship', message: 'x', severity: 'Info' });
    const all = (e: number): number[] => [e, ...world.childrenOf(e).flatMap(all)];
    const entities = [...all(world.lookup('ecs.alerts')), ...all(world.lookup('ecs.metrics'))];
    expect(entities.length).toBeGreaterThanOrEqual(14);
    for (const e of entities) expect(world.doc(e, 'brief') ?? '', world.pathOf(e)).toMatch(/^[A-Z].{10,}/);
    expect(world.doc(world.lookup('ecs.alerts.Warning'), 'brief')).toBe('Severity of alerts: Warning');
  });

  test('a world without the module lists no active alerts for any entity', () => {
    const world = new World();
    expect(activeAlerts(world, world.entity('Ship'))).toEqual([]);
  });
});
