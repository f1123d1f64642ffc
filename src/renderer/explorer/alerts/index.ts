// Public exports of the explorer's alerts: the live list and the title bar's badge.
export * from './alert-rows';
export * from './alerts-list';
export * from './alerts-badge';
