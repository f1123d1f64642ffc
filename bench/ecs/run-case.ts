// One measurement in this process: `run-case.ts <impl> <case>`; prints one number.
import { opsPerSecond } from '../lib/child';
import * as bitecs from './bitecs';
import * as handwritten from './handwritten';
import * as ours from './ours';

const [impl, name] = process.argv.slice(2) as [string, string];
const impls: Record<string, { cases?: Record<string, () => () => void>; move: (n: number) => () => void; populate?: (n: number) => unknown }> = { ours, bitecs, handwritten };
const lib = impls[impl];
if (!lib) throw new Error(`unknown implementation ${impl}`);
const N = 100_000;
/** Frames run before a settled case is measured (a minute at 60 fps is 3,600). */
const SETTLE_FRAMES = 5000;

if (name === 'move_100k' || name === 'move_100k_settled') {
  const tick = lib.move(N);
  // settled: after SETTLE_FRAMES frames, as in a game that has run for a minute. V8 optimizes a
  // system's table kernel (src/shared/pipeline/table-kernel.ts) only after 1,000-4,000 calls,
  // which 500 ms of warm-up on a loaded machine may not reach.
  if (name === 'move_100k_settled') for (let f = 0; f < SETTLE_FRAMES; f++) tick();
  const ops = opsPerSecond(tick, 1000, 500);
  console.log(JSON.stringify(1e9 / ops / N));
} else if (name === 'memory') {
  const gc = (globalThis as { gc?: () => void }).gc!;
  gc();
  const before = process.memoryUsage();
  const keep = lib.populate!(N);
  gc();
  const after = process.memoryUsage();
  void keep;
  console.log(JSON.stringify((after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / N));
} else {
  const update = lib.cases![name]!();
  console.log(JSON.stringify(opsPerSecond(update)));
}
