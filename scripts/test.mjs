#!/usr/bin/env node
// Runs every suite of the project and ends with one line "N passed, N failed" summing them:
// build (one check), type checks (one per tsconfig), import fences (dependency-cruiser, one check),
// lint (one check over the whole tree), unit + conformance (vitest, one per test), end-to-end (Playwright, one per test; the browser is
// chosen by tests/e2e/support/browser-resolver.ts). Skipped and todo tests are reported per suite
// and on the line before the total. A suite that crashes or writes no results counts as failed;
// result files of an earlier run are deleted first, so they are never read for this one.
// `npm test -- --skip e2e` skips suites by name (for quick local runs; CI runs all).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { TS_PROJECTS, typecheck } from './typecheck.mjs';

const root = new URL('..', import.meta.url).pathname;
const tmp = join(root, 'test-results');
mkdirSync(tmp, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);

const SUITES = ['build', 'typecheck', 'fences', 'lint', 'unit', 'e2e'];
const argv = process.argv.slice(2);
const skip = new Set();
for (let i = 0; i < argv.length; i++) {
  if (argv[i] !== '--skip') { console.error(`unknown argument '${argv[i]}': use --skip <suite> (suites: ${SUITES.join(', ')})`); process.exit(2); }
  const name = argv[++i];
  if (!SUITES.includes(name)) { console.error(`unknown suite '${name}': suites are ${SUITES.join(', ')}`); process.exit(2); }
  skip.add(name);
}

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

/** A result file of this run: deleted before the run, so a missing file means the tool wrote none. */
function freshResultFile(name) {
  const file = join(tmp, name);
  rmSync(file, { force: true });
  return file;
}

function readJson(file) {
  try { return JSON.parse(readFileSync(file, 'utf8')); } catch { return null; }
}

const suites = [];
function record(name, passed, failed, skipped = 0, todo = 0, note = '') {
  suites.push({ name, passed, failed, skipped, todo });
  const extra = [skipped ? `${skipped} skipped` : '', todo ? `${todo} todo` : ''].filter(Boolean).join(', ');
  console.log(`\n== ${name}: ${passed} passed, ${failed} failed${extra ? `, ${extra}` : ''}${note ? ` (${note})` : ''}\n`);
}

if (!skip.has('build')) {
  const code = run(bin('electron-vite'), ['build']);
  record('build', code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

if (!skip.has('typecheck')) {
  let passed = 0, failed = 0;
  for (const p of TS_PROJECTS) if (typecheck(p) === 0) passed++; else failed++;
  record('typecheck', passed, failed);
}

if (!skip.has('fences')) {
  // Import fences (.dependency-cruiser.mjs): no cycles, no imports across main/renderer or
  // explorer/viewport, folders entered through their index.ts. One check: any violation fails it.
  const code = run(bin('depcruise'), ['src', '--config', '.dependency-cruiser.mjs']);
  record('fences', code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

if (!skip.has('lint')) {
  // One check: the whole tree is clean. eslint exits 1 on lint errors and 2 when it cannot run
  // (a broken config, a crashing rule); either fails the check, whatever the result file says.
  const out = freshResultFile('eslint.json');
  const code = run(bin('eslint'), ['.', '--format', 'json', '--output-file', out]);
  const results = readJson(out);
  let note = '';
  if (Array.isArray(results)) {
    const bad = results.filter((f) => f.errorCount > 0);
    for (const f of bad) for (const m of f.messages) console.log(`${f.filePath}:${m.line}:${m.column} ${m.message} (${m.ruleId})`);
    note = `${results.length} files, ${bad.length} with errors`;
  }
  if (code !== 0 && code !== 1) note = `eslint could not run (exit code ${code})`;
  else if (!Array.isArray(results)) note = 'eslint wrote no results';
  record('lint', code === 0 ? 1 : 0, code === 0 ? 0 : 1, 0, 0, note);
}

if (!skip.has('unit')) {
  const out = freshResultFile('vitest.json');
  const code = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  const r = readJson(out);
  if (r) {
    // A non-zero exit with no failed test (a file that failed to load, an unhandled error) is one failure.
    const extra = code !== 0 && r.numFailedTests === 0 ? 1 : 0;
    record('unit + conformance', r.numPassedTests, r.numFailedTests + extra, r.numPendingTests ?? 0, r.numTodoTests ?? 0, extra ? `vitest exited with ${code}` : '');
  } else record('unit + conformance', 0, 1, 0, 0, `vitest wrote no results (exit code ${code})`);
}

if (!skip.has('e2e')) {
  const out = freshResultFile('playwright.json');
  const code = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  const r = readJson(out);
  if (r?.stats) {
    const failed = r.stats.unexpected + (r.stats.flaky ?? 0);
    const extra = code !== 0 && failed === 0 ? 1 : 0;
    record('e2e', r.stats.expected, failed + extra, r.stats.skipped ?? 0, 0, extra ? `playwright exited with ${code}` : '');
  } else record('e2e', 0, 1, 0, 0, `playwright wrote no results (exit code ${code})`);
}

const sum = (k) => suites.reduce((s, x) => s + x[k], 0);
for (const s of suites) {
  const extra = [s.skipped ? `${s.skipped} skipped` : '', s.todo ? `${s.todo} todo` : ''].filter(Boolean).join(', ');
  console.log(`  ${s.name.padEnd(20)} ${s.passed} passed, ${s.failed} failed${extra ? `, ${extra}` : ''}`);
}
console.log(`skipped: ${sum('skipped')}, todo: ${sum('todo')}`);
console.log(`${sum('passed')} passed, ${sum('failed')} failed`);
process.exit(sum('failed') === 0 ? 0 : 1);
