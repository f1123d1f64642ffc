#!/usr/bin/env node
// `npm run bench -- [options] [suite…]`: runs benchmark suites from bench/<suite>.ts (all when
// none is named), each in its own process. Each suite prints a table of ratios against a peer
// and writes bench/out/<suite>.json. `--help` lists the suites and options and runs nothing.
// `--node <binary>` (or BENCH_NODE) runs the suites under another Node: each suite and every
// process it starts (they use process.execPath) then run on that binary, so one checkout can be
// measured on Node 20 and on the current LTS side by side.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';

const root = new URL('..', import.meta.url).pathname;
const files = readdirSync(join(root, 'bench')).filter((f) => f.endsWith('.ts')).sort();
const all = files.map((f) => f.slice(0, -3));

/** A suite's one-line summary: the first sentence of its header comment, after the command. */
function summary(file) {
  const head = readFileSync(join(root, 'bench', file), 'utf8').split('\n').filter((l) => l.startsWith('//')).map((l) => l.slice(2).trim()).join(' ');
  const text = head.replace(/^`[^`]*`:\s*/, '');
  const end = text.search(/[.;](\s|$)| — | \(/);
  const first = end > 0 ? text.slice(0, end) : text;
  return first.length <= 80 ? first : `${first.slice(0, first.lastIndexOf(' ', 78))} …`;
}

function positive(value) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`expected a whole number of at least 1, got '${value}'`);
  return String(n);
}

const program = new Command()
  .name('npm run bench --')
  .description('Runs benchmark suites (all when none is named); each prints ratios against a peer and writes bench/out/<suite>.json.\nThe rest and load suites measure the built host: run `npx electron-vite build` first.')
  .argument('[suite...]', `suites to run: ${all.join(', ')}`)
  .option('--runs <n>', 'fresh processes per case; the median is reported (ecs, query, serialize, tick: 5; rest: 3)', positive)
  .option('--connections <n>', 'load: concurrent connections (default 50)', positive)
  .option('--seconds <n>', 'load: measured seconds (default 10)', positive)
  .option('--rounds <n>', 'load: rounds of ours-then-peer, the median ratio reported (default 3)', positive)
  .option('--host-args <options>', "load: further options of the host under test, one string (for example '--history 0')")
  .option('--node <binary>', 'the Node binary to run the suites under (default: $BENCH_NODE, else this one)')
  .addHelpText('after', `\nSuites:\n${files.map((f, i) => `  ${all[i].padEnd(10)} ${summary(f)}`).join('\n')}\n\nExample: npm run bench -- load --seconds 5`)
  .showHelpAfterError('(npm run bench -- --help lists the suites and options)')
  .parse(process.argv);

const asked = program.args;
const unknown = asked.filter((s) => !all.includes(s));
if (unknown.length) program.error(`unknown benchmark suite '${unknown[0]}': suites are ${all.join(', ')}`, { exitCode: 2 });
const o = program.opts();
// The suites read their settings from the environment, so each can also be run alone with tsx.
const env = { ...process.env };
if (o.runs) env.BENCH_RUNS = o.runs;
if (o.connections) env.LOAD_CONNECTIONS = o.connections;
if (o.seconds) env.LOAD_SECONDS = o.seconds;
if (o.rounds) env.LOAD_ROUNDS = o.rounds;
if (o.hostArgs !== undefined) env.LOAD_HOST_ARGS = o.hostArgs;

/** The Node binary the suites run under, and its version; a binary that does not run is refused. */
function chosenNode(asked, label) {
  if (asked === undefined || asked === '') return { binary: process.execPath, version: process.version };
  const r = spawnSync(asked, ['--version'], { encoding: 'utf8' });
  const version = r.status === 0 ? r.stdout.trim() : '';
  if (!/^v\d+\.\d+\.\d+/.test(version)) {
    const why = r.error ? r.error.message : `it printed '${`${r.stdout}${r.stderr}`.trim().split('\n')[0].slice(0, 80)}' for --version`;
    program.error(`${label} '${asked}' is not a Node binary that runs (${why}): give the path of a node executable`, { exitCode: 2 });
  }
  return { binary: asked, version };
}
const node = o.node !== undefined ? chosenNode(o.node, '--node') : chosenNode(process.env.BENCH_NODE, 'BENCH_NODE');
// tsx's command-line entry, run by the chosen binary (node_modules/.bin/tsx would pick whichever node is on PATH).
const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

let failed = 0;
for (const s of asked.length ? asked : all) {
  console.log(`\n### bench ${s} (node ${node.version})`);
  const r = spawnSync(node.binary, [tsx, join(root, 'bench', `${s}.ts`)], { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
