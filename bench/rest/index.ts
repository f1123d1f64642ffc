// Tools of the REST and load benchmarks: the host under test and the bare peer in their own
// processes, and the autocannon driver.
export { startHost, type FrameWindow, type HostUnderTest, type HostUnderTestOptions } from './host-process';
export { startBarePeer, type BareRoute } from './bare-peer';
export { drive, summarize, type DriveOptions, type DriveResult, type LatencySummary } from './drive';
export { frameBudgetMs, frameP99 } from './frames';
export { staleBuildWarning, BUILT_ENTRY } from './built-host';
export { REPO_ROOT, cpuMicros, type IpcChild } from './ipc-child';
