import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { MUTATION_EXCLUDE, MUTATION_INCLUDE } from './scripts/mutate-tests.mjs';

// The tests Stryker runs against each mutant (stryker.config.mjs): every in-process unit test (of
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
const INCLUDE = MUTATION_INCLUDE;
const EXCLUDE = MUTATION_EXCLUDE;

// Files share one module graph (no per-file reload): Stryker switches mutants through a global, so
// nothing needs reloading, and a mutant's run costs its tests instead of the imports. Files that
// mock a module (vi.mock) need their own graph, so they run isolated, in a project of their own.
const mocking = ['tests/unit', 'tests/conformance']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)))
  .filter((f) => f.endsWith('.test.ts') && /\bvi\.(do)?mock\(/.test(readFileSync(f, 'utf8')));

// Instrumented code on a shared machine runs several times slower than the plain suite.
// The property tests (fast-check) run with one fixed seed, so a mutant is killed or not the same
// way in every run (tests/support/mutate-setup.ts).
const common = { environment: 'node', testTimeout: 120_000, setupFiles: ['tests/support/mutate-setup.ts'] };

export default defineConfig({
  test: {
    projects: [
      // `npm run mutate -- --isolate` (MUTATE_ISOLATE=1) checks that this sharing changes no mutant's fate.
      { test: { ...common, name: 'shared-graph', include: INCLUDE, exclude: [...EXCLUDE, ...mocking], isolate: process.env.MUTATE_ISOLATE === '1' } },
      { test: { ...common, name: 'isolated', include: mocking, isolate: true } },
    ],
  },
});
