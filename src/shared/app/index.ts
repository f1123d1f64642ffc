// Public API of the app layer: the app runner (target rate, time control) and its title. Systems,
// the pipeline and cached queries live in ../pipeline; they are re-exported here because an app
// is written with both.
export { App, runApp, type AppOptions, type FrameHook, type Clock } from './run-app';
export { titleFromArgs } from './title';
export { Pipeline, pipelineOf, addSystem, SystemIter, CachedQuery, type SystemOptions, type SystemStats, type SystemRecord, type FrameStats } from '../pipeline';
export { createTimeControl, planTick, TIME_SCALE_RANGE, type TimeControlValue, type TickPlan } from './time-control';
