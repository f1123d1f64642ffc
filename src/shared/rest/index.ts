// Public API of the REST router: createRouter(world, options) -> RestHandler (+ route()).
export { createRouter, type Router } from './router';
export type { RestRequest, RestReply, RouterOptions, RouteContext, Handler } from './types';
export { COMPAT_MODES, type CompatMode } from './types';
export { parseTarget, decodePath, TargetError, type ParsedTarget } from './target';
export { isBuiltin } from './entity-path';
export { errorReply } from './replies';
