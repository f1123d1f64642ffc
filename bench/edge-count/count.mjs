#!/usr/bin/env node
// Instructions per REST request, counted (not timed): `node bench/edge-count/count.mjs <side> [mode] [n1] [n2]`
// with side `ours` (the transport and router, server.ts), `bare` (node:http with fixed bodies,
// bare.ts), `router` (the router in-process, inproc.ts, whose modes also count one kind of the
// load mix alone and run frames between requests) or `f32` (mode `page`: a page of 600 moving
// f32s printed by the replies' writer, f32-rows.ts; a "request" is one page). Runs the side under
// `valgrind --tool=cachegrind` with `node --single-threaded` for n1 and for n2 requests (default
// 2,000 and 5,000) and prints the difference per request, so start-up cancels out. The client
// (client.ts) runs outside valgrind. Needs valgrind; takes minutes. Counts of a whole server vary
// by about ±100k instructions per request between runs (when V8 compiles and collects depends on
// time): compare a change on a few runs, or count the changed code on its own.
import { spawn, spawnSync } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const here = import.meta.dirname;
const out = join(here, '..', '..', 'out', 'bench', 'edge-count');
const [side = 'ours', mode = 'mix', n1 = '2000', n2 = '5000'] = process.argv.slice(2);
const entry = { ours: 'server', bare: 'bare', router: 'inproc', f32: 'f32-rows' }[side];
if (entry === undefined) { console.error(`unknown side '${side}': ours, bare, router or f32`); process.exit(2); }
// The router side also counts one kind of the mix alone and runs frames between requests (inproc.ts).
const modes = side === 'router' ? /^(mix|query|set|read|earth|toggle|page|mars)(@\d+)?$/ : side === 'f32' ? /^page$/ : /^(mix|query)$/;
if (!modes.test(mode)) { console.error(`unknown mode '${mode}' for ${side}: ${side === 'router' ? 'mix, query, set, read, earth, toggle, page or mars, each with an optional @<requests per frame>' : side === 'f32' ? 'page' : 'mix or query'}`); process.exit(2); }

/** `name.ts` bundled as the product ships (node_modules stay imports). */
function bundle(name) {
  const file = join(out, `${name}.mjs`);
  buildSync({ entryPoints: [join(here, `${name}.ts`)], outfile: file, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  return file;
}

/** Instructions of the side's process for n requests. */
async function count(n) {
  const portFile = join(tmpdir(), `edge-count-${process.pid}-${n}`);
  rmSync(portFile, { force: true });
  const client = entry === 'inproc' || entry === 'f32-rows' ? undefined : spawn(process.execPath, [bundle('client'), mode, n, portFile], { stdio: 'inherit' });
  const r = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, '--single-threaded', bundle(entry), mode, n, portFile], { encoding: 'utf8' });
  if (r.error) throw new Error(`valgrind did not run (${r.error.message}): install valgrind`);
  if (client) await new Promise((resolve) => client.on('exit', resolve));
  rmSync(portFile, { force: true });
  const m = /I\s+refs:\s+([\d,]+)/.exec(r.stderr);
  if (!m) throw new Error(`no instruction count in valgrind's output:\n${r.stderr.slice(-2000)}`);
  return Number(m[1].replaceAll(',', ''));
}

const a = await count(n1), b = await count(n2);
console.log(`${side} ${mode}: ${Math.round((b - a) / (Number(n2) - Number(n1)))} instructions per request (${n1} → ${n2} requests: ${a} → ${b})`);
