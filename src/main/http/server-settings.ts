// The node:http server's own limits and timeouts, derived from the transport's options.
import type { ServerOptions } from 'node:http';
import type { HttpOptions } from './types';

/** Headers budget beyond the request line, bytes (node's own default for all of it is 16 KiB). */
export const MAX_HEADER_BYTES = 16_384;

/** The createServer options of a transport with options `o`. */
export function serverSettings(o: HttpOptions): ServerOptions {
  return {
    // Long enough for a maximal target plus ordinary headers, so our 414 answers, not node's 431.
    maxHeaderSize: o.maxTargetBytes + MAX_HEADER_BYTES + 64,
    headersTimeout: o.idleTimeoutMs,
    requestTimeout: o.requestTimeoutMs,
    keepAliveTimeout: o.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(o.idleTimeoutMs / 4))),
    // HTTP/1.1 requests without Host are answered like the reference server does (capture 263).
    requireHostHeader: false,
  };
}
