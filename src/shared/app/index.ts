// Public API of the app layer: systems, the pipeline and the app runner.
export { App, runApp, type AppOptions, type FrameHook, type Clock } from './run-app';
export { Pipeline, pipelineOf, addSystem, type SystemOptions, type SystemStats, type SystemRecord, type FrameStats } from './pipeline';
export { SystemIter } from './system-iter';
export { CachedQuery } from './cached-query';
export { titleFromArgs } from './title';
export { createTimeControl, planTick, MAX_TIME_SCALE, type TimeControlValue, type TickPlan } from './time-control';
