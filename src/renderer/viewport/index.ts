// Public surface of the viewport page for other code: the e2e tests type window.__viewport with
// it, the unit tests reach the page's logic through it. The page itself starts from main.ts.
export type { ViewportTestHooks } from './test-hooks';
export type { ConnectionState } from './frame-source';
export { FrameInbox, routeFrameMessage, sceneRadius, type InboxTake } from './frame-inbox';
export { InstancedEntities } from './instancing';
export { Picker, indexOfId, isSelectable } from './picking';
export { SRGB_TO_LINEAR } from './color-table';
