// One measurement in this process: `run-case.ts <case> <ours|peer>`; prints MB/s of reply text.
import { cases } from './cases';

const [name, side] = process.argv.slice(2) as [string, 'ours' | 'peer'];
const c = cases[name]!();
const fn = c[side];
const bytes = fn().length;
const warm = performance.now() + 400;
while (performance.now() < warm) fn();
let n = 0;
const start = performance.now();
while (performance.now() - start < 1000 || n < 5) { fn(); n++; }
const seconds = (performance.now() - start) / 1000 / n;
console.log(JSON.stringify(bytes / seconds / 1e6));
