// Public exports of the explorer's breakpoints: the list and its title bar badge, the "break
// when…" form of the query panel and the inspector, and the paused banner's hit line.
export * from './break-rules';
export * from './use-breakpoints';
export * from './break-form';
export * from './breakpoints-list';
export * from './breakpoints-badge';
export * from './hit-line';
