// `npm run bench -- ecs`: the five cases of the public JS ECS benchmark suite, move_100k and
// memory per entity, each in fresh processes (median of several), against bitECS and a
// hand-written Float32Array loop.
import { join } from 'node:path';
import { medianOverProcesses } from './lib/child';
import { report, row, type BenchRow } from './lib/report';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const script = join(import.meta.dirname, 'ecs', 'run-case.ts');
const m = (impl: string, name: string, flags: string[] = []) => medianOverProcesses(script, [impl, name], RUNS, flags);

const rows: BenchRow[] = [];
for (const name of ['packed_5', 'simple_iter', 'frag_iter', 'entity_cycle', 'add_remove']) {
  rows.push(row(name, m('ours', name), 'bitecs', m('bitecs', name), 'ops/s'));
  console.log(`${name} done`);
}
const moveOurs = m('ours', 'move_100k');
rows.push(row('move_100k', moveOurs, 'bitecs', m('bitecs', 'move_100k'), 'ns/entity'));
rows.push(row('move_100k', moveOurs, 'handwritten-f32', m('handwritten', 'move_100k'), 'ns/entity'));
rows.push(row('memory_100k', m('ours', 'memory', ['--expose-gc']), 'bitecs', m('bitecs', 'memory', ['--expose-gc']), 'bytes/entity'));
report('ecs', rows);
