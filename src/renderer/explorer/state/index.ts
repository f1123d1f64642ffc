// Public exports of the explorer's state: the view in the address and the recent queries.
export * from './view-state';
export * from './recent-queries';
