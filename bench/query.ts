// `npm run bench -- query`: parse + plan of typical expressions, and evaluation of typical queries
// against a hand-written loop over the same tables (the practical limit), in fresh processes.
import { join } from 'node:path';
import { interleavedMedians } from './lib/child';
import { report, row, type BenchRow } from './lib/report';
import { cases, EXPRESSIONS } from './query/cases';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const script = join(import.meta.dirname, 'query', 'run-case.ts');
/** Medians of [ours, peer] on one case, their runs interleaved. */
const m = (name: string) => interleavedMedians(script, [[name, 'ours'], [name, 'peer']], RUNS) as [number, number];

const rows: BenchRow[] = [];
const pp = m('parse_plan');
rows.push(row('parse_plan (µs per expression)', (pp[0]! / EXPRESSIONS.length) * 1e6, 'JSON.parse of the AST', (pp[1]! / EXPRESSIONS.length) * 1e6, 'µs/expr'));
for (const name of Object.keys(cases)) {
  const entities = cases[name]!().entities;
  const [ours, peer] = m(name);
  rows.push(row(name, entities / ours, 'hand-written loop', entities / peer, 'entities/s'));
  console.log(`${name} done`);
}
report('query', rows);
