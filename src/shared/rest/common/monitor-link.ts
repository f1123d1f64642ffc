// The REST layer's view of the monitor module (statistics and alerts), in one place. The monitor
// names systems and alerts by their world paths; here they are put in the names of the dialect.
import type { Entity, World } from '../../ecs';
import type { DialectNames } from '../../json';
import { activeAlerts, hasMonitor, statsReply, type StatsCategory, type StatsPeriod } from '../../monitor';

/** The 404 of every /stats request (contract and dialects) when the monitor module is not imported. */
export const MONITOR_NOT_ENABLED =
  'statistics need the monitor module, which is not enabled: run the app with enable_monitor (the host does unless started with --no-monitor), or call importMonitor(world, app)';

/** True when the world samples statistics (the monitor module is imported). */
export function statsAvailable(world: World): boolean {
  return hasMonitor(world);
}

/** The JSON-ready /stats value, systems named in `names` (undefined without the monitor module). */
export function readStats(world: World, category: StatsCategory, period: StatsPeriod, names: DialectNames): unknown {
  const reply = statsReply(world, category, period);
  if (Array.isArray(reply) && !names.identity) {
    for (const entry of reply) if ('name' in entry) entry.name = names.printPath(entry.name);
  }
  return reply;
}

/** Active alerts of an entity ([] without the monitor), alerts named in `names`. */
export function alertsOf(world: World, e: Entity, names: DialectNames): readonly unknown[] {
  if (!hasMonitor(world)) return [];
  const alerts = activeAlerts(world, e);
  if (!names.identity) for (const a of alerts) a.alert = names.printPath(a.alert);
  return alerts;
}
