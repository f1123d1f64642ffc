// The old name of ./clock, kept only while src/shared/pipeline/pipeline.ts still imports it from
// here; new code imports ./clock. Delete this file once that import is changed.
export { now } from './clock';
