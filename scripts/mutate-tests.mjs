// The tests mutation runs use, written once for the two places that need them:
// vitest.mutate.config.ts (what vitest runs against each mutant) and scripts/mutate.mjs (the
// files it names to Stryker, which runs every file its --testFiles globs match, whatever the
// config excludes). Why each is left out: see vitest.mutate.config.ts.

/** Every test a mutant may run against. */
export const MUTATION_INCLUDE = ['tests/unit/**/*.test.ts', 'tests/conformance/**/*.test.ts'];

/** Tests never run against mutants: fuzz tests, hosts spawned from the build, and the ones slow by design. */
export const MUTATION_EXCLUDE = [
  '**/fuzz*.test.ts', 'tests/unit/main/robustness/host-*.test.ts', '**/node_modules/**',
  'tests/unit/main/host/watch-slow-reader.test.ts', 'tests/unit/main/host/watch-backed-up-catch-up.test.ts', 'tests/unit/main/host/watch-http.test.ts', 'tests/unit/main/sim/scale.test.ts',
  'tests/unit/shared/monitor/monitor-week.test.ts',
];
