// `npm run bench -- watch`: watches against polling on the demo with 10k asteroids at 60 fps.
// 1. The same 20 queries (50 moving asteroids with values each), once as 20 open watches, once
//    polled at 10 Hz: the host's frame p99 and CPU, and bytes per second per query; and the
//    watches once more over gzip (as browsers ask for them): CPU and bytes on the wire.
// 2. The delay from a PUT to the event that shows it, in frames (the PUT's ECS-Frame header and
//    the event's id), against polling at 10 Hz (time to the first poll that shows it / frame period).
// 3. Load: 100 watches on ships while 8 writers PUT increasing values and readers GET: every watch
//    must see its values in order and end on the GET's reply (0 lost, 0 out of order).
// 4. Leaks: the host's heap (after a full collection) before and after 10,000 open/close cycles.
// Needs a build: it measures out/main.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { percentile, report, row, type BenchRow } from './lib/report';
import { frameP99, staleBuildWarning, startHost, type HostUnderTest } from './rest/index';
import { parseWatchEventId } from '../src/shared/protocol';
import { openWatch, opened, type WatchClient } from '../tests/support/watch-client';

const SECONDS = Number(process.env.WATCH_SECONDS ?? 8);
const QUERIES = 20;
const POLL_HZ = 10;
const LOAD_WATCHES = 100;

