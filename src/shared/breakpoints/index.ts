// Public API of breakpoints: queries watched after every frame whose hits pause the world.
export { Breakpoints, BreakpointError, BREAKPOINT_NAME, type BreakpointSpec, type BreakpointHit, type BreakpointInfo, type BreakpointHost } from './breakpoints';
