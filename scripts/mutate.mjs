#!/usr/bin/env node
// Mutation testing, one Stryker run per source folder of src/shared (stryker.config.mjs).
// `npm run mutate` runs the default folders; `npm run mutate -- query json` only those;
// `npm run mutate -- protocol/frame 'protocol/*.ts' json/labels.ts,json/type-info.ts` a subfolder
// or files (globs under src/shared; several joined by ',' make one run);
// `--concurrency N` passes through; `--tests <globs,…>` runs those test files instead of the folder's. Each folder keeps its own incremental file in
// reports/mutation/, so a rerun tests only mutants whose source or covering tests changed.
// The last lines print the mutation score of each folder run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const DEFAULT_FOLDERS = ['protocol', 'rest', 'json', 'query'];
// The tests a folder's mutants run against (Stryker's --testFiles), when not all of
// vitest.mutate.config.ts: the tests that assert what the folder produces. Every reply passes
// through json, so without this each surviving json mutant would rerun well over a thousand tests
// of other folders (minutes per mutant). Fewer tests can only lower a score, never raise it.
const FOLDER_TESTS = {
  // The contract's tables, the watch and frame protocols and the bridge are read by the router, the
  // host and the pages: their tests, not the replays of the conformance suite.
  protocol: ['tests/unit/shared/protocol/**/*.test.ts', 'tests/unit/shared/rest/**/*.test.ts', 'tests/unit/main/**/*.test.ts', 'tests/unit/renderer/**/*.test.ts'],
  json: ['tests/unit/shared/json/**/*.test.ts', 'tests/unit/shared/rest/**/*.test.ts', 'tests/conformance/**/*.test.ts'],
};
const argv = process.argv.slice(2);
const folders = [];
const pass = [];
/** --tests <globs,…>: the tests to run instead of the folder's (FOLDER_TESTS), e.g. for a part of a folder. */
let testsOverride;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--concurrency') pass.push('--concurrency', argv[++i] ?? '');
  else if (argv[i] === '--tests') testsOverride = (argv[++i] ?? '').split(',');
  else if (argv[i].startsWith('-')) { console.error(`unknown option '${argv[i]}': give folder names under src/shared and optionally --concurrency N and --tests <globs,…>`); process.exit(2); }
  else folders.push(argv[i]);
}
for (const f of folders) {
  const missing = f.split(',').find((p) => !p.includes('*') && !existsSync(join(root, 'src/shared', p)));
  if (missing !== undefined) { console.error(`no folder or file src/shared/${missing}: give folder names under src/shared, e.g. ${DEFAULT_FOLDERS.join(' ')}`); process.exit(2); }
}

/** Mutation score of a Stryker JSON report (mutation-testing-report-schema): killed + timeout over valid mutants. */
function score(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const n = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, CompileError: 0, RuntimeError: 0 };
  for (const f of Object.values(report.files)) for (const m of f.mutants) n[m.status] = (n[m.status] ?? 0) + 1;
  const detected = n.Killed + n.Timeout;
  const valid = detected + n.Survived + n.NoCoverage;
  return { ...n, score: valid ? (100 * detected) / valid : 100 };
}

const results = [];
for (const folder of folders.length ? folders : DEFAULT_FOLDERS) {
  // A part of a folder (protocol/frame, 'protocol/*.ts') gets its own report and incremental file,
  // in a subfolder of the folder's (reports/mutation/protocol/protocol_frame).
  const top = folder.split('/')[0];
  const dir = join('reports/mutation', top, folder === top ? '' : folder.replace(/[*,/]/g, '_'));
  const tests = testsOverride ?? FOLDER_TESTS[top];
  const r = spawnSync(join(root, 'node_modules/.bin/stryker'), [
    'run', 'stryker.config.mjs',
    '--mutate', folder.split(',').map((p) => (/[*]|\.ts$/.test(p) ? `src/shared/${p}` : `src/shared/${p}/**/*.ts`)).join(','),
    '--incrementalFile', `${dir}/incremental.json`,
    ...(tests ? ['--testFiles', tests.join(',')] : []),
    ...pass,
  ], {
    cwd: root, stdio: 'inherit',
    env: { ...process.env, STRYKER_REPORT_DIR: dir },
  });
  if (r.status !== 0) { console.error(`stryker failed on src/shared/${folder} (exit code ${r.status})`); process.exit(1); }
  results.push({ folder, ...score(join(root, dir, 'mutation.json')) });
}
for (const r of results) {
  console.log(`src/shared/${r.folder}: ${r.score.toFixed(1)}% (killed ${r.Killed}, timeout ${r.Timeout}, survived ${r.Survived}, no coverage ${r.NoCoverage}, ignored ${r.Ignored})`);
}
