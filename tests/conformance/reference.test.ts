// Replays every reference capture (tests/reference/flecs-3.2) through our router, run by run on
// fresh worlds as INDEX.md describes, and compares the replies after the documented renames.
// A capture either matches or is a documented deviation whose reply is checked against the rule
// that explains it (deviations.ts, deviations.md). Failing must be 0.
import { afterAll, describe, expect, test } from 'vitest';
import { loadCaptures, type Capture } from '../support/reference';
import { DEVIATIONS } from './deviations';
import { buildRunWorld, captureNo, differences, replay, type RunWorld } from './harness';

const captures = loadCaptures();
const tally = { matched: 0, deviating: 0, failing: 0 };
const failures: string[] = [];

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

for (const group of runs()) {
  describe(`app run ${String(group[0]!.context?.app_run)}`, () => {
    let run: RunWorld | undefined;
    for (const c of group) {
      const n = captureNo(c);
      test(`${c.file}: ${c.method} ${c.url.slice(0, 80)}`, () => {
        run ??= buildRunWorld(c);
        const ours = replay(run, c);
        const deviation = DEVIATIONS[n];
        if (deviation) {
          // A documented deviation is checked against the rule that explains it.
          try {
            deviation.check(ours, run, c);
          } catch (err) {
            tally.failing++;
            failures.push(`${c.file}: deviation check failed: ${(err as Error).message}`);
            throw err;
          }
          tally.deviating++;
          return;
        }
        const diff = differences(c, ours);
        if (diff === undefined) { tally.matched++; return; }
        tally.failing++;
        failures.push(`${c.file}: ${diff}`);
        expect.fail(`${c.file} differs from the reference and is not a documented deviation: ${diff}`);
      });
    }
  });
}

test('every capture is replayed', () => {
  expect(captures).toHaveLength(400);
});

afterAll(() => {
  console.log(`reference captures: ${tally.matched} matched, ${tally.deviating} deviating (documented in tests/conformance/deviations.md), ${tally.failing} failing`);
  if (process.env.CONFORMANCE_VERBOSE) console.log(failures.join('\n'));
});
