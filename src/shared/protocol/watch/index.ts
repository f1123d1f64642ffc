// Public exports of the watch stream's protocol: names, targets and applying events. Free of zod,
// so the explorer can import it without pulling the REST schemas into its bundle.
export * from './watch-events';
