// Public API of the pipeline: phases of systems run in order each frame, the iterator a system
// sees, and the cached queries systems (and alerts) iterate. The app runner and the monitor both
// build on it; it knows neither.
export { Pipeline, pipelineOf, addSystem, type SystemOptions, type SystemStats, type SystemRecord, type FrameStats } from './pipeline';
export { SystemIter } from './system-iter';
export { CachedQuery, type CachedResult } from './cached-query';
export { faultsOf, Faults, FAULT_KINDS, RECENT_FAULTS, type Fault, type FaultKind, type FaultListener } from './faults';
