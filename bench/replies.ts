// `npm run bench -- replies`: replies built in-process by the router (no socket, reply cache off)
// on the demo world of the reference's shape, in microseconds per reply, beside the reference
// engine's C figures for the same requests (quoted: the project does not build that engine).
// The query cases ask the same text each time, so they also show the query cache at work.
// Each case runs twice (see replies/run-case.ts): back to back on an unchanging world, where the
// rows' own caches serve, and `_after_frame`, with a frame of the demo before each reply, as a
// live host answers: the figure to hold against a reference that prints every reply anew.
import { join } from 'node:path';
import { medianOverProcesses } from './lib/child';
import { REFERENCE_C, REFERENCE_C_PEER } from './lib/reference-c';
import { report, row, type BenchRow } from './lib/report';
import { CASES } from './replies/cases';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const script = join(import.meta.dirname, 'replies', 'run-case.ts');
const rows: BenchRow[] = [];
for (const name of Object.keys(CASES)) {
  const c = REFERENCE_C[name as keyof typeof REFERENCE_C];
  rows.push(row(name, medianOverProcesses(script, [name], RUNS), REFERENCE_C_PEER, c.value, c.unit));
  rows.push(row(`${name}_after_frame`, medianOverProcesses(script, [name, 'after-frame'], RUNS), REFERENCE_C_PEER, c.value, c.unit));
  console.log(`${name} done`);
}
report('replies', rows);
