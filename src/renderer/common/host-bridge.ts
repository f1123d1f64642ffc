// The desktop app's preload bridge (window.ecsHost), when the page runs inside it. Both pages
// look for it: the explorer to send REST requests through it, the viewport to take frames from its port.
import type { HostBridge } from '../../shared/protocol/bridge';

/** window.ecsHost when the page runs inside the desktop app and the bridge can answer requests; undefined in a browser. */
export function hostBridge(): HostBridge | undefined {
  const b = (window as unknown as { ecsHost?: HostBridge }).ecsHost;
  return b && typeof b.request === 'function' ? b : undefined;
}
