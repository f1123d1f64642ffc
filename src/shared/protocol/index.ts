// Public exports of the protocol folder: a plain list of re-exports.
export * from './constants';
export * from './frame';
export * from './bridge';
export * from './rest-types';
export * from './rest-params';
export * from './rest-build-params';
export * from './rest-replies';
export * from './rest-endpoints';
export * from './openapi';
export * from './watch';
