// One measurement in this process: `run-case.ts <case> <n>`; prints one number.
import { opsPerSecond } from '../lib/child';
import * as hand from './handwritten';
import * as ours from './ours';

const [name, nText] = process.argv.slice(2) as [string, string];
const n = Number(nText);

function nsPerEntity(tick: () => unknown, count: number): number {
  return 1e9 / opsPerSecond(tick, 1000, 500) / count;
}

function msPerCall(fn: () => unknown): number {
  return 1000 / opsPerSecond(fn, 1000, 500);
}

const cases: Record<string, () => number> = {
  'tick-median': () => ours.tick(n, 'median'),
  'tick-p99': () => ours.tick(n, 'p99'),
  'tick-median-monitor': () => ours.tick(n, 'median', true),
  'tick-extra': () => ours.tick(n, 'extra'),
  'tick-extra-monitor': () => ours.tick(n, 'extra', true),
  'move': () => ours.move(n),
  'move-hand': () => nsPerEntity(hand.move(n), n),
  'gravity': () => ours.gravity(n),
  'gravity-hand': () => nsPerEntity(hand.gravity(n), n),
  'orbit': () => ours.orbit(n),
  'orbit-hand': () => nsPerEntity(hand.orbit(n), n),
  'pack': () => msPerCall(ours.packer(n).pack),
  // Here n is the number of entities to pack (what 'drawn' reports for a demo).
  'pack-hand': () => msPerCall(hand.pack(n)),
  'drawn': () => countOf(ours.packer(n).pack()),
  'bytes': () => ours.packer(n).pack().byteLength,
  'json-bytes': () => ours.jsonBytes(ours.packer(n).pack()),
};

function countOf(frame: Uint8Array): number {
  return new DataView(frame.buffer, frame.byteOffset).getUint32(8, true);
}

const run = cases[name];
if (!run) throw new Error(`unknown case '${name}'; cases: ${Object.keys(cases).join(', ')}`);
console.log(JSON.stringify(run()));
