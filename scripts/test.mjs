#!/usr/bin/env node
// Runs every suite of the project and ends with one line "N passed, N failed" summing them:
// build, type checks (one per tsconfig), import fences (dependency-cruiser), lint (one per file),
// unit + conformance (vitest), end-to-end (Playwright; the browser is chosen by
// tests/e2e/support/browser-resolver.ts). Exits non-zero when anything failed.
// `npm test -- --skip e2e` skips suites by name: build, typecheck, fences, lint, unit, e2e (for quick
// local runs; CI runs all).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { TS_PROJECTS, typecheck } from './typecheck.mjs';

const root = new URL('..', import.meta.url).pathname;
const tmp = join(root, 'test-results');
mkdirSync(tmp, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);

const argv = process.argv.slice(2);
const skip = new Set();
for (let i = 0; i < argv.length; i++) if (argv[i] === '--skip') skip.add(argv[++i]);

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function readJson(file) {
  try { return JSON.parse(readFileSync(file, 'utf8')); } catch { return null; }
}

const suites = [];
function record(name, passed, failed) {
  suites.push({ name, passed, failed });
  console.log(`\n== ${name}: ${passed} passed, ${failed} failed\n`);
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
  const out = join(tmp, 'eslint.json');
  run(bin('eslint'), ['.', '--format', 'json', '--output-file', out]);
  const results = readJson(out) ?? [];
  const bad = results.filter((f) => f.errorCount > 0);
  for (const f of bad) for (const m of f.messages) console.log(`${f.filePath}:${m.line}:${m.column} ${m.message} (${m.ruleId})`);
  record('lint', results.length - bad.length, results.length === 0 ? 1 : bad.length);
}

if (!skip.has('unit')) {
  const out = join(tmp, 'vitest.json');
  const code = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  const r = readJson(out);
  if (r) record('unit + conformance', r.numPassedTests, r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0));
  else record('unit + conformance', 0, 1);
}

if (!skip.has('e2e')) {
  const out = join(tmp, 'playwright.json');
  const code = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  const r = existsSync(out) ? readJson(out) : null;
  if (r?.stats) record('e2e', r.stats.expected, r.stats.unexpected + (r.stats.flaky ?? 0) + (code !== 0 && r.stats.unexpected === 0 ? 1 : 0));
  else record('e2e', 0, 1);
}

const passed = suites.reduce((s, x) => s + x.passed, 0);
const failed = suites.reduce((s, x) => s + x.failed, 0);
for (const s of suites) console.log(`  ${s.name.padEnd(20)} ${s.passed} passed, ${s.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
