// `npm run bench -- watch-slow`: where a slow watch reader's seconds go. The built host (3,000
// asteroids, 60 fps) streams the soak's big page (500 entities of moving values; WATCH_SLOW_LIMIT) to one reader at
// a time that takes WATCH_SLOW_CHUNK bytes (default 16 KiB) every second, for WATCH_SLOW_SECONDS
// (default 30) each: readers that follow the ids (reopen once they read something more than a
// second old): over gzip judging each event at its id line (the project's clients), over gzip
// judging whole events (the explorer's EventSource), over plain text judging whole events (the
// clients before gzip and id lines); and one over gzip that ignores them (an EventSource in a
// program: it reconnects only when the host resets its stream). After every read it notes the age of the state it holds, the host's send
// queue and its own receive queue for the stream (from `ss`, Linux), and what node holds unread.
// Reports the sizes of `full` and `diff` events, the bytes read of events judged old, the reconnect
// time, how long reading one event takes, and the age at each read.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { infoRow, percentile, report, type BenchRow } from './lib/report';
import { wholeNumberSetting } from './lib/settings';
import { staleBuildWarning, startHost, type HostUnderTest } from './rest/index';
import { parseWatchEventId } from '../src/shared/protocol';
import { openWatch, opened, type WatchOptions, type WatchTrace } from '../tests/support/watch-client';

const SECONDS = wholeNumberSetting('WATCH_SLOW_SECONDS', 30);
const CHUNK = wholeNumberSetting('WATCH_SLOW_CHUNK', 16 * 1024);
/** Rows of the watched page (WATCH_SLOW_LIMIT): 500 is the soak's big page; a small one shows the bound where one event fits in a read. */
const LIMIT = wholeNumberSetting('WATCH_SLOW_LIMIT', 500);
const PAGE = `/watch/query?q=Position%2CVelocity&values=true&limit=${LIMIT}`;
const EVERY_MS = 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const q = (xs: number[], p: number) => (xs.length ? percentile(xs, p) : NaN);

/** Bytes queued on the host's side (Send-Q) and the reader's side (Recv-Q) of the connections to `port`. */
function queues(port: number): { send: number; receive: number } {
  const out = { send: 0, receive: 0 };
  try {
    const lines = execFileSync('ss', ['-tnH', 'state', 'established'], { encoding: 'utf8' }).trim().split('\n');
    for (const line of lines) {
      const [recvQ, sendQ, local, peer] = line.trim().split(/\s+/);
      if (local?.endsWith(`:${port}`)) out.send += Number(sendQ);
      else if (peer?.endsWith(`:${port}`)) out.receive += Number(recvQ);
    }
  } catch { /* no ss: queues unknown */ }
  return out;
}

interface Phase { name: string; ages: number[]; send: number[]; receive: number[]; unread: number[]; trace: WatchTrace; reopens: number; reconnects: number }

async function phase(host: HostUnderTest, name: string, opts: WatchOptions): Promise<Phase> {
  const trace: WatchTrace = { streams: [], events: [] };
  const w = opened(await openWatch(host.url, PAGE, { slow: true, reconnect: true, trace, ...opts }));
  const port = Number(new URL(host.url).port);
  const p: Phase = { name, ages: [], send: [], receive: [], unread: [], trace, reopens: 0, reconnects: 0 };
  const until = Date.now() + SECONDS * 1000;
  while (Date.now() < until) {
    await sleep(EVERY_MS);
    w.readSome(CHUNK);
    const held = parseWatchEventId(w.events.at(-1)?.id)?.time;
    if (held !== undefined) p.ages.push(Date.now() - held);
    const k = queues(port);
    p.send.push(k.send);
    p.receive.push(k.receive);
    p.unread.push(w.unread);
  }
  p.reopens = w.reopens;
  p.reconnects = w.reconnects;
  w.close();
  await sleep(500);
  return p;
}

function rows(p: Phase, periodMs: number): BenchRow[] {
  const info = (c: string, ours: number, unit: string, peer = '', peerValue = NaN): BenchRow => infoRow(`${p.name}_${c}`, ours, unit, peer, peerValue);
  const t = p.trace;
  const sizes = (kind: string) => t.events.filter((e) => e.kind === kind).map((e) => e.bytes);
  // Events judged old: from their id line alone (0 bytes of data read), or whole.
  const stale = t.events.filter((e) => !e.kept);
  const whole = t.events.filter((e) => e.kind !== 'id line');
  // Per stream: request → first body byte read; first byte → first event read whole (and that event's age then).
  const connect: number[] = [], firstRead: number[] = [], firstAge: number[] = [];
  t.streams.forEach((s, i) => {
    const first = whole.find((e) => e.stream === i && e.kept);
    if (s.firstByteAt !== undefined) connect.push(s.firstByteAt - s.requestedAt);
    if (first && s.firstByteAt !== undefined) {
      firstRead.push(first.at - s.firstByteAt);
      const host = parseWatchEventId(first.id)?.time;
      if (host !== undefined) firstAge.push(first.at - host);
    }
  });
  return [
    info('age_p50', q(p.ages, 50), 'ms', 'frames', q(p.ages, 50) / periodMs),
    info('age_max', Math.max(...p.ages), 'ms', 'frames', Math.max(...p.ages) / periodMs),
    info('full_bytes_p50', q(sizes('full'), 50), 'B', 'events', sizes('full').length),
    info('diff_bytes_p50', q(sizes('diff'), 50), 'B', 'events', sizes('diff').length),
    info('old_events_judged', stale.length, 'events', 'data bytes read of them', stale.reduce((a, e) => a + e.bytes, 0)),
    info('streams', t.streams.length, 'streams', 'reopens + reconnects', p.reopens + p.reconnects),
    info('connect_p50', q(connect, 50), 'ms to the first byte read'),
    info('first_event_read_p50', q(firstRead, 50), 'ms from its first byte to the event whole'),
    info('first_event_age_p50', q(firstAge, 50), 'ms old when read whole'),
    info('host_send_queue_p50', q(p.send, 50) / 1024, 'KiB', 'max', Math.max(...p.send) / 1024),
    info('reader_receive_queue_p50', q(p.receive, 50) / 1024, 'KiB', 'max', Math.max(...p.receive) / 1024),
    info('reader_node_unread_p50', q(p.unread, 50) / 1024, 'KiB', 'max', Math.max(...p.unread) / 1024),
  ];
}

async function main(): Promise<void> {
  const stale = staleBuildWarning();
  if (stale) console.warn(stale);
  console.log(`watch-slow: ${SECONDS} s per reader, ${CHUNK} B every ${EVERY_MS} ms; load average before: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  const host = await startHost({ asteroids: 3000 });
  try {
    const phases = [
      await phase(host, 'follows_ids_gzip', { compressed: true }),
      await phase(host, 'follows_ids_gzip_whole_events', { compressed: true, judgeAt: 'event' }),
      await phase(host, 'follows_ids_plain_whole_events', { judgeAt: 'event' }),
      await phase(host, 'ignores_ids_gzip', { compressed: true, maxLagMs: Infinity }),
    ];
    console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    report('watch-slow', phases.flatMap((p) => rows(p, host.periodMs)));
  } finally {
    await host.stop();
  }
}

await main();
