#!/usr/bin/env node
// `npm run typecheck`: type-checks every TypeScript project of the repository (one tsconfig per
// part, so a wrong import between parts fails to compile). Exits non-zero when any fails.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** The tsconfig projects, in dependency order: each part of src/, then tests, bench and configs. */
export const TS_PROJECTS = ['src/shared', 'src/main', 'src/preload', 'src/renderer', '.'];

const root = new URL('..', import.meta.url).pathname;

/** Runs tsc on one project; returns its exit code. */
export function typecheck(project) {
  console.log(`tsc -p ${project}`);
  const r = spawnSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', project, '--noEmit'], { cwd: root, stdio: 'inherit' });
  return r.status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const failed = TS_PROJECTS.filter((p) => typecheck(p) !== 0);
  if (failed.length) console.log(`type errors in: ${failed.join(', ')}`);
  process.exit(failed.length ? 1 : 0);
}
