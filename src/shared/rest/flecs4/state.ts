// What the Flecs 4 dialect keeps per world: its command recorder (the Commands page), created
// when a Flecs 4 router is attached to the world, with the Flecs 4 vocabulary.
import type { World } from '../../ecs';
import type { RouterOptions } from '../types';
import { CommandRecorder } from './commands';
import { installFlecs4Vocabulary } from './vocabulary';

const recorders = new WeakMap<World, CommandRecorder>();
const startFps = new WeakMap<World, number>();

/** Prepares a world for the Flecs 4 dialect (idempotent): the vocabulary and the command recorder. */
export function attachFlecs4(world: World, options: RouterOptions): void {
  installFlecs4Vocabulary(world);
  if (!recorders.has(world)) recorders.set(world, new CommandRecorder(world, options.app));
  if (options.app && !startFps.has(world)) startFps.set(world, options.app.targetFps);
}

/** The frame rate the app ran at when the dialect was attached (what `target_fps: 0`, "no target", goes back to). */
export function startFpsOf(world: World): number | undefined {
  return startFps.get(world);
}

/** The command recorder of a world the dialect is attached to. */
export function recorderOf(world: World): CommandRecorder | undefined {
  return recorders.get(world);
}
