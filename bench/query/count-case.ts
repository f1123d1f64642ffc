// One counted run for count.mjs: `count-case <case> <ours|peer> <n> <warm>` runs a case of
// cases.ts warm + n times in-process and prints nothing.
import { cases, parsePlan } from './cases';

const [name = '', side = 'ours', n = '0', warm = '0'] = process.argv.slice(2);
const c = name === 'parse_plan' ? parsePlan() : cases[name]?.();
if (c === undefined) throw new Error(`unknown case ${name}: ${Object.keys(cases).join(', ')}, parse_plan`);
if (side !== 'ours' && side !== 'peer') throw new Error(`unknown side ${side}: ours or peer`);
const fn = c[side];
let sink = 0;
for (let i = 0, end = Number(warm) + Number(n); i < end; i++) sink += fn();
if (sink === Number.MIN_VALUE) console.log('');
