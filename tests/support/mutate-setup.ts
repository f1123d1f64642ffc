// Setup of the mutation runs (vitest.mutate.config.ts): the property tests draw their inputs from
// one fixed seed, so whether a mutant is killed does not depend on the run. (npm test keeps
// fast-check's random seed: there, new inputs each run are the point.)
import fc from 'fast-check';

fc.configureGlobal({ seed: 31 });
