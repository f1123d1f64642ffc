// The tests mutation runs use, written once for the two places that need them:
// vitest.mutate.config.ts (what vitest runs against each mutant) and scripts/mutate.mjs (the
// files it names to Stryker, which runs every file its --testFiles globs match, whatever the
// config excludes).
//
// The tests run against each mutant: every in-process unit test (of
// src/shared, src/main and src/renderer: code of src/shared is also exercised from those) and the
// conformance tests. Tests that spawn a host run the built bundle, not the mutated sources, so they
// could not kill a mutant and only cost time. The fuzz tests are left out too:
// thousands of random requests per mutant would make a run take hours, and a random input that
// kills a mutant in one run and not the next would make scores wobble. So are the tests that take
// tens of seconds each by design (a slow reader over real sockets for hundreds of frames, 1,000
// watch open/close cycles over HTTP, 100,000 asteroids): every mutant they cover would cost that
// much again, and instrumented on a loaded machine they outlast their own time limits (the same
// holds for the slow reader catching up on 3,000 asteroids, and for a simulated week of the monitor). Leaving
// tests out can only lower the score, never raise it.

/** Every test a mutant may run against. */
export const MUTATION_INCLUDE = ['tests/unit/**/*.test.ts', 'tests/conformance/**/*.test.ts'];

/** Tests never run against mutants: fuzz tests, hosts spawned from the build, and the ones slow by design. */
export const MUTATION_EXCLUDE = [
  '**/fuzz*.test.ts', 'tests/unit/main/robustness/host-*.test.ts', '**/node_modules/**',
  'tests/unit/main/host/watch-slow-reader.test.ts', 'tests/unit/main/host/watch-backed-up-catch-up.test.ts', 'tests/unit/main/host/watch-open-close-cycles.test.ts', 'tests/unit/main/sim/scale.test.ts',
  'tests/unit/shared/monitor/monitor-week.test.ts',
];
