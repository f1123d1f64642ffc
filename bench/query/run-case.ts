// One measurement in this process: `run-case.ts <case> <ours|peer>`; prints seconds per run.
import { cases, parsePlan } from './cases';

const [name, side] = process.argv.slice(2) as [string, 'ours' | 'peer'];
const c = name === 'parse_plan' ? parsePlan() : cases[name]!();
const fn = c[side];
let sink = 0;
const warm = performance.now() + 300;
while (performance.now() < warm) sink += fn();
let n = 0;
const start = performance.now();
while (performance.now() - start < 700) { sink += fn(); n++; }
const seconds = (performance.now() - start) / 1000 / n;
if (sink === Number.MIN_VALUE) console.error('');
console.log(JSON.stringify(seconds));
