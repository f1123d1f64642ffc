// Public exports of the watch stream's protocol: names, targets, applying events and telling how
// old they are. Free of zod, so the explorer can import it without pulling the REST schemas into its bundle.
export * from './watch-events';
export * from './watch-lag';
