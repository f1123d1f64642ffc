// Types of mutate-tests.mjs, for vitest.mutate.config.ts.
/** Every test a mutant may run against. */
export declare const MUTATION_INCLUDE: string[];
/** Tests never run against mutants. */
export declare const MUTATION_EXCLUDE: string[];
