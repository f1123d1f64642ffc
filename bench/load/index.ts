// The mixed read/write load: request mix, write ledger, asteroid snapshots and the session runner.
export { LoadMix, KINDS, QUERY_PAGE, queryPath, readPath, setPath, stateOfEntityReply, type Kind, type KindStats, type MixOptions } from './mix';
export { WriteLedger, type EntityState, type Mismatch, type VerifyReport, type Write } from './write-ledger';
export { snapshotAsteroids } from './snapshot';
export { runLoadSession, describeKinds, type LoadSessionOptions, type LoadSessionResult } from './run-load';
