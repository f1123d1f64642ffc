import type { HttpOptions } from './types';
import { DEFAULT_PORT, WATCH_MAX_LAG_MS } from '../../shared/protocol';

/** Defaults of every transport option (see HttpOptions for units and meaning). */
export const DEFAULT_HTTP_OPTIONS: Readonly<HttpOptions> = Object.freeze({
  port: DEFAULT_PORT,
  address: '127.0.0.1',
  token: undefined,
  maxTargetBytes: 65_536,
  idleTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
  maxBodyBytes: 65_536,
  // A whole recording: 128 MiB at most in memory (GET /history's maxBytes), compressed to far less.
  maxFileBytes: 256 * 1024 * 1024,
  bodyPaths: Object.freeze([]) as readonly string[],
  staticRoot: undefined,
  appOrigins: Object.freeze([]) as readonly string[],
  maxWatches: 256,
  maxWatchesPerClient: 32,
  watchHeartbeatMs: 15_000,
  // A reader this far behind reads the past (the watch protocol's rule): the host drops its stream.
  watchResetMs: WATCH_MAX_LAG_MS,
  // Only for a handler that does not say (tests): the host passes its router's table's methods.
  restMethods: Object.freeze({ all: Object.freeze(['GET', 'PUT']), writes: Object.freeze(['PUT']) }),
});

function checkInteger(name: keyof HttpOptions, value: unknown, min: number, max: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`HTTP option ${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}: fix the value or leave it out for the default`);
  }
}

/** Fills in defaults and checks every option; throws a RangeError naming the bad option and value. */
export function resolveHttpOptions(options: Partial<HttpOptions>): HttpOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  const o: HttpOptions = { ...DEFAULT_HTTP_OPTIONS, ...defined };
  checkInteger('port', o.port, 0, 65_535);
  checkInteger('maxTargetBytes', o.maxTargetBytes, 256, 16 * 1024 * 1024);
  checkInteger('idleTimeoutMs', o.idleTimeoutMs, 1, 3_600_000);
  checkInteger('requestTimeoutMs', o.requestTimeoutMs, 1, 3_600_000);
  checkInteger('keepAliveTimeoutMs', o.keepAliveTimeoutMs, 1, 3_600_000);
  checkInteger('maxConnections', o.maxConnections, 1, 1_000_000);
  checkInteger('maxBodyBytes', o.maxBodyBytes, 0, 1024 * 1024 * 1024);
  checkInteger('maxFileBytes', o.maxFileBytes, 0, 1024 * 1024 * 1024);
  if (!Array.isArray(o.bodyPaths) || !o.bodyPaths.every((p) => typeof p === 'string' && p.startsWith('/'))) {
    throw new RangeError(`HTTP option bodyPaths must be an array of paths starting with '/', got ${JSON.stringify(o.bodyPaths)}`);
  }
  checkInteger('maxWatches', o.maxWatches, 0, 1_000_000);
  checkInteger('maxWatchesPerClient', o.maxWatchesPerClient, 0, 1_000_000);
  checkInteger('watchHeartbeatMs', o.watchHeartbeatMs, 10, 3_600_000);
  checkInteger('watchResetMs', o.watchResetMs, 10, 3_600_000);
  // node:http refuses a headers timeout longer than the request timeout; say so in our terms.
  if (o.idleTimeoutMs > o.requestTimeoutMs) {
    throw new RangeError(`HTTP option idleTimeoutMs (${o.idleTimeoutMs}) must not exceed requestTimeoutMs (${o.requestTimeoutMs}): raise requestTimeoutMs or lower idleTimeoutMs`);
  }
  if (typeof o.address !== 'string' || o.address === '') {
    throw new RangeError(`HTTP option address must be a host name or IP address, got ${JSON.stringify(o.address)}: use e.g. '127.0.0.1'`);
  }
  if (o.token !== undefined && (typeof o.token !== 'string' || o.token === '')) {
    throw new RangeError('HTTP option token must be a non-empty string: pass a real token or none');
  }
  if (!Array.isArray(o.appOrigins)) {
    throw new RangeError(`HTTP option appOrigins must be an array of origins, got ${JSON.stringify(o.appOrigins)}`);
  }
  const m = o.restMethods as Partial<HttpOptions['restMethods']> | undefined;
  if (!m || !Array.isArray(m.all) || !Array.isArray(m.writes) || !m.writes.every((w) => m.all!.includes(w))) {
    throw new RangeError(`HTTP option restMethods must be {all: [...methods], writes: [...some of them]}, got ${JSON.stringify(m)}`);
  }
  return o;
}
