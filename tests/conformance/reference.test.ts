// Replays every reference capture (tests/reference/flecs-3.2) through our router, run by run on
// fresh worlds as INDEX.md describes, and compares the replies after the documented renames. It
// runs twice: in the contract's reply shapes, and in compat mode (--compat flecs-3.2), where the
// deviations that only the contract's shapes and limits cause disappear. A capture either matches
// or is a documented deviation whose reply is checked against the rule that explains it
// (deviations.ts, deviations.md). Failing must be 0 in both modes.
import { afterAll, describe, expect, test } from 'vitest';
import { loadCaptures, type Capture } from '../support/reference';
import { DEVIATIONS } from './deviations';
import { buildRunWorld, captureNo, differences, replay, type ReplayMode, type RunWorld } from './harness';

const captures = loadCaptures();
const MODES: readonly ReplayMode[] = ['contract', 'flecs-3.2'];
const tallies = new Map(MODES.map((m) => [m, { matched: 0, deviating: 0, failing: 0, failures: [] as string[] }]));

/** Captures grouped by app run, in order; runs marked "fresh app" per capture get their own world. */
function runs(): Capture[][] {
  const groups = new Map<string, Capture[]>();
  for (const c of captures) {
    const run = String(c.context?.app_run ?? 'A');
    let g = groups.get(run);
    if (!g) groups.set(run, (g = []));
    g.push(c);
  }
  return [...groups.values()];
}

for (const mode of MODES) {
  const tally = tallies.get(mode)!;
  for (const group of runs()) {
    describe(`${mode}: app run ${String(group[0]!.context?.app_run)}`, () => {
      let run: RunWorld | undefined;
      for (const c of group) {
        const n = captureNo(c);
        test(`${c.file}: ${c.method} ${c.url.slice(0, 80)}`, () => {
          run ??= buildRunWorld(c, mode);
          const ours = replay(run, c);
          const documented = DEVIATIONS[n];
          const deviation = documented?.onlyIn === undefined || documented.onlyIn === mode ? documented : undefined;
          const diff = differences(c, ours, mode);
          // In compat mode a capture whose deviation only the contract causes simply matches.
          if (diff === undefined && (mode !== 'contract' || !deviation || deviation.onlyIn)) { tally.matched++; return; }
          const check = mode === 'contract' ? deviation?.check : deviation?.compat ?? deviation?.check;
          if (check) {
            // A documented deviation is checked against the rule that explains it.
            try {
              check(ours, run, c);
            } catch (err) {
              tally.failing++;
              tally.failures.push(`${mode} ${c.file}: deviation check failed: ${(err as Error).message}`);
              throw err;
            }
            tally.deviating++;
            return;
          }
          tally.failing++;
          tally.failures.push(`${mode} ${c.file}: ${diff ?? 'matches, but is documented as a deviation'}`);
          expect.fail(`${c.file} (${mode}) differs from the reference and is not a documented deviation: ${diff}`);
        });
      }
    });
  }
}

test('every capture is replayed', () => {
  expect(captures).toHaveLength(400);
});

afterAll(() => {
  for (const [mode, t] of tallies) {
    console.log(`reference captures (${mode}): ${t.matched} matched, ${t.deviating} deviating (documented in tests/conformance/deviations.md), ${t.failing} failing`);
    if (process.env.CONFORMANCE_VERBOSE) console.log(t.failures.join('\n'));
  }
});
