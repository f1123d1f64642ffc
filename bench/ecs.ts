// `npm run bench -- ecs`: the five cases of the public JS ECS benchmark suite, move_100k (also
// settled, after 5,000 frames) and memory per entity, each in fresh processes (median of
// several), against bitECS (in its fastest documented form, see ecs/bitecs.ts) and a
// hand-written Float32Array loop; the reference C library's figures for the same cases are
// quoted beside ours.
import { join } from 'node:path';
import { interleavedMedians } from './lib/child';
import { REFERENCE_C, REFERENCE_C_PEER } from './lib/reference-c';
import { report, row, type BenchRow } from './lib/report';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const script = join(import.meta.dirname, 'ecs', 'run-case.ts');
/** Medians of the implementations on one case, their runs interleaved. */
const m = (impls: string[], name: string, flags: string[] = []) => interleavedMedians(script, impls.map((impl) => [impl, name]), RUNS, flags);

const rows: BenchRow[] = [];
for (const name of ['packed_5', 'simple_iter', 'frag_iter', 'entity_cycle', 'add_remove']) {
  const [ours, bitecs] = m(['ours', 'bitecs'], name) as [number, number];
  rows.push(row(name, ours, 'bitecs', bitecs, 'ops/s'));
  const c = REFERENCE_C[name as keyof typeof REFERENCE_C];
  rows.push(row(name, ours, REFERENCE_C_PEER, c.value, c.unit));
  console.log(`${name} done`);
}
const [moveOurs, moveBitecs, moveHand] = m(['ours', 'bitecs', 'handwritten'], 'move_100k') as [number, number, number];
rows.push(row('move_100k', moveOurs, 'bitecs', moveBitecs, 'ns/entity'));
rows.push(row('move_100k', moveOurs, 'handwritten-f32', moveHand, 'ns/entity'));
rows.push(row('move_100k', moveOurs, REFERENCE_C_PEER, REFERENCE_C.move_100k.value, 'ns/entity'));
const [settledOurs, settledBitecs, settledHand] = m(['ours', 'bitecs', 'handwritten'], 'move_100k_settled') as [number, number, number];
rows.push(row('move_100k_settled', settledOurs, 'bitecs', settledBitecs, 'ns/entity'));
rows.push(row('move_100k_settled', settledOurs, 'handwritten-f32', settledHand, 'ns/entity'));
const [memOurs, memBitecs] = m(['ours', 'bitecs'], 'memory', ['--expose-gc']) as [number, number];
rows.push(row('memory_100k', memOurs, 'bitecs', memBitecs, 'bytes/entity'));
report('ecs', rows);
