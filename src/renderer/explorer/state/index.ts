// Public exports of the explorer's state: the view in the address, recent queries and entities.
export * from './view-state';
export * from './recent-queries';
export * from './recent-entities';
