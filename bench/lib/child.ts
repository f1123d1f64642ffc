// Runs one measurement per child process (JIT outcomes differ between processes, and a second
// world in one process can slow a library down), and takes the median over processes.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median } from './report';

const TSX = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsx');

/** Runs `script args…` `runs` times in fresh processes; each prints one JSON number. Returns the median. */
export function medianOverProcesses(script: string, args: string[], runs: number, nodeFlags: string[] = []): number {
  const values: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(TSX, [...nodeFlags, script, ...args], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: nodeFlags.join(' ') } });
    if (r.status !== 0) throw new Error(`${script} ${args.join(' ')} failed:\n${r.stderr}`);
    const line = r.stdout.trim().split('\n').pop()!;
    values.push(Number(JSON.parse(line)));
  }
  return median(values);
}

/** Calls fn repeatedly: warms up, then measures for `ms` milliseconds; returns calls per second. */
export function opsPerSecond(fn: () => void, ms = 700, warmupMs = 300): number {
  const warmEnd = performance.now() + warmupMs;
  while (performance.now() < warmEnd) fn();
  let n = 0;
  const start = performance.now();
  let t = start;
  while (t - start < ms) {
    for (let i = 0; i < 16; i++) fn();
    n += 16;
    t = performance.now();
  }
  return (n * 1000) / (t - start);
}
