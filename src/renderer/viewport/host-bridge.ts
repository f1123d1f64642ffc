// The desktop app's preload bridge, when the page runs inside it.
import type { HostBridge } from '../../shared/protocol/bridge';

/** window.ecsHost in the desktop app; undefined in a browser. */
export function hostBridge(): HostBridge | undefined {
  return (window as unknown as { ecsHost?: HostBridge }).ecsHost;
}
