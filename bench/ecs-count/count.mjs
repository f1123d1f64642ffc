#!/usr/bin/env node
// Instructions per entity per frame, counted (not timed):
// `node bench/ecs-count/count.mjs <ours|handwritten|bitecs> [move|packed_5|…] [entities] [warm] [frames]`.
// Runs frames.ts under `valgrind --tool=cachegrind` with `node --single-threaded --no-use-osr`
// for warm + frames and for warm + 2 × frames frames and prints the difference per entity and
// frame (for the bench/ecs cases, whose entity count is fixed, per frame), so start-up and
// warm-up cancel out. --no-use-osr: a single-threaded process keeps a long loop's on-stack-replaced
// code, which a long-running one replaces with the function's own optimized code; without OSR
// every function runs the code it settles on. Defaults: move, 10,000 entities, 4,000 warm-up
// frames (systems' per-table kernels are compiled after about 2,000), 2,000 frames. Needs valgrind.
// `--node <binary>` (or BENCH_NODE) counts under another Node.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const here = import.meta.dirname;
const args = process.argv.slice(2);
const at = args.indexOf('--node');
const node = at >= 0 ? args.splice(at, 2)[1] : (process.env.BENCH_NODE || process.execPath);
const [impl = 'ours', name = 'move', entities = '10000', warm = '4000', frames = '2000'] = args;
const file = join(here, '..', '..', 'out', 'bench', 'ecs-count', 'frames.mjs');
buildSync({ entryPoints: [join(here, 'frames.ts')], outfile: file, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });

/** Instructions of a process that runs n frames. */
function count(n) {
  const r = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', node, '--single-threaded', '--no-use-osr', file, impl, name, entities, String(n)], { encoding: 'utf8' });
  if (r.error) throw new Error(`valgrind did not run (${r.error.message}): install valgrind`);
  const m = /I\s+refs:\s+([\d,]+)/.exec(r.stderr);
  if (!m) throw new Error(`no instruction count in valgrind's output:\n${r.stderr.slice(-2000)}`);
  return Number(m[1].replaceAll(',', ''));
}

const f = Number(frames), w = Number(warm);
const a = count(w + f), b = count(w + 2 * f);
const perFrame = (b - a) / f;
const per = name === 'move' ? `${(perFrame / Number(entities)).toFixed(1)} per entity (${Math.round(perFrame)} per frame)` : `${Math.round(perFrame)} per frame`;
console.log(`${impl} ${name} ${entities} on ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}: ${per} (${w + f} → ${w + 2 * f} frames: ${a} → ${b})`);
