import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'bench/out/**', 'test-results/**', 'playwright-report/**', 'reports/**', '.stryker-tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // A switch over a kind (a step, term, node, slot or reply kind) names every kind, so a kind
    // added to a union is an error at each switch that would skip it; the `never` default
    // (src/shared/unreachable.ts) makes tsc say the same. The rule needs types: the sources are
    // linted with their own tsconfig (src/*/tsconfig.json) through the project service.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: false }],
    },
  },
  {
    // The shared core runs in Node, Electron and the browser: it may not import any of them.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ['fs', 'path', 'http', 'https', 'os', 'net', 'url', 'crypto', 'child_process', 'worker_threads'].map((name) => ({ name, message: 'src/shared must not import from node.' })),
        patterns: [
          { group: ['node:*'], message: 'src/shared must not import from node.' },
          { group: ['electron', 'electron/*'], message: 'src/shared must not import from electron.' },
          { group: ['three', 'express', 'ws', 'preact', 'preact/*', 'uplot'], message: 'src/shared must not depend on a host or UI library.' },
          { group: ['**/main/**', '**/renderer/**', '**/preload/**'], message: 'src/shared must not import from main, renderer or preload.' },
        ],
      }],
    },
  },
  {
    files: ['scripts/**/*.mjs', '.ci/**', '.dependency-cruiser.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly' } },
  },
);
