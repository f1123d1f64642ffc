// The monitor tests' world: one system that spawns entities and does "known work" by advancing
// the test's fake clock, run by a manual app with REST and the monitor.
import { App } from '../../src/shared/app';
import { World } from '../../src/shared/ecs';
import { addSystem } from '../../src/shared/pipeline';

/** What the Spawner system does in frame i (from 1): entities it spawns, milliseconds it works. */
export interface SpawnerOptions {
  spawn: (frame: number) => number;
  work: (frame: number) => number;
}

/** A world whose only system, each frame i (from 1), spawns `spawn(i)` tagged entities and works `work(i)` ms of `clock`. */
export function spawnerOn(clock: { ms: number }, opts: SpawnerOptions) {
  const world = new World();
  const Tag = world.tag('Spawned');
  const system = addSystem(world, 'Spawner', {
    run: (it) => {
      for (let k = 0; k < opts.spawn(it.frame); k++) world.add(world.entity(), Tag);
      clock.ms += opts.work(it.frame);
    },
  });
  const app = new App(world, { manual: true, enable_rest: true, enable_monitor: true });
  return { world, app, Tag, system };
}
