// `npm run bench -- breakpoints`: the demo's frame time at 3,000 asteroids with 0, 10 and 100
// breakpoints, side by side in one process (three worlds, their frames interleaved round by round,
// medians over rounds); the goal is 10 and 100 breakpoints at most 10% of the frame, printed beside
// each figure. The breakpoints are
// the kinds a user sets: member comparisons on the ships, a leave on the belt's asteroids, one
// ship's values on change; none fires (a hit would pause the world and stop the systems).
// Breakpoints with the same query share one evaluation, so the last case gives each of its 100
// breakpoints a text of its own (the same five kinds, numbers and spacing varied): what 100
// different breakpoints cost.
import { runApp, type App } from '../src/shared/app';
import { Breakpoints } from '../src/shared/breakpoints';
import { World } from '../src/shared/ecs';
import { createDemo } from '../src/main/sim';
import { report, row, type BenchRow } from './lib/report';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
/** The goal: breakpoints cost at most this much of the frame without them. */
const GOAL = 0.1;
const KINDS = [
  { q: 'Fuel.value < -1', on: 'enter' },
  { q: 'Asteroid, (ChildOf, Belt)', on: 'leave' },
  { q: 'Position.y > 1000000', on: 'enter' },
  { q: 'Fuel, Engine', on: 'leave' },
  { q: 'Shape.kind == Box', on: 'enter' },
] as const;

/** The i-th breakpoint's query: one of the kinds, or with `distinct` a text no other breakpoint has (same kind and cost). */
function text(i: number, distinct: boolean): string {
  const q = KINDS[i % KINDS.length]!.q;
  if (!distinct) return q;
  const k = Math.floor(i / KINDS.length);
  // A different bound where there is one, else different spacing: the same work, not shared.
  return q.includes('<') || q.includes('>') ? q.replace(/-?\d+$/, (n) => String(Number(n) - k)) : q.replace(' ', ' '.repeat(k + 1));
}

function setup(n: number, distinct = false): { app: App; bps: Breakpoints; spent: number[] } {
  const world = new World();
  const app = runApp(world, { manual: true, time_control: true, target_fps: 60 });
  createDemo(world, { seed: 1, asteroids: 3000 });
  const bps = new Breakpoints(world, { pause: () => {}, frame: () => app.frameCount, ranSystems: () => app.simulated, frameSteps: 1_000_000, requestSteps: 25_000 });
  for (let i = 0; i < n; i++) {
    const k = KINDS[i % KINDS.length]!;
    bps.set(`b${i}`, { q: text(i, distinct), on: k.on, once: false, enabled: true });
  }
  const spent: number[] = [];
  app.onFrame(() => { spent.push(bps.afterFrame()); });
  return { app, bps, spent };
}

const cases = [
  ...[0, 10, 100].map((n) => ({ name: `${n}_breakpoints`, n, ...setup(n), ms: [] as number[] })),
  { name: '100_distinct', n: 100, ...setup(100, true), ms: [] as number[] },
];
for (let r = 0; r < ROUNDS; r++) {
  for (const c of cases) {
    const t0 = performance.now();
    c.app.step(1 / 60);
    c.ms.push(performance.now() - t0);
  }
}
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };
const base = median(cases[0]!.ms.slice(ROUNDS / 4));
const rows: BenchRow[] = [];
for (const c of cases) {
  const ms = median(c.ms.slice(ROUNDS / 4));
  rows.push(row(`frame_3k_${c.name}`, ms, 'no_breakpoints', base, 'ms'));
  const over = (ms - base) / base;
  const goal = c.n === 0 ? '' : `, goal at most +${GOAL * 100}%: ${over <= GOAL ? 'met' : 'not met'}`;
  console.log(`${c.name.replace('_', ' ')}: ${ms.toFixed(3)} ms/frame (${over >= 0 ? '+' : ''}${(over * 100).toFixed(1)}% over none${goal}; ${median(c.spent.slice(ROUNDS / 4))} steps/frame spent, ${c.bps.stepsPerFrame()} if every query were read in full)`);
}
report('breakpoints', rows);
