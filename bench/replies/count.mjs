#!/usr/bin/env node
// Instructions per in-process reply, counted (not timed): `node bench/replies/count.mjs <case> [warm] [n] [--moving]`
// with a case of cases.ts. `--moving` runs a frame of the demo before each reply (rows change, so
// they are printed anew) and subtracts the same frames counted alone. Runs count-case.ts under `valgrind --tool=cachegrind` with
// `node --single-threaded --no-use-osr` for warm + n and warm + 2 × n replies and prints the
// difference per reply, so start-up and warm-up cancel out (as bench/ecs-count does for frames).
// Defaults: warm-up and n chosen per case so a run takes well under a minute. Needs valgrind.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const here = import.meta.dirname;
const DEFAULTS = { entity_reply: [20000, 20000], query_position_limit_1000: [3000, 3000], query_position_velocity_values_3k: [300, 200] };
const args = process.argv.slice(2);
const moving = args.includes('--moving');
const [name = 'entity_reply', warmArg, nArg] = args.filter((a) => a !== '--moving');
const [warm, n] = [Number(warmArg ?? DEFAULTS[name]?.[0] ?? 1000), Number(nArg ?? DEFAULTS[name]?.[1] ?? 1000)];
const file = join(here, '..', '..', 'out', 'bench', 'replies', 'count-case.mjs');
buildSync({ entryPoints: [join(here, 'count-case.ts')], outfile: file, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });

/** Instructions of a process that builds the reply warm + k times. */
function count(k, mode = 'still') {
  const r = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, '--single-threaded', '--no-use-osr', file, name, String(k), String(warm), mode], { encoding: 'utf8' });
  if (r.error) throw new Error(`valgrind did not run (${r.error.message}): install valgrind`);
  if (r.status !== 0) throw new Error(`count-case failed:\n${r.stderr.slice(-2000)}`);
  const m = /I\s+refs:\s+([\d,]+)/.exec(r.stderr);
  if (!m) throw new Error(`no instruction count in valgrind's output:\n${r.stderr.slice(-2000)}`);
  return Number(m[1].replaceAll(',', ''));
}

if (moving) {
  const a = count(n, 'moving'), b = count(2 * n, 'moving'), fa = count(n, 'frames'), fb = count(2 * n, 'frames');
  console.log(`${name}, a frame before each: ${Math.round((b - a - (fb - fa)) / n)} instructions per reply (${Math.round((b - a) / n)} with the frame, ${Math.round((fb - fa) / n)} the frame alone)`);
} else {
  const a = count(n), b = count(2 * n);
  console.log(`${name}: ${Math.round((b - a) / n)} instructions per reply (${warm + n} → ${warm + 2 * n} replies: ${a} → ${b})`);
}
