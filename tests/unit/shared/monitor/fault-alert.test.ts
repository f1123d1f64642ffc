// ecs.alerts.SystemFailed: a system that throws is disabled and reported by this alert, with its
// error, until it is enabled again; faults of other parts raise no alert, and a world whose systems
// never fail has no such alert at all.
import { describe, expect, test } from 'vitest';
import { App } from '../../../../src/shared/app';
import { World } from '../../../../src/shared/ecs';
import { activeAlerts, importMonitor } from '../../../../src/shared/monitor';
import { addSystem, faultsOf } from '../../../../src/shared/pipeline';

const MESSAGE = (path: string, error: string) => `system ${path} threw and was disabled: ${error}. Fix it, then enable it again (PUT /enable/<its path>)`;

/** A monitored world with a system under Game that throws while `broken` says so, and one that never does. */
function game() {
  const world = new World();
  const logged: string[] = [];
  faultsOf(world).log = (line) => { logged.push(line); };
  const app = new App(world, { manual: true, enable_monitor: true });
  const state = { broken: true };
  const scope = world.entity('Game');
  const exploder = addSystem(world, 'Exploder', { parent: scope, run: () => { if (state.broken) throw new Error('boom in Exploder'); } });
  const steady = addSystem(world, 'Steady', { run: () => undefined });
  const step = (n = 1) => { for (let i = 0; i < n; i++) app.step(1 / 60); };
  return { world, app, state, exploder, steady, step, logged };
}

describe('ecs.alerts.SystemFailed', () => {
  test('a system that threw is reported with its path and error until it is enabled again', () => {
    const g = game();
    expect(g.world.lookup('ecs.alerts.SystemFailed')).toBe(0);
    g.step();                 // Exploder throws and is disabled
    g.step();                 // the alerts check: the disabled system matches
    const alert = g.world.lookup('ecs.alerts.SystemFailed');
    expect(alert).not.toBe(0);
    expect(g.world.parentOf(alert)).toBe(g.world.lookup('ecs.alerts'));
    expect(g.world.builtin.has(alert >>> 0)).toBe(true);
    expect(g.world.doc(alert, 'brief')).toBe('A system that threw: the pipeline disabled it, the frames went on');
    expect(activeAlerts(g.world, g.exploder)).toEqual([{ alert: 'ecs.alerts.SystemFailed', severity: 'Error', message: MESSAGE('Game.Exploder', 'boom in Exploder') }]);
    expect(activeAlerts(g.world, g.steady)).toEqual([]);

    g.state.broken = false;
    g.world.enable(g.exploder);
    g.step(2);
    expect(activeAlerts(g.world, g.exploder)).toEqual([]);
    expect(g.world.childrenOf(alert)).toEqual([]);
  });

  test('one alert for every failed system: a second failure adds an instance, not a second alert', () => {
    const g = game();
    g.step(2);
    let calls = 0;
    const other = addSystem(g.world, 'Other', { run: () => { calls++; throw new Error('other broke'); } });
    g.step(2);
    expect(calls).toBe(1);
    const alert = g.world.lookup('ecs.alerts.SystemFailed');
    expect(g.world.childrenOf(alert)).toHaveLength(2);
    expect(activeAlerts(g.world, other)).toEqual([{ alert: 'ecs.alerts.SystemFailed', severity: 'Error', message: MESSAGE('Other', 'other broke') }]);
    expect(activeAlerts(g.world, g.exploder)).toHaveLength(1);
    // The second failure did not try to define the alert again (which would fail in the listener, logged).
    expect(g.logged.filter((l) => !l.startsWith('ecs-live: system '))).toEqual([]);
    expect(g.logged).toHaveLength(2);
  });

  test('faults of other parts (a frame hook, a watch, a request) raise no alert', () => {
    const g = game();
    g.state.broken = false;
    for (const kind of ['frame_hook', 'watch', 'stream', 'request', 'mcp'] as const) faultsOf(g.world).report(kind, `a ${kind}`, new Error('x'));
    g.step(3);
    expect(faultsOf(g.world).count).toBe(5);
    expect(g.world.lookup('ecs.alerts.SystemFailed')).toBe(0);
    // A system's fault after them still defines it.
    g.state.broken = true;
    g.step(2);
    expect(activeAlerts(g.world, g.exploder)).toHaveLength(1);
    // No fault, before or after, made the listener try to define the alert in vain.
    for (const kind of ['watch', 'request'] as const) faultsOf(g.world).report(kind, `a ${kind}`, new Error('x'));
    expect(g.logged.filter((l) => l.includes('listener'))).toEqual([]);
  });

  test('a system that failed before the monitor was imported is reported once it is', () => {
    const world = new World();
    faultsOf(world).log = () => undefined;
    const app = new App(world, { manual: true });
    const broken = addSystem(world, 'Broken', { run: () => { throw new Error('early'); } });
    app.step(1 / 60);
    expect(world.isEnabled(broken)).toBe(false);
    importMonitor(world, app);
    app.step(1 / 60);
    expect(activeAlerts(world, broken)).toEqual([{ alert: 'ecs.alerts.SystemFailed', severity: 'Error', message: MESSAGE('Broken', 'early') }]);
  });
});
