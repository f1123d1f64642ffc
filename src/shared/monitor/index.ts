// The monitor module (world and pipeline statistics). Placeholder entry point: the statistics
// themselves are added by the monitor work; importing records the request so /stats can say so.
import type { World } from '../ecs';

/** The part of the app runner the monitor samples (kept structural to avoid an import cycle). */
export interface MonitoredApp {
  readonly targetFps: number;
  onFrame(hook: (stats: { frameTime: number; systemTime: number; mergeTime: number; systemsRan: number }) => void): () => void;
}

const imported = new WeakSet<World>();

/** Imports the monitor module into a world. */
export function importMonitor(world: World, _app?: MonitoredApp): void {
  imported.add(world);
}

/** True when the monitor module was imported. */
export function hasMonitor(world: World): boolean {
  return imported.has(world);
}
