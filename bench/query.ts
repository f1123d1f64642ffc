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
/** Seconds per evaluation of each case, for the afresh-against-cached rows below. */
const seconds = new Map<string, number>();
const pp = m('parse_plan');
rows.push(row('parse_plan (µs per expression)', (pp[0]! / EXPRESSIONS.length) * 1e6, 'JSON.parse of the AST', (pp[1]! / EXPRESSIONS.length) * 1e6, 'µs/expr'));
for (const name of Object.keys(cases)) {
  const entities = cases[name]!().entities;
  const [ours, peer] = m(name);
  seconds.set(name, ours);
  rows.push(row(name, entities / ours, 'hand-written loop', entities / peer, 'entities/s'));
  console.log(`${name} done`);
}
// Issue 46's goal for ad-hoc queries: evaluated afresh, a query costs at most twice what a
// system's cached query of it costs (the ratio below, cached time over afresh time, ≥ 0.5).
for (const [name, fresh] of seconds) {
  const cached = seconds.get(`${name.replace(/_uncached$/, '')}_cached`);
  if (cached === undefined) continue;
  rows.push(row(`${name} afresh (goal: ratio ≥ 0.5)`, fresh * 1e6, 'the same, cached', cached * 1e6, 'µs'));
}
report('query', rows);