/** A row where less is better whatever its unit: ratio = peer / ours (above 1: ours is better). */
function lowerRow(name: string, ours: number, peer: string, peerValue: number, unit: string): BenchRow {
  return { ...row(name, ours, peer, peerValue, unit), ratio: Math.round((peerValue / ours) * 1000) / 1000 };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds (user + system) the process has used. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function targets(): string[] {
  return Array.from({ length: QUERIES }, (_, i) => `/query?q=Asteroid%2CPosition&values=true&limit=50&offset=${i * 50}`);
}

interface Measured { frameP99: number; cpu: number; bytesPerSecPerQuery: number; updatesPerSec: number }

async function measureWindow(host: HostUnderTest, work: (stop: () => boolean) => Promise<number>): Promise<Measured & { updates: number }> {
  await host.markFrames();
  const cpu0 = cpuSeconds(host.pid);
  const t0 = performance.now();
  const deadline = t0 + SECONDS * 1000;
  const bytesAndUpdates = work(() => performance.now() >= deadline);
  await sleep(SECONDS * 1000);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = (cpuSeconds(host.pid) - cpu0) / seconds;
  const frames = await host.frameWindow();
  const bytes = await bytesAndUpdates;
  return { frameP99: frameP99(frames.intervals), cpu, bytesPerSecPerQuery: bytes / seconds / QUERIES, updatesPerSec: 0, updates: 0 };
}

async function watchCase(host: HostUnderTest, compressed = false): Promise<Measured> {
  const ws = await Promise.all(targets().map(async (t) => opened(await openWatch(host.url, `/watch${t}`, { compressed }))));
  await sleep(500);
  const start = ws.map((w) => ({ bytes: w.wireBytes, events: w.events.length }));
  const m = await measureWindow(host, async (done) => { while (!done()) await sleep(50); return ws.reduce((s, w, i) => s + w.wireBytes - start[i]!.bytes, 0); });
  const events = ws.reduce((s, w, i) => s + w.events.length - start[i]!.events, 0);
  for (const w of ws) w.close();
  return { ...m, updatesPerSec: events / SECONDS / QUERIES };
}

function get(url: string, agent: Agent): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

function putReq(url: string, agent: Agent): Promise<{ status: number; frame: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, frame: Number(res.headers['ecs-frame']) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function pollCase(host: HostUnderTest): Promise<Measured> {
  const agent = new Agent({ keepAlive: true, maxSockets: QUERIES });
  let polls = 0;
  const m = await measureWindow(host, async (done) => {
    let bytes = 0;
    await Promise.all(targets().map(async (t) => {
      let next = performance.now();
      while (!done()) {
        const r = await get(host.url + t, agent);
        bytes += Buffer.byteLength(r.body);
        polls++;
        next += 1000 / POLL_HZ;
        await sleep(Math.max(0, next - performance.now()));
      }
    }));
    return bytes;
  });
  agent.destroy();
  return { ...m, updatesPerSec: polls / SECONDS / QUERIES };
}

const thrust = (ship: string, v: number) => `/set/${ship}?data=${encodeURIComponent(JSON.stringify({ ids: [['Engine']], values: [{ thrust: v }] }))}`;

function thrustOf(reply: unknown): number | undefined {
  const r = reply as { ids?: string[][]; values?: { thrust?: number }[] } | undefined;
  const i = r?.ids?.findIndex((id) => id[0] === 'Engine') ?? -1;
  return i >= 0 ? r!.values![i]!.thrust : undefined;
}

/** Frames from a PUT to the watch event that shows it; and from a PUT to the first 10 Hz poll that shows it. */
async function delayCase(host: HostUnderTest): Promise<{ watch: number[]; poll: number[] }> {
  const agent = new Agent({ keepAlive: true });
  const target = '/entity/Ship1?values=true';
  const w = opened(await openWatch(host.url, `/watch${target}`));
  await w.next(undefined, 0);
  const watchDelays: number[] = [], pollDelays: number[] = [];
  for (let i = 0; i < 30; i++) {
    const value = 100 + i;
    const from = w.events.length;
    const seen = w.next(() => thrustOf(w.state?.reply) === value, from);
    const p = await putReq(host.url + thrust('Ship1', value), agent);
    const e = await seen;
    watchDelays.push(parseWatchEventId(e.id)!.frame - p.frame);
    await sleep(100);
  }
  w.close();
  for (let i = 0; i < 30; i++) {
    const value = 200 + i;
    // A poller at 10 Hz, at a random phase against the write.
    const phase = Math.random() * (1000 / POLL_HZ);
    await sleep(phase);
    const t0 = performance.now();
    await putReq(host.url + thrust('Ship1', value), agent);
    for (;;) {
      const r = await get(host.url + target, agent);
      if (thrustOf(JSON.parse(r.body)) === value) break;
      await sleep(1000 / POLL_HZ);
    }
    pollDelays.push((performance.now() - t0 + phase) / host.periodMs);
  }
  agent.destroy();
  return { watch: watchDelays, poll: pollDelays };
}

/** 100 watches on ships under writes and reads; counts lost and out-of-order updates. */
async function loadCase(host: HostUnderTest): Promise<{ lost: number; outOfOrder: number; writes: number; watches: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const ships = (JSON.parse((await get(`${host.url}/query?q=Engine`, agent)).body) as { results: { entities: string[] }[] }).results.flatMap((r) => r.entities);
  const watches: { ship: string; w: WatchClient; seen: number[] }[] = [];
  for (let i = 0; i < LOAD_WATCHES; i++) {
    const ship = ships[i % ships.length]!;
    const w = opened(await openWatch(host.url, `/watch/entity/${ship}?values=true`));
    const entry = { ship, w, seen: [] as number[] };
    w.next(() => { const t = thrustOf(w.state?.reply); if (t !== undefined && t !== entry.seen.at(-1)) entry.seen.push(t); return false; });
    watches.push(entry);
  }
  let writes = 0;
  const deadline = performance.now() + SECONDS * 1000;
  // Each writer owns some ships and writes increasing values to them; readers GET meanwhile.
  const writers = Array.from({ length: 8 }, async (_, k) => {
    let v = 1;
    while (performance.now() < deadline) {
      for (let s = k; s < ships.length; s += 8) { await putReq(host.url + thrust(ships[s]!, 1000 + v), agent); writes++; }
      v++;
    }
  });
  const readers = Array.from({ length: 4 }, async (_, k) => {
    while (performance.now() < deadline) await get(`${host.url}/query?q=Asteroid%2CPosition&values=true&limit=100&offset=${k * 100}`, agent);
  });
  await Promise.all([...writers, ...readers]);
  await sleep(500);
  let lost = 0, outOfOrder = 0;
  for (const { ship, w, seen } of watches) {
    const final = thrustOf(JSON.parse((await get(`${host.url}/entity/${ship}?values=true`, agent)).body));
    if (thrustOf(w.state?.reply) !== final) lost++;
    for (let i = 1; i < seen.length; i++) if (seen[i]! < seen[i - 1]!) outOfOrder++;
    w.close();
  }
  agent.destroy();
  return { lost, outOfOrder, writes, watches: watches.length };
}

/** Heap growth of the host over 10,000 watch open/close cycles (after 500 to warm up). */
async function leakCase(host: HostUnderTest): Promise<{ growth: number; watchers: number; streams: number; cycles: number }> {
  const cycle = async (n: number) => {
    for (let done = 0; done < n; done += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, (_, i) => openWatch(host.url, `/watch/query?q=Planet&limit=${1 + (i % 10)}`)));
      for (const w of batch) opened(w).close();
      await sleep(5);
    }
  };
  await cycle(500);
  await sleep(300);
  const before = await host.heap();
  await cycle(10_000);
  await sleep(500);
  const after = await host.heap();
  return { growth: after.heapUsed - before.heapUsed, watchers: after.watchers, streams: after.streams, cycles: 10_000 };
}

