// The transport's security policies (docs/security-and-limits.md) as pure
// functions of header values, so they are testable without sockets.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isLoopbackHostname, normalizeAddress, parseHostHeader, parseOrigin } from './host-names';
import { DEFAULT_PORT } from '../../shared/protocol';

/** Where a request's Origin header puts it: no header, a loopback page, the app's own page, or any other site. */
export type OriginKind = 'none' | 'loopback' | 'own' | 'foreign';

/** The local end of the connection a request came in on (socket.localAddress/localPort). */
export interface LocalEndpoint {
  /** Local IP address of the socket (IPv4-mapped IPv6 allowed). */
  address: string;
  /** Local port of the socket. */
  port: number;
}

/** The Access-Control-Allow-Methods values of a handler: for origins that may write, and for those that may only read. */
export interface PreflightMethods {
  readonly all: string;
  readonly read: string;
}

/** The preflight method lists of a handler's methods (OPTIONS added). */
export function preflightMethods(methods: { readonly all: readonly string[]; readonly writes: readonly string[] }): PreflightMethods {
  return {
    all: [...methods.all, 'OPTIONS'].join(', '),
    read: [...methods.all.filter((m) => !methods.writes.includes(m)), 'OPTIONS'].join(', '),
  };
}
/** Preflight cache lifetime in seconds. */
export const PREFLIGHT_MAX_AGE_S = 600;

/** Canonical forms of configured app origins; throws naming the entry that is not an origin. */
export function canonicalAppOrigins(origins: readonly string[]): ReadonlySet<string> {
  const set = new Set<string>();
  for (const o of origins) {
    const parsed = parseOrigin(o.replace(/\/$/, ''));
    if (!parsed) throw new RangeError(`HTTP option appOrigins holds '${o}', which is not an origin: write it as scheme://host[:port], e.g. 'http://mybox.local:${DEFAULT_PORT}'`);
    set.add(parsed.canonical);
  }
  return set;
}

/**
 * DNS-rebinding check. Returns undefined when the request may proceed, else the error message.
 * Only applies when bound to loopback (`hostCheck`); a missing Host (HTTP/1.0) passes.
 */
export function checkHost(host: string | undefined, hostCheck: boolean): string | undefined {
  if (!hostCheck || host === undefined) return undefined;
  const parsed = parseHostHeader(host);
  if (parsed && isLoopbackHostname(parsed.hostname)) return undefined;
  return `Host '${host}' is not allowed: this server is bound to a loopback address and only answers loopback names (localhost, 127.0.0.1, [::1]); connect through one of them, or start it with an explicit --address to serve other names`;
}

/**
 * Classifies an Origin header. `own` means the page came from this server: the origin's host
 * is the socket's local address and its port the local port, or it is listed in appOrigins.
 * A Host-header match is deliberately not enough: under DNS rebinding Host and Origin agree.
 */
export function classifyOrigin(origin: string | undefined, local: LocalEndpoint, appOrigins: ReadonlySet<string>): OriginKind {
  if (origin === undefined) return 'none';
  const parsed = parseOrigin(origin);
  if (!parsed) return 'foreign';
  if (isLoopbackHostname(parsed.hostname)) return 'loopback';
  if (appOrigins.has(parsed.canonical)) return 'own';
  if (parsed.hostname === normalizeAddress(local.address) && parsed.port === local.port) return 'own';
  return 'foreign';
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** True when `Authorization: Bearer <t>` carries the configured token (constant-time; false when none is configured). */
export function bearerMatches(authorization: string | undefined, token: string | undefined): boolean {
  if (token === undefined || authorization === undefined) return false;
  const m = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  // Hashing first makes both sides the same length, so the comparison time says nothing about the token.
  const given = digest(m ? m[1]! : '');
  const ok = timingSafeEqual(given, digest(token));
  return ok && m !== null;
}

/** Outcome of the PUT policy: allowed with CORS headers for the reply, or refused with a message. */
export type PutDecision =
  | { allowed: true; headers: Record<string, string> }
  | { allowed: false; error: string; headers: Record<string, string> };

/**
 * PUT policy: no Origin, a loopback origin or the app's own origin may change the world;
 * any other origin needs the bearer token. A refused reply still carries
 * `Access-Control-Allow-Origin: *` so the page can read why it was refused.
 */
export function decidePut(origin: string | undefined, kind: OriginKind, authorization: string | undefined, token: string | undefined, method = 'PUT'): PutDecision {
  if (kind === 'none') return { allowed: true, headers: { 'Access-Control-Allow-Origin': '*' } };
  if (kind === 'loopback' || kind === 'own' || bearerMatches(authorization, token)) {
    return { allowed: true, headers: { 'Access-Control-Allow-Origin': origin!, Vary: 'Origin' } };
  }
  let error = `${method} from origin '${origin}' is not allowed: use the access token (Authorization: Bearer <token>)`;
  if (token === undefined) error += '; this server has none configured: start it with --token <token>';
  else if (authorization !== undefined) error += '; the Authorization header given does not carry it';
  return {
    allowed: false,
    error,
    headers: { 'Access-Control-Allow-Origin': '*', Vary: 'Origin' },
  };
}

/**
 * Headers of a 204 preflight reply. Origins that may PUT get their origin echoed and all
 * methods; a foreign origin without a configured token gets only the read methods, since
 * its PUT could never succeed. `privateNetwork` answers Chrome's
 * `Access-Control-Request-Private-Network: true` so a hosted explorer may reach localhost.
 */
export function preflightHeaders(origin: string | undefined, kind: OriginKind, tokenConfigured: boolean, privateNetwork: boolean, methods: PreflightMethods): Record<string, string> {
  const mayPut = kind !== 'foreign' || tokenConfigured;
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': kind === 'none' || !mayPut ? '*' : origin!,
    'Access-Control-Allow-Methods': mayPut ? methods.all : methods.read,
    'Access-Control-Allow-Headers': 'Authorization, Content-Type',
    'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
  };
  if (kind !== 'none') headers.Vary = 'Origin';
  if (privateNetwork) headers['Access-Control-Allow-Private-Network'] = 'true';
  return headers;
}
