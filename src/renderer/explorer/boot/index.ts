// Public exports of the explorer's start-up guards: a valid locale, start-up errors shown in the
// page, and the error boundary around the app.
export * from './safe-locale';
export * from './startup-error';
export * from './error-boundary';
