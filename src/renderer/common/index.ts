// Public exports of what both pages (explorer and viewport) use; it imports neither page.
export { hostBridge } from './host-bridge';
