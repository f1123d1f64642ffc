// Public API of the REST router: createRouter(world, options) -> RestHandler (+ route()), and the
// endpoint tables it is built from (one per dialect; see endpoint-row.ts).
export { createRouter, type Router } from './router';
export type { RestRequest, RestReply, RouterOptions, RouteContext, Handler } from './types';
export { COMPAT_MODES, type CompatMode } from './types';
export { parseTarget, TargetError, type ParsedTarget } from './target';
export { decodePath, errorReply, isBuiltin } from './common';
export { endpoint, type CachePolicy, type Dialect, type EndpointRow, type TableOptions } from './endpoint-row';
export { CONTRACT, FLECS_3_2 } from './contract';
export { dialectOf } from './dialects';
export { compileTable, usageOf, type RouteTable, type PathNode, type CompiledRow } from './route-table';