async function main(): Promise<void> {
  const stale = staleBuildWarning();
  if (stale) console.warn(stale);
  console.log(`load average before the run: ${loadavg().map((x) => x.toFixed(2)).join(' ')} (${SECONDS} s per case)`);
  // 100 watches from one address are more than the default --max-watches-per-client (32).
  const host = await startHost({ asteroids: 10_000, args: ['--max-watches-per-client', '200', '--max-watches', '400'] });
  try {
    await sleep(1000);
    const watched = await watchCase(host);
    const zipped = await watchCase(host, true);
    const polled = await pollCase(host);
    const delays = await delayCase(host);
    const load = await loadCase(host);
    const leak = await leakCase(host);
    const peer = `the same ${QUERIES} queries polled at ${POLL_HZ} Hz`;
    console.log(`updates per query per second: watched ${watched.updatesPerSec.toFixed(1)}, polled ${polled.updatesPerSec.toFixed(1)}`);
    console.log(`leak: ${leak.cycles} open/close cycles, heap growth ${(leak.growth / 1024).toFixed(0)} KiB, watches left ${leak.watchers}, streams left ${leak.streams}`);
    console.log(`load: ${load.watches} watches, ${load.writes} writes, lost ${load.lost}, out of order ${load.outOfOrder}`);
    const rows: BenchRow[] = [
      row('watch_frame_p99', watched.frameP99, peer, polled.frameP99, 'ms'),
      lowerRow('watch_host_cpu', watched.cpu * 100, peer, polled.cpu * 100, '% cpu'),
      row('watch_bytes_per_s_per_query', watched.bytesPerSecPerQuery, peer, polled.bytesPerSecPerQuery, 'bytes/s'),
      row('watch_updates_per_s_per_query', watched.updatesPerSec, peer, polled.updatesPerSec, 'updates/s'),
      // Browsers ask for gzip: what it costs the host and saves on the wire, against plain streams.
      lowerRow('watch_gzip_host_cpu', zipped.cpu * 100, 'the same watches, plain', watched.cpu * 100, '% cpu'),
      lowerRow('watch_gzip_bytes_per_s_per_query', zipped.bytesPerSecPerQuery, 'the same watches, plain', watched.bytesPerSecPerQuery, 'bytes/s'),
      row('watch_gzip_updates_per_s_per_query', zipped.updatesPerSec, 'the same watches, plain', watched.updatesPerSec, 'updates/s'),
      lowerRow('watch_put_to_event_p50', percentile(delays.watch, 50), 'polling at 10 Hz, to the first poll showing it', percentile(delays.poll, 50), 'frames'),
      lowerRow('watch_put_to_event_max', Math.max(...delays.watch), 'polling at 10 Hz, to the first poll showing it', Math.max(...delays.poll), 'frames'),
      { case: 'watch_load_lost', ours: load.lost, peer: 'expected', peer_value: 0, unit: 'watches', ratio: load.lost === 0 ? 1 : 0 },
      { case: 'watch_load_out_of_order', ours: load.outOfOrder, peer: 'expected', peer_value: 0, unit: 'updates', ratio: load.outOfOrder === 0 ? 1 : 0 },
      { case: 'watch_leak_left_open', ours: leak.watchers + leak.streams, peer: 'expected', peer_value: 0, unit: 'watches', ratio: leak.watchers + leak.streams === 0 ? 1 : 0 },
      // Heap noise of a running host is a few MB; 10,000 leaked watches would be tens of MB.
      { case: 'watch_leak_heap_growth', ours: Math.round(leak.growth / 1024), peer: 'below', peer_value: 4096, unit: 'KiB', ratio: leak.growth < 4 * 1024 * 1024 ? 1 : 0 },
    ];
    report('watch', rows);
    if (load.lost || load.outOfOrder || leak.watchers || leak.streams || leak.growth >= 4 * 1024 * 1024) process.exitCode = 1;
  } finally {
    await host.stop();
  }
}

await main();
