// The REST layer's view of the monitor module (statistics and alerts), in one place.
import type { Entity, World } from '../ecs';
import { activeAlerts, hasMonitor, statsReply } from '../monitor';

/** True when the world samples statistics (the monitor module is imported). */
export function statsAvailable(world: World): boolean {
  return hasMonitor(world);
}

/** The JSON-ready /stats value; throws the monitor's StatsError (with an HTTP `status`). */
export function readStats(world: World, category: string, period: string): unknown {
  return statsReply(world, category, period);
}

/** Active alerts of an entity ([] without the monitor). */
export function alertsOf(world: World, e: Entity): readonly unknown[] {
  return hasMonitor(world) ? activeAlerts(world, e) : [];
}
