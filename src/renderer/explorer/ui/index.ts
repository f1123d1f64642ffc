// Public exports of the explorer's shared UI pieces: contexts, polling hook, links and widgets.
export * from './contexts';
export * from './use-page-visible';
export * from './use-rest';
export * from './entity-link';
export * from './panel';
export * from './error-text';
export * from './swatch';
export * from './splitter';
export * from './confirm-dialog';
export * from './use-live';
export * from './format-number';
export * from './short-name';
export * from './raw-request';
export * from './raw-reply';
export * from './past-frame';
export * from './use-popover';
