// `npm run bench -- load`: the demo at 60 fps with 10k asteroids under a mixed load — 50
// connections for 10 s (after 1 s of warm-up) of GET entity/query and PUT set/enable/disable
// (bench/load/mix.ts) — against a bare node:http server answering the same mix with bodies of the
// same sizes, in LOAD_ROUNDS (default 3) rounds of ours-then-peer with a fresh host each round.
// Reports req/s and each server's CPU time per answer (medians; the ratio is the median of the
// rounds' ratios), p50/p99 latency, the host's frame-interval p99 under load in its worst round
// (budget 1.5 frame periods = 25 ms), its frame rate and the frames it dropped after stalls,
// non-2xx answers by kind, transport errors, stale reads, lost writes and changes nobody asked
// for, summed over the rounds. After the mix, each round leaves the host alone for
// LOAD_IDLE_SECONDS (default 3) and reports what it spends then (frames, the history's hooks) per
// answer of the mix: the part of its CPU per answer that no request causes. LOAD_HOST_ARGS passes
// further host options (`--history 0`), LOAD_HOST_NODE_ARGS options of the host's node (`--cpu-prof`). Count rows have peer "expected" and ratio 1 when the count
// is as expected, 0 when not; the suite then exits non-zero. Needs a build: it measures out/main.
import { loadavg } from 'node:os';
import { expectRow, median, report, row, type BenchRow } from './lib/report';
import { describeKinds, KINDS, LoadMix, queryPath, readPath, runLoadSession, type LoadSessionResult } from './load/index';
import { cpuMicros, drive, frameBudgetMs, staleBuildWarning, startBarePeer, startHost, type DriveResult, type HostUnderTest, type IpcChild } from './rest/index';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const WARMUP = 1;
/** Rounds of ours-then-peer; the machine's speed drifts, so ratios are taken per round and the median reported. */
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 3);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`LOAD_ROUNDS must be a whole number of at least 1, got '${process.env.LOAD_ROUNDS}'`);
const ASTEROIDS = 10_000;
/** Seconds the host is left alone after the mix, to measure what it spends when nobody asks (frames, history). */
const IDLE_SECONDS = Number(process.env.LOAD_IDLE_SECONDS ?? 3);
if (!(IDLE_SECONDS > 0)) throw new Error(`LOAD_IDLE_SECONDS must be a number of seconds above 0, got '${process.env.LOAD_IDLE_SECONDS}'`);
/** Further options of the host under test, split at spaces (for example `--history 0`). */
const HOST_ARGS = (process.env.LOAD_HOST_ARGS ?? '').split(' ').filter((a) => a !== '');
/** Options of the host's node, split at spaces (for example `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
const HOST_NODE_ARGS = (process.env.LOAD_HOST_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');

async function text(url: string): Promise<string> {
  const r = await fetch(url);
  const body = await r.text();
  if (r.status !== 200) throw new Error(`GET ${url} answered ${r.status}: ${body.slice(0, 300)}`);
  return body;
}

/** The bare server with the same replies as ours, body for body (captured from ours before the load). */
async function startPeer(host: HostUnderTest, asteroid: number): Promise<IpcChild> {
  const [read, earth, mars, query] = await Promise.all([readPath(asteroid), '/entity/Sun/Earth', '/entity/Sun/Mars?values=true', queryPath(0)].map((p) => text(host.url + p)));
  return startBarePeer([
    { prefix: '/set/', body: '{}' }, { prefix: '/enable/', body: '{}' }, { prefix: '/disable/', body: '{}' },
    { prefix: '/entity/Sun/Earth', body: earth! }, { prefix: '/entity/Sun/Mars', body: mars! },
    { prefix: '/entity/', body: read! }, { prefix: '/query', body: query! },
  ]);
}

/** One round: our host under the mix, then the bare server under the same mix. */
interface Round {
  ours: LoadSessionResult;
  theirs: DriveResult;
  /** CPU time of the bare server over its measured window, µs. */
  peerCpu: number;
  /** CPU time of our host left alone after the mix, µs per second. */
  idleCpuPerSecond: number;
  /** Frames our loop ran per second of the measured window. */
  fps: number;
  periodMs: number;
}

