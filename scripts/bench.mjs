#!/usr/bin/env node
// `npm run bench -- <suite> [<suite> …]`: runs benchmark suites from bench/<suite>.ts (all when
// none is named). Each suite prints a table and writes bench/out/<suite>.json.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const all = readdirSync(join(root, 'bench')).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3)).sort();
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const suites = asked.length ? asked : all;
let failed = 0;
for (const s of suites) {
  const file = join(root, 'bench', `${s}.ts`);
  if (!existsSync(file)) { console.error(`unknown benchmark suite '${s}'; suites: ${all.join(', ')}`); process.exit(2); }
  console.log(`\n### bench ${s}`);
  const r = spawnSync(join(root, 'node_modules/.bin/tsx'), [file, ...process.argv.slice(2).filter((a) => a.startsWith('-'))], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
