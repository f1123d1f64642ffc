import process from 'node:process';
// Mutation testing (StrykerJS): `npm run mutate` runs scripts/mutate.mjs, which calls Stryker once
// per source folder with --mutate and its own incremental file, so a rerun only tests the mutants
// whose code or tests changed. Not part of `npm test`: a full run takes tens of minutes.
const reportDir = process.env.STRYKER_REPORT_DIR ?? 'reports/mutation/all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // With per-test coverage each mutant runs the tests that reached it; `related` would make vitest
  // also walk every test file's imports for each mutant, only to find files it already has.
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // Low by default: the suite itself spawns workers; raise with `npm run mutate -- --concurrency 4`.
  concurrency: 1,
  incremental: true,
  // Static mutants (module-level constants) would each rerun every test; they are counted as ignored.
  ignoreStatic: true,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${reportDir}/mutation.html` },
  jsonReporter: { fileName: `${reportDir}/mutation.json` },
  ignorePatterns: ['out', 'bench', 'docs', 'test-results', 'playwright-report', 'reports', 'tests/e2e'],
  thresholds: { high: 80, low: 60, break: null },
  // A mutant that makes its tests run this much longer than they did unmutated (times 1.5) counts
  // as a timeout (detected): mostly loops that never end, each holding a runner this long. The
  // covering tests of a mutant take well under a second on a quiet machine; on a busy one pass
  // `npm run mutate -- --timeoutMS 60000` so that the machine's other work does not pass for one.
  timeoutMS: 10_000,
  // The first run (every test, with per-test coverage) takes minutes on a loaded 2-core machine.
  dryRunTimeoutMinutes: 40,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