async function runRound(n: number): Promise<Round> {
  const host = await startHost({ asteroids: ASTEROIDS, args: HOST_ARGS, nodeArgs: HOST_NODE_ARGS });
  let peer: IpcChild | undefined;
  try {
    const ours = await runLoadSession(host, { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP });
    console.log(`round ${n}, ours: ${ours.drive.responses} answers in ${ours.drive.seconds} s; ${describeKinds(ours.kinds)}`);
    console.log(`writes ${JSON.stringify(ours.writes)}; reads checked ${ours.reads.checked}; asteroids checked ${ours.checked}; frames ${ours.frames.intervals.length}`);
    for (const m of [...ours.reads.stale, ...ours.lost, ...ours.unexpected].slice(0, 10)) console.log(`  mismatch: ${JSON.stringify(m)}`);
    const idleCpuPerSecond = await idleCpu(host);

    const firstAsteroid = (await (await fetch(`${host.url}/query?q=Asteroid&entity_ids=true&limit=1`)).json() as { results: { entity_ids: number[] }[] }).results[0]!.entity_ids[0]!;
    peer = await startPeer(host, firstAsteroid);
    const entities = Array.from({ length: ASTEROIDS }, (_, i) => firstAsteroid + i);
    const peerMix = new LoadMix({ entities, queryTotal: ASTEROIDS });
    const sequenceFor = (i: number) => peerMix.sequenceFor(i);
    await drive({ url: peer.url, connections: CONNECTIONS, seconds: WARMUP, sequenceFor });
    const peerCpuBefore = await cpuMicros(peer);
    const theirs = await drive({ url: peer.url, connections: CONNECTIONS, seconds: SECONDS, sequenceFor });
    const peerCpu = (await cpuMicros(peer)) - peerCpuBefore;
    // Frames the loop ran per second of the measured window (frame starts over their span).
    const span = ours.frames.intervals.reduce((t, x) => t + x, 0) / 1000;
    const fps = span > 0 ? ours.frames.intervals.length / span : 0;
    const r = { ours, theirs, peerCpu, idleCpuPerSecond, fps, periodMs: host.periodMs };
    console.log(`round ${n}: ${Math.round(ours.drive.reqPerSec)} against ${Math.round(theirs.reqPerSec)} req/s (${(ours.drive.reqPerSec / theirs.reqPerSec).toFixed(3)}); CPU per answer ${oursCpu(r).toFixed(1)} against ${peerCpuPerAnswer(r).toFixed(1)} µs, of which ${idleCpuPerAnswer(r).toFixed(1)} µs the host spends when idle`);
    return r;
  } finally {
    await peer?.stop();
    await host.stop();
  }
}

/** CPU µs per second of the host with no request for IDLE_SECONDS (its frames and their hooks). */
async function idleCpu(host: HostUnderTest): Promise<number> {
  const before = await host.cpuMicros();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  return ((await host.cpuMicros()) - before) / IDLE_SECONDS;
}

/** What the host spends idle over the mix's measured seconds, per answer of the mix: the part of its CPU per answer no reply causes. */
const idleCpuPerAnswer = (r: Round) => (r.idleCpuPerSecond * r.ours.drive.seconds) / Math.max(1, r.ours.drive.responses);
const oursCpu = (r: Round) => r.ours.hostCpuMicros / Math.max(1, r.ours.drive.responses);
const peerCpuPerAnswer = (r: Round) => r.peerCpu / Math.max(1, r.theirs.responses);
const sum = (rounds: readonly Round[], f: (r: Round) => number) => rounds.reduce((t, r) => t + f(r), 0);

/** A row of medians over rounds whose ratio is the median of the rounds' own ratios (each pair ran minutes apart at most). */
function roundsRow(name: string, rounds: readonly Round[], ours: (r: Round) => number, peer: (r: Round) => number, peerName: string, unit: string): BenchRow {
  const out = row(name, median(rounds.map(ours)), peerName, median(rounds.map(peer)), unit);
  out.ratio = median(rounds.map((r) => row(name, ours(r), peerName, peer(r), unit).ratio));
  return out;
}

