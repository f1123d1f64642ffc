// `npm run bench -- history`: the cost of keeping the world's history (docs/history.md). Frame
// time p50/p99 with and without history at 3,000 and 10,000 asteroids (alternating processes,
// goal: at most 5% more), a read of the past against the live read (goal: at most 2×), restore
// at 3,000 asteroids (goal: at most 50 ms), bytes per frame and per keyframe, and the default
// 60 s window filled (goal: at most 128 MiB). Every number is the median over fresh processes.
import { join } from 'node:path';
import { interleavedMedians, medianOverProcesses } from './lib/child';
import { report, row, type BenchRow } from './lib/report';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const script = join(import.meta.dirname, 'history', 'run-case.ts');
const m = (name: string, n: number, runs = RUNS, flags: string[] = []) => medianOverProcesses(script, [name, String(n)], runs, flags);
const pair = (a: string, b: string, n: number) => interleavedMedians(script, [[a, String(n)], [b, String(n)]], RUNS);

const rows: BenchRow[] = [];
const add = (r: BenchRow) => { rows.push(r); console.log(`${r.case}: ${r.ours} ${r.unit} (${r.peer} ${r.peer_value})`); };

for (const n of [3000, 10_000]) {
  const [p50on, p50off] = pair('frame-p50-on', 'frame-p50-off', n);
  add(row(`frame_p50_${n}`, p50on!, 'without_history', p50off!, 'ms'));
  const [p99on, p99off] = pair('frame-p99-on', 'frame-p99-off', n);
  add(row(`frame_p99_${n}`, p99on!, 'without_history', p99off!, 'ms'));
}
const [past, live] = pair('read-past', 'read-live', 3000);
add(row('entity_read_past_3000', past!, 'live_read', live!, 'ms'));
add(row('entity_read_past_cold_3000', m('read-past-cold', 3000), 'live_read', live!, 'ms'));
add(row('restore_3000_median', m('restore', 3000), 'goal', 50, 'ms'));
add(row('restore_3000_max', m('restore-max', 3000), 'goal', 50, 'ms'));
add(row('keyframe_bytes_3000', m('keyframe-bytes', 3000, 1), 'frame_bytes', m('frame-bytes', 3000, 1), 'bytes'));
add(row('window_60s_bytes_3000', m('window-bytes', 3000, 1), 'cap_128MiB', 128 * 2 ** 20, 'bytes'));
add(row('window_60s_heap_3000', m('window-heap', 3000, 1, ['--expose-gc']), 'heap_without_history', m('window-heap-off', 3000, 1, ['--expose-gc']), 'bytes'));
report('history', rows);
