// `npm run bench -- serialize`: the query reply of `Position, Velocity` with values=true written
// from the columns, against JSON.stringify of the same reply prepared in advance as plain objects
// (equal text: the objects hold the numbers as the reply prints them). Each side runs in fresh
// processes, the two sides alternating; medians over processes. Target ratio >= 1.5.
import { join } from 'node:path';
import { interleavedMedians } from './lib/child';
import { report, row, type BenchRow } from './lib/report';
import { cases } from './serialize/cases';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const script = join(import.meta.dirname, 'serialize', 'run-case.ts');
const rows: BenchRow[] = [];
for (const name of Object.keys(cases)) {
  const [ours, peer] = interleavedMedians(script, [[name, 'ours'], [name, 'peer']], RUNS) as [number, number];
  rows.push(row(name, ours, 'JSON.stringify of prepared objects', peer, 'MB/s'));
  console.log(`${name} done`);
}
report('serialize', rows);
