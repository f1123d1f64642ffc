#!/usr/bin/env node
// Instructions per evaluation of a query case, counted (not timed):
// `node bench/query/count.mjs <case> [ours|peer] [warm] [n]` with a case of cases.ts. Runs
// count-case.ts under `valgrind --tool=cachegrind` with `node --single-threaded --no-use-osr` for
// warm + n and warm + 2 × n evaluations (fixed hash and random seeds, so that two runs of one build
// agree to a few percent) and prints the difference per evaluation, so start-up,
// the world's construction and warm-up cancel out (as bench/replies/count.mjs does for replies).
// Defaults: ours, 1,000 warm-up evaluations, 500 counted. Needs valgrind; a case takes 1-3 minutes.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const here = import.meta.dirname;
const [name = 'childof_planet_10k', side = 'ours', warm = '1000', n = '500'] = process.argv.slice(2);
const file = join(here, '..', '..', 'out', 'bench', 'query', 'count-case.mjs');
buildSync({ entryPoints: [join(here, 'count-case.ts')], outfile: file, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });

/** Instructions of a process that evaluates the case warm + k times. */
function count(k) {
  const r = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, '--single-threaded', '--no-use-osr', '--hash-seed=1', '--random-seed=1', file, name, side, String(k), warm], { encoding: 'utf8' });
  if (r.error) throw new Error(`valgrind did not run (${r.error.message}): install valgrind`);
  if (r.status !== 0) throw new Error(`count-case failed:\n${r.stderr.slice(-2000)}`);
  const m = /I\s+refs:\s+([\d,]+)/.exec(r.stderr);
  if (!m) throw new Error(`no instruction count in valgrind's output:\n${r.stderr.slice(-2000)}`);
  return Number(m[1].replaceAll(',', ''));
}

const a = count(Number(n)), b = count(2 * Number(n));
console.log(`${name} ${side}: ${Math.round((b - a) / Number(n))} instructions per evaluation (${Number(warm) + Number(n)} → ${Number(warm) + 2 * Number(n)} evaluations: ${a} → ${b})`);