async function main(): Promise<void> {
  const stale = staleBuildWarning();
  if (stale) console.warn(stale);
  console.log(`load average before the run: ${loadavg().map((x) => x.toFixed(2)).join(' ')} (${CONNECTIONS} connections, ${SECONDS} s, ${ROUNDS} rounds)`);
  const rounds: Round[] = [];
  for (let n = 1; n <= ROUNDS; n++) rounds.push(await runRound(n));
  const periodMs = rounds[0]!.periodMs;
  const peerName = 'bare node:http, same mix and body sizes';
  const frames = sum(rounds, (r) => r.ours.frames.intervals.length), dropped = sum(rounds, (r) => r.ours.frames.skipped);
  const writes = { acked: sum(rounds, (r) => r.ours.writes.acked), sent: sum(rounds, (r) => r.ours.writes.sent) };
  const rows: BenchRow[] = [
    roundsRow('load_req_per_s', rounds, (r) => r.ours.drive.reqPerSec, (r) => r.theirs.reqPerSec, peerName, 'req/s'),
    // The server's own CPU per answer: the peer run is bound by the load generator, ours by the
    // host, so this compares the work of the two servers where req/s cannot.
    roundsRow('load_server_cpu_per_answer', rounds, oursCpu, peerCpuPerAnswer, peerName, 'µs/req'),
    // The share of that CPU the host spends with nobody asking (frames at 60 fps, the history's
    // hooks): the edge cannot remove it. Peer: our whole CPU per answer; ratio = the idle share.
    roundsRow('load_host_idle_cpu_per_answer', rounds, oursCpu, idleCpuPerAnswer, 'ours idle over the same seconds', 'µs/req'),
    roundsRow('load_p50', rounds, (r) => r.ours.drive.latency.p50, (r) => r.theirs.latency.p50, peerName, 'ms'),
    roundsRow('load_p99', rounds, (r) => r.ours.drive.latency.p99, (r) => r.theirs.latency.p99, peerName, 'ms'),
    // The worst round's frame p99: the budget holds only if it holds in every round.
    row('load_frame_p99', Math.max(...rounds.map((r) => r.ours.frames.p99)), '1.5 frame periods', frameBudgetMs(periodMs), 'ms'),
    row('load_fps', median(rounds.map((r) => r.fps)), 'target fps', 1000 / periodMs, 'fps'),
    { case: 'load_frames_dropped', ours: dropped, peer: 'frames run', peer_value: frames, unit: 'frames', ratio: Math.round((dropped / Math.max(1, frames)) * 1000) / 1000 },
    ...KINDS.map((k) => expectRow(`load_non2xx_${k}`, sum(rounds, (r) => r.ours.kinds[k].non2xx), 0, 'responses')),
    expectRow('load_transport_errors', sum(rounds, (r) => r.ours.drive.errors), 0, 'errors'),
    expectRow('load_stale_reads', sum(rounds, (r) => r.ours.reads.stale.length), 0, 'reads'),
    expectRow('load_lost_writes', sum(rounds, (r) => r.ours.lost.length), 0, 'writes'),
    expectRow('load_unexpected_changes', sum(rounds, (r) => r.ours.unexpected.length), 0, 'entities'),
    expectRow('load_host_answers_after', Math.min(...rounds.map((r) => r.ours.healthStatus)), 200, 'HTTP status'),
    { case: 'load_writes_acked', ours: writes.acked, peer: 'writes sent', peer_value: writes.sent, unit: 'writes', ratio: Math.round((writes.acked / Math.max(1, writes.sent)) * 1000) / 1000 },
  ];
  report('load', rows);
  const failed = rows.filter((r) => r.peer === 'expected' && r.ratio !== 1).map((r) => r.case);
  if (failed.length) {
    console.error(`load: checks failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
