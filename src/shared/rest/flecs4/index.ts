// Public API of the Flecs 4 dialect (--compat flecs-4): its endpoint table and serializers.
export { FLECS_4 } from './table';
export { flecs4EntityText, type Flecs4EntityOptions } from './entity-reply';
export { flecs4ResultsText, type Flecs4QueryOptions } from './query-reply';
export { CommandRecorder, RETAINED_FRAMES } from './commands';
export { localPath, wirePath, wireExpr } from './names';
export type { AppControl } from './app-control';
export { FLECS4_DEFAULT_LIMIT } from './params';
export { attachFlecs4, recorderOf } from './state';
