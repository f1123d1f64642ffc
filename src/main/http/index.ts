// Public exports of the HTTP transport (REST over node:http, static pages over Express).
export type { RestRequest, RestReply, RestHandler, HttpOptions, HttpCounters, HttpTransport, UpgradeListener, FaultReporter } from './types';
export { DEFAULT_HTTP_OPTIONS, resolveHttpOptions } from './options';
export { createHttpTransport } from './transport';
export { MAX_HEADER_BYTES } from './server-settings';
export { CLOSE_GRACE_MS } from './server-close';
export { EventStreams } from './event-streams';
export { StreamSink, acceptsGzip, STREAM_GZIP_LEVEL } from './stream-sink';
export type { EventSink, EventSubscription, EventFeedOpener, EventStreamLimits } from './event-streams';
export { createHttpCounters } from './counters';
export {
  checkHost, classifyOrigin, decidePut, preflightHeaders, bearerMatches, canonicalAppOrigins,
  preflightMethods, PREFLIGHT_MAX_AGE_S, type PreflightMethods,
} from './policy';
export type { OriginKind, LocalEndpoint, PutDecision } from './policy';
export { parseHostHeader, parseOrigin, isLoopbackHostname, isLoopbackAddress, normalizeAddress } from './host-names';
export type { HostAndPort, ParsedOrigin } from './host-names';
export { errorBody, rawJsonReply } from './json-error';
export { describeClientError } from './client-errors';
export type { ClientErrorReply, ParseLimits } from './client-errors';
export { PAGE_CSP, PAGE_NAMES, createStaticPages } from './static-pages';
export { isStaticPagePath, pageRedirectTarget } from './request-route';
export type { StaticPagesHandler } from './static-pages';
export type { Mount, MountHandler } from './types';
