// Public exports of the explorer's client layer: transports, the shared REST client, reply
// shapes, URL builders and entity paths.
export * from './entity-path';
export * from './rest-error';
export * from './transport';
export * from './connection-config';
export * from './rest-client';
export * from './reply-types';
export * from './urls';
export * from './watch-hub';
export * from './contract-names';
