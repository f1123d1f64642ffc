// Time control as data: the ecs.app.TimeControl component on the World entity (ecs.core.World)
// pauses, single-steps and scales the simulation. Any REST client sets it with PUT /set and reads
// it with GET /entity; the app runner reads it at the start of every frame.
import { markBuiltinTree, type Entity, type ValueRange, type World } from '../ecs';

/** Members of ecs.app.TimeControl. */
export interface TimeControlValue {
  /** True: frames keep running (stats, REST, watches) but the systems do not (default false). */
  paused: boolean;
  /** Simulation ticks still to run while paused; each frame runs one and counts it down; a resume sets it to 0 (default 0). */
  step: number;
  /** Factor on the simulated time of a frame, e.g. 0.5 for half speed (default 1; TIME_SCALE_RANGE). */
  time_scale: number;
}

/** The values time_scale takes, inclusive: a write outside them is refused with a 400 naming them. */
export const TIME_SCALE_RANGE: ValueRange = [0, 16];

/** Creates the ecs.app module and its TimeControl component, set on the World entity with defaults. */
export function createTimeControl(world: World): Entity {
  const c = world.core;
  let module = world.lookup('ecs.app');
  if (module === 0) {
    module = world.entity({ name: 'app', parent: c.ecs });
    world.add(module, c.Module);
    world.setDoc(module, 'brief', 'The app runner: frame rate and time control');
  }
  const existing = world.lookup('ecs.app.TimeControl');
  if (existing !== 0) return existing;
  const TimeControl = world.component('TimeControl', {
    paused: { type: 'bool', default: false },
    step: { type: 'u32', default: 0 },
    time_scale: { type: 'f32', default: 1, range: TIME_SCALE_RANGE },
  }, { parent: module, brief: `Pause (frames go on, systems stop), step N ticks while paused, and scale simulated time (${TIME_SCALE_RANGE[0]} to ${TIME_SCALE_RANGE[1]}); set it on ecs.core.World` });
  markBuiltinTree(world, module);
  world.worldSettings.add(TimeControl);
  world.set(c.World, TimeControl, {});
  // Steps are for a paused world: a resume drops the steps not yet run, so a later pause does not
  // simulate them. Done on every write (REST, MCP, the explorer), before any frame reads it.
  world.observe(TimeControl, 'set', (e) => {
    if (e !== c.World) return;
    const tc = world.get<TimeControlValue>(c.World, TimeControl);
    if (tc !== undefined && !tc.paused && tc.step !== 0) world.set(c.World, TimeControl, { step: 0 });
  });
  return TimeControl;
}

/** What the next frame should simulate: whether systems run, and the factor on its delta time. */
export interface TickPlan {
  /** Run the systems this frame. */
  run: boolean;
  /** Factor on delta time: time_scale, which every write keeps inside TIME_SCALE_RANGE. */
  scale: number;
  /** True when this tick is one of a paused world's steps (it then counts the step down). */
  stepping: boolean;
}

/** Reads TimeControl for one frame; a paused world with steps left runs one tick and counts it down. */
export function planTick(world: World, TimeControl: Entity): TickPlan {
  const tc = world.get<TimeControlValue>(world.core.World, TimeControl);
  if (tc === undefined) return { run: true, scale: 1, stepping: false };
  const scale = tc.time_scale;
  if (!tc.paused) return { run: true, scale, stepping: false };
  if (tc.step > 0) {
    world.set(world.core.World, TimeControl, { step: tc.step - 1 });
    return { run: true, scale, stepping: true };
  }
  return { run: false, scale, stepping: false };
}
