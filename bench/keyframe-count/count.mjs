#!/usr/bin/env node
// Instructions a keyframe costs, counted (not timed):
// `node bench/keyframe-count/count.mjs [snap|history] [asteroids] [frames] [interval] [seconds]`.
// Runs frames.ts under `valgrind --tool=cachegrind` with `node --single-threaded --no-use-osr`
// (as bench/ecs-count does) for `frames` and for 2 × `frames` frames, with keyframes every
// `interval` frames and without (snap: World.snapshot() against frames alone; history: the host's
// History against one that takes no keyframe after its first), and prints the difference per
// keyframe, so start-up, warm-up and one-off compilation cancel out. `seconds` of the past are kept:
// the default 5 s with a keyframe every 10 frames keep 30 keyframes, as the host's 60 s every 120
// frames do, and fill in the first 300 frames, so the counted frames drop one as they take one and
// the collector's work on them is counted. Defaults: history, 3,000 asteroids, 600 frames, a
// keyframe every 10 frames, 5 s. Needs valgrind.
import { spawn } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const here = import.meta.dirname;
const [mode = 'history', n = '3000', frames = '600', interval = '10', seconds = '5'] = process.argv.slice(2);
if (mode !== 'snap' && mode !== 'history') throw new Error(`unknown mode '${mode}': snap or history`);
const file = join(here, '..', '..', 'out', 'bench', 'keyframe-count', 'frames.mjs');
buildSync({ entryPoints: [join(here, 'frames.ts')], outfile: file, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });

/** Instructions of a process that runs `total` frames in `side`, a keyframe every `every` frames. */
function count(side, total, every) {
  return new Promise((resolve, reject) => {
    const p = spawn('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath,
      '--single-threaded', '--no-use-osr', '--random-seed=1', '--hash-seed=1', file, side, n, String(total), String(every), seconds]);
    let err = '';
    p.stderr.on('data', (d) => { err += d; });
    p.on('error', (e) => reject(new Error(`valgrind did not run (${e.message}): install valgrind`)));
    p.on('close', () => {
      const m = /I\s+refs:\s+([\d,]+)/.exec(err);
      if (m) resolve(Number(m[1].replaceAll(',', '')));
      else reject(new Error(`no instruction count in valgrind's output:\n${err.slice(-2000)}`));
    });
  });
}

const f = Number(frames), every = Number(interval), never = 1e9;
const [base, withKeys] = mode === 'snap' ? [['none', every], ['snap', every]] : [['history', never], ['history', every]];
// Two at a time (the machine has two cores).
const [b1, k1] = await Promise.all([count(base[0], f, base[1]), count(withKeys[0], f, withKeys[1])]);
const [b2, k2] = await Promise.all([count(base[0], 2 * f, base[1]), count(withKeys[0], 2 * f, withKeys[1])]);
const perKey = ((k2 - k1) - (b2 - b1)) / (f / every);
console.log(`${mode}, ${n} asteroids: ${Math.round(perKey)} instructions a keyframe (${f} more frames with a keyframe every ${every}: ${k2 - k1}; without: ${b2 - b1}, ${Math.round((b2 - b1) / f)} a frame)`);
