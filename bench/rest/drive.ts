// Drives HTTP load with autocannon (in this process) and keeps every response's latency at
// sub-millisecond resolution (autocannon's own histogram rounds to whole milliseconds, too coarse
// for a 0.2 ms GET).
import autocannon, { type AutocannonClient, type AutocannonRequest } from 'autocannon';
import { percentileOfSorted } from '../lib/report';

/** What to send. */
export interface DriveOptions {
  /** Base URL of the server, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Concurrent connections (each sends one request at a time). */
  connections: number;
  /** Duration in whole seconds (autocannon stops on its 1 s tick). */
  seconds: number;
  /** A fixed GET path (used when `sequenceFor` is not given). */
  path?: string;
  /** The request sequence of connection `index` (0-based); each connection loops over its own. */
  sequenceFor?: (index: number) => AutocannonRequest[];
  /** Seconds before a request counts as timed out (default 10). */
  timeoutSeconds?: number;
  /** Requests per second over all connections (default: as fast as answers come). */
  overallRate?: number;
}

/** Latency percentiles in milliseconds. */
export interface LatencySummary {
  p50: number;
  p99: number;
  max: number;
}

/** Outcome of one run. */
export interface DriveResult {
  /** Responses received (any status). */
  responses: number;
  /** Seconds the run took. */
  seconds: number;
  /** Responses per second. */
  reqPerSec: number;
  /** Latency over all responses, milliseconds. */
  latency: LatencySummary;
  /** Responses by HTTP status. */
  statuses: Record<string, number>;
  /** Responses with a status outside 200–299. */
  non2xx: number;
  /** Connection errors and timeouts (autocannon counts a timeout as an error too). */
  errors: number;
  /** Requests that got no answer within the timeout. */
  timeouts: number;
}

/** p50, p99 and max of latencies in milliseconds. */
export function summarize(latencies: Float64Array): LatencySummary {
  const s = Float64Array.from(latencies).sort();
  return { p50: percentileOfSorted(s, 50), p99: percentileOfSorted(s, 99), max: s.length ? s[s.length - 1]! : Number.NaN };
}

/** Runs autocannon against the server and returns throughput, latency and error counts. */
export async function drive(options: DriveOptions): Promise<DriveResult> {
  let latencies = new Float64Array(1 << 16);
  let n = 0;
  let clients = 0;
  const sequenceFor = options.sequenceFor;
  const instance = autocannon({
    url: options.url + (sequenceFor ? '' : options.path ?? '/'),
    connections: options.connections,
    duration: options.seconds,
    timeout: options.timeoutSeconds ?? 10,
    ...(options.overallRate !== undefined ? { overallRate: options.overallRate } : {}),
    setupClient: sequenceFor ? (client: AutocannonClient) => client.setRequests(sequenceFor(clients++)) : undefined,
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    if (n === latencies.length) { const grown = new Float64Array(n * 2); grown.set(latencies); latencies = grown; }
    latencies[n++] = ms;
  });
  const result = await instance;
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statuses[code] = Number(count);
  return {
    responses: n,
    seconds: result.duration,
    reqPerSec: n / result.duration,
    latency: summarize(latencies.subarray(0, n)),
    statuses,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
