// Runs one measurement per child process (JIT outcomes differ between processes, and a second
// world in one process can slow a library down), and takes the median over processes.
// Each child script is bundled with esbuild first and run by plain node, so it measures the code
// as the product ships it: tsx (which runs the benchmarks' own TypeScript) keeps function names by
// wrapping every function created at run time in a naming helper, which costs inside hot loops.
import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { buildSync } from 'esbuild';
import { median } from './report';

const REPO = join(import.meta.dirname, '..', '..');
const bundles = new Map<string, string>();

/** `script` bundled to out/bench/… (once per run); node_modules packages stay imports. */
export function bundled(script: string): string {
  let out = bundles.get(script);
  if (out === undefined) {
    out = join(REPO, 'out', 'bench', relative(join(REPO, 'bench'), script).replace(/\.ts$/, '.mjs'));
    buildSync({ entryPoints: [script], outfile: out, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
    bundles.set(script, out);
  }
  return out;
}

/** Runs `script args…` `runs` times in fresh processes; each prints one JSON number. Returns the median. */
export function medianOverProcesses(script: string, args: string[], runs: number, nodeFlags: string[] = []): number {
  const file = bundled(script);
  const values: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(process.execPath, [...nodeFlags, file, ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${script} ${args.join(' ')} failed:\n${r.stderr}`);
    const line = r.stdout.trim().split('\n').pop()!;
    values.push(Number(JSON.parse(line)));
  }
  return median(values);
}

/** Runs `script args…` `runs` times in fresh processes; each prints one JSON array of numbers. Returns the arrays, one per process. */
export function samplesOverProcesses(script: string, args: string[], runs: number, nodeFlags: string[] = []): number[][] {
  const file = bundled(script);
  const out: number[][] = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(process.execPath, [...nodeFlags, file, ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${script} ${args.join(' ')} failed:\n${r.stderr}`);
    out.push((JSON.parse(r.stdout.trim().split('\n').pop()!) as unknown[]).map(Number));
  }
  return out;
}

/**
 * Like medianOverProcesses for several argument lists at once, alternating between them run by
 * run (A B A B …), so that a change in the machine's load hits every side alike. Returns one
 * median per argument list, in order.
 */
export function interleavedMedians(script: string, argLists: string[][], runs: number, nodeFlags: string[] = []): number[] {
  const file = bundled(script);
  const values = argLists.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    for (const [k, args] of argLists.entries()) {
      const r = spawnSync(process.execPath, [...nodeFlags, file, ...args], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${script} ${args.join(' ')} failed:\n${r.stderr}`);
      values[k]!.push(Number(JSON.parse(r.stdout.trim().split('\n').pop()!)));
    }
  }
  return values.map(median);
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
