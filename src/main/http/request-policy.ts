// The checks of the guard step, each a plain function of the request's parts: a request target
// over the length limit (414), a Host that is not this server's (403, against DNS rebinding), a
// write (the handler's restMethods.writes) from an origin that may not change the world (403),
// and the CORS headers a request that passes gets.
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpOptions } from './types';
import { checkHost, classifyOrigin, decidePut, preflightHeaders, preflightMethods, type LocalEndpoint, type PreflightMethods } from './policy';
import { READ_CORS } from './reply-writer';

/** A refusal: the status, the message and the headers of the error reply. */
export interface Refusal {
  status: number;
  message: string;
  headers?: OutgoingHttpHeaders;
}

/** The 414 refusal of a request target longer than `maxTargetBytes`; undefined when it fits. */
export function targetTooLong(url: string, maxTargetBytes: number): Refusal | undefined {
  if (url.length <= maxTargetBytes) return undefined;
  return { status: 414, message: `request target is ${url.length} bytes long, more than the limit of ${maxTargetBytes}: shorten the URL (e.g. a smaller query or data parameter)` };
}

/**
 * The Host check (on when the server is bound to loopback): host → error message, or undefined
 * when the host is allowed. Verdicts are cached (64 hosts at most) to keep it off the hot path's costs.
 */
export function createHostGuard(hostCheck: boolean): (host: string | undefined) => string | undefined {
  const verdicts = new Map<string, string | undefined>();
  return (host) => {
    if (!hostCheck || host === undefined) return undefined;
    if (verdicts.has(host)) return verdicts.get(host);
    const verdict = checkHost(host, true);
    if (verdicts.size >= 64) verdicts.clear();
    verdicts.set(host, verdict);
    return verdict;
  };
}

/** The local end of the connection `socket` (origins are classified against it). */
export function localEndOf(socket: Pick<Socket, 'localAddress' | 'localPort'>): LocalEndpoint {
  return { address: socket.localAddress ?? '', port: socket.localPort ?? 0 };
}

/** The verdict of the origin policy: the CORS headers of the reply, or the refusal. */
export type CorsVerdict = { cors: OutgoingHttpHeaders; refusal?: undefined } | { cors?: undefined; refusal: Refusal };

const READ_VERDICT: CorsVerdict = { cors: READ_CORS };

/** The CORS headers of a reply to `method`, or the 403 refusal of a write the policy does not allow. */
export function corsFor(method: string, headers: IncomingHttpHeaders, socket: Pick<Socket, 'localAddress' | 'localPort'>, options: HttpOptions, appOrigins: ReadonlySet<string>): CorsVerdict {
  if (!options.restMethods.writes.includes(method)) return READ_VERDICT;
  const origin = headers.origin;
  const kind = origin === undefined ? 'none' : classifyOrigin(origin, localEndOf(socket), appOrigins);
  const decision = decidePut(origin, kind, headers.authorization, options.token, method);
  if (!decision.allowed) return { refusal: { status: 403, message: decision.error, headers: decision.headers } };
  return { cors: decision.headers };
}

/** The headers of the 204 reply to a CORS preflight (OPTIONS). */
export function preflightReplyHeaders(headers: IncomingHttpHeaders, socket: Pick<Socket, 'localAddress' | 'localPort'>, options: HttpOptions, appOrigins: ReadonlySet<string>): OutgoingHttpHeaders {
  const origin = headers.origin;
  const kind = classifyOrigin(origin, localEndOf(socket), appOrigins);
  const privateNetwork = headers['access-control-request-private-network'] === 'true';
  let methods = preflightLists.get(options.restMethods);
  if (methods === undefined) preflightLists.set(options.restMethods, (methods = preflightMethods(options.restMethods)));
  return preflightHeaders(origin, kind, options.token !== undefined, privateNetwork, methods);
}

/** Preflight method lists by the handler's methods (one per transport). */
const preflightLists = new WeakMap<object, PreflightMethods>();


/** A request refused before routing: the refusal and how the reply is counted (a malformed request, or a REST refusal). */
export interface EarlyRefusal {
  readonly refusal: Refusal;
  readonly early: 'invalid' | 'rest';
}

/**
 * The guard's checks in one pass: a target over `maxTargetBytes` (414) or a Host `hostError`
 * refuses (403) is an EarlyRefusal; otherwise the policy's verdict for the method — the CORS
 * headers (a preflight's, for OPTIONS) or the refusal of a write — which the route applies.
 */
export function admit(req: IncomingMessage, options: HttpOptions, appOrigins: ReadonlySet<string>, hostError: (host: string | undefined) => string | undefined): EarlyRefusal | CorsVerdict {
  const long = targetTooLong(req.url!, options.maxTargetBytes);
  if (long !== undefined) return { refusal: long, early: 'invalid' };
  const badHost = hostError(req.headers.host);
  if (badHost !== undefined) return { refusal: { status: 403, message: badHost }, early: 'rest' };
  const method = req.method!;
  // Worked out for every request, used by the routes that need it (REST, preflights): the
  // policy is a pure function of the request, so a route that ignores it loses nothing.
  return method === 'OPTIONS'
    ? { cors: preflightReplyHeaders(req.headers, req.socket, options, appOrigins) }
    : corsFor(method, req.headers, req.socket, options, appOrigins);
}
