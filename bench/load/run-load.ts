// One load session against a running host: snapshot the asteroids, drive the mix, settle the
// ledger, snapshot again and compare; the host's frame intervals over the driven window; and
// whether the host still answers afterwards. Shared by `npm run bench -- load` and the reduced
// load test.
import { drive, frameP99, type DriveResult, type HostUnderTest } from '../rest/index';
import { LoadMix, type Kind, type KindStats } from './mix';
import { snapshotAsteroids } from './snapshot';
import { WriteLedger, type Mismatch } from './write-ledger';

/** Options of a load session. */
export interface LoadSessionOptions {
  /** Concurrent connections. */
  connections: number;
  /** Measured seconds. */
  seconds: number;
  /** Seconds of the same mix before measuring (default 0). */
  warmupSeconds?: number;
  /** Asteroids owned by each connection (default 20). */
  perConnection?: number;
  /** Requests per second over all connections (default: as fast as answers come). */
  overallRate?: number;
}

/** What a load session found. */
export interface LoadSessionResult {
  /** Throughput, latency and transport errors of the measured window. */
  drive: DriveResult;
  /** Answers by request kind (warm-up included). */
  kinds: Record<Kind, KindStats>;
  /** Writes: sent, acknowledged (2xx), refused (non-2xx), unanswered. */
  writes: { sent: number; acked: number; refused: number; unanswered: number };
  /** Checking reads made, and those that did not show an acknowledged write. */
  reads: { checked: number; stale: Mismatch[] };
  /** Acknowledged writes not visible afterwards. */
  lost: Mismatch[];
  /** Asteroids nobody wrote whose state changed. */
  unexpected: Mismatch[];
  /** Asteroids compared before/after. */
  checked: number;
  /** Frame intervals (ms) of the measured window, their p99, and frames dropped after stalls (counted by the loop). */
  frames: { intervals: number[]; p99: number; skipped: number };
  /** CPU time (µs, user + system) the host used during the measured window. */
  hostCpuMicros: number;
  /** Status of GET /entity/ecs/core/World after the run (0 when it did not answer). */
  healthStatus: number;
}

async function health(url: string): Promise<number> {
  try {
    const r = await fetch(`${url}/entity/ecs/core/World`, { signal: AbortSignal.timeout(5000) });
    await r.arrayBuffer();
    return r.status;
  } catch {
    return 0;
  }
}

/** Runs the mix against `host` and checks everything the load test asserts. */
export async function runLoadSession(host: HostUnderTest, options: LoadSessionOptions): Promise<LoadSessionResult> {
  const before = await snapshotAsteroids(host.url);
  const ledger = new WriteLedger();
  for (const [id, state] of before) ledger.track(id, state);
  const queryTotal = await countPositionVelocity(host.url);
  const mix = new LoadMix({ entities: [...before.keys()], perConnection: options.perConnection, queryTotal, ledger });
  const sequenceFor = (i: number) => mix.sequenceFor(i);
  if (options.warmupSeconds) {
    await drive({ url: host.url, connections: options.connections, seconds: options.warmupSeconds, sequenceFor, overallRate: options.overallRate });
    mix.finish();
  }
  await host.markFrames();
  const cpuBefore = await host.cpuMicros();
  const measured = await drive({ url: host.url, connections: options.connections, seconds: options.seconds, sequenceFor, overallRate: options.overallRate });
  const hostCpuMicros = (await host.cpuMicros()) - cpuBefore;
  const { intervals, skipped } = await host.frameWindow();
  mix.finish();
  const after = await snapshotAsteroids(host.url);
  const verdict = ledger.verify(after);
  return {
    drive: measured,
    hostCpuMicros,
    kinds: mix.kinds,
    writes: { sent: ledger.sent, acked: ledger.acked, refused: ledger.refused, unanswered: ledger.unanswered },
    reads: { checked: ledger.readsChecked, stale: ledger.staleReads },
    lost: verdict.lost,
    unexpected: verdict.unexpected,
    checked: verdict.checked,
    frames: { intervals, p99: frameP99(intervals), skipped },
    healthStatus: await health(host.url),
  };
}

/** Entities matched by the mix's paging query (its offsets wrap at this number). */
async function countPositionVelocity(url: string): Promise<number> {
  const r = await fetch(`${url}/query?q=Position%2CVelocity&entity_ids=true&entities=false&limit=10000`);
  const reply = (await r.json()) as { results?: { entity_ids?: number[] }[] };
  if (r.status !== 200 || !reply.results) throw new Error(`counting Position, Velocity answered ${r.status}: ${JSON.stringify(reply).slice(0, 300)}`);
  return reply.results.reduce((n, res) => n + (res.entity_ids?.length ?? 0), 0);
}

/** One line per kind: "set 1234 sent, 0 non-2xx", for logs and failure messages. */
export function describeKinds(kinds: Record<Kind, KindStats>): string {
  return Object.entries(kinds).map(([k, s]) => `${k} ${s.sent} sent ${JSON.stringify(s.statuses)}`).join('; ');
}
