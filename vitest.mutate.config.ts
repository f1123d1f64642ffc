import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { MUTATION_EXCLUDE, MUTATION_INCLUDE } from './scripts/mutate-tests.mjs';

// The tests Stryker runs against each mutant (stryker.config.mjs), and why some are left out:
// scripts/mutate-tests.mjs.

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
      { test: { ...common, name: 'shared-graph', include: MUTATION_INCLUDE, exclude: [...MUTATION_EXCLUDE, ...mocking], isolate: process.env.MUTATE_ISOLATE === '1' } },
      { test: { ...common, name: 'isolated', include: mocking, isolate: true } },
    ],
  },
});
