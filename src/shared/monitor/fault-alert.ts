// The alert of failed systems: a system that threw is disabled by the pipeline and marked with
// ecs.pipeline.SystemFault (its error); this alert, ecs.alerts.SystemFailed, reports each one with
// its error until the system is enabled again. Defined with the first failure, so a world whose
// systems never fail has no extra entities (its ids stay those of the reference world).
import { markBuiltinTree, type Entity, type World } from '../ecs';
import { faultsOf } from '../pipeline';
import { defineAlert, importAlerts } from './alerts';

/** Name of the alert under ecs.alerts. */
export const SYSTEM_FAILED_ALERT = 'SystemFailed';
/** The pipeline's mark on a failed system (made with the first failure), which the alert's query reads. */
const SYSTEM_FAULT = 'ecs.pipeline.SystemFault';

/**
 * Defines ecs.alerts.SystemFailed at the first system fault of the world, or at once when a system
 * failed before (the monitor imported later): call once per world.
 */
export function alertOnSystemFaults(world: World): void {
  let alert: Entity = 0;
  const define = () => {
    const module = importAlerts(world).module;
    alert = defineAlert(world, SYSTEM_FAILED_ALERT, {
      // ?Disabled: the failed system is disabled, and a query skips disabled entities unless it mentions them.
      query: `${SYSTEM_FAULT}, ?Disabled`,
      severity: 'Error',
      message: `system $this threw and was disabled: {${SYSTEM_FAULT}.error}. Fix it, then enable it again (PUT /enable/<its path>)`,
      brief: 'A system that threw: the pipeline disabled it, the frames went on',
      parent: module,
    });
    markBuiltinTree(world, module);
  };
  // A system failed before the monitor was imported: its mark is there already.
  if (world.lookup(SYSTEM_FAULT) !== 0) define();
  faultsOf(world).onFault((fault) => { if (fault.kind === 'system' && alert === 0) define(); });
}
