// `npm run bench -- --node <binary>` (scripts/bench.mjs) runs each suite under another Node, so
// one checkout is measured on two runtimes; BENCH_NODE does the same. A stand-in binary (a shell
// script that answers --version and logs how it was called) shows which binary ran which suite
// without running a benchmark; a path that is not a runnable Node is refused before any suite runs.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..', '..');
const BENCH = join(REPO, 'scripts', 'bench.mjs');
const dirs: string[] = [];

afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

/** A fake node in a fresh folder: prints `version` for --version, else appends its arguments to log. */
function standIn(version: string): { binary: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-node-'));
  dirs.push(dir);
  const binary = join(dir, 'node'), log = join(dir, 'calls.log');
  writeFileSync(binary, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo ${version}; exit 0; fi\necho "$@" >> '${log}'\n`);
  chmodSync(binary, 0o755);
  return { binary, log };
}

function bench(args: string[], env: Record<string, string> = {}) {
  const base = { ...process.env };
  delete base.BENCH_NODE;
  return spawnSync(process.execPath, [BENCH, ...args], { cwd: REPO, encoding: 'utf8', env: { ...base, ...env } });
}

describe('npm run bench under another Node binary', () => {
  test('--node runs each named suite through tsx on that binary and names its version', () => {
    const fake = standIn('v99.1.2');
    const r = bench(['--node', fake.binary, 'serialize', 'tick']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('### bench serialize (node v99.1.2)');
    expect(r.stdout).toContain('### bench tick (node v99.1.2)');
    expect(readFileSync(fake.log, 'utf8').trim().split('\n')).toEqual([
      `${join(REPO, 'node_modules', 'tsx', 'dist', 'cli.mjs')} ${join(REPO, 'bench', 'serialize.ts')}`,
      `${join(REPO, 'node_modules', 'tsx', 'dist', 'cli.mjs')} ${join(REPO, 'bench', 'tick.ts')}`,
    ]);
  });

  test('BENCH_NODE does the same, and --node wins over it', () => {
    const fromEnv = standIn('v98.0.0'), fromOption = standIn('v97.0.0');
    expect(bench(['tick'], { BENCH_NODE: fromEnv.binary }).stdout).toContain('### bench tick (node v98.0.0)');
    const both = bench(['--node', fromOption.binary, 'tick'], { BENCH_NODE: fromEnv.binary });
    expect(both.stdout).toContain('### bench tick (node v97.0.0)');
    expect(readFileSync(fromEnv.log, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  test('a binary that is missing or is not node is refused by name before any suite runs', () => {
    const missing = join(tmpdir(), 'no-such-node-binary');
    const r = bench(['--node', missing, 'tick']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`--node '${missing}' is not a Node binary that runs (spawnSync ${missing} ENOENT): give the path of a node executable`);
    expect(r.stdout).not.toContain('### bench');
    const notNode = standIn('not a version');
    const e = bench(['tick'], { BENCH_NODE: notNode.binary });
    expect(e.status).toBe(2);
    expect(e.stderr).toContain(`BENCH_NODE '${notNode.binary}' is not a Node binary that runs (it printed 'not a version' for --version)`);
  });

  test('--help lists the option and its environment variable', () => {
    const r = bench(['--help']);
    expect(r.stdout).toContain('--node <binary>');
    expect(r.stdout).toContain('$BENCH_NODE');
  });
});
