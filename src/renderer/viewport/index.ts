// Public surface of the viewport page for other code (e2e tests type window.__viewport with it).
// The page itself starts from main.ts (see index.html).
export type { ViewportTestHooks } from './test-hooks';
export type { ConnectionState } from './frame-source';
