// Public API of the entity-component store.
export { World, type EntityOptions, type ComponentOptions, type DocField, type SetEntry } from './world';
export type { EntityLocation } from './storage';
export { TableIndex, type TableListener, type StoreCounters, type TableEnv } from './table-index';
export { markBuiltinTree } from './builtins';
export { EcsError, type EcsErrorCode } from './errors';
export {
  type Entity, type Id, isPair, makePair, pairFirstIndex, pairSecondIndex, entityIndex, entityGeneration,
  makeEntityId, GENERATION_UNIT, MAX_INDEX, PAIR_FLAG,
} from './ids';
export type { CoreIds, PhaseName } from './core-ids';
export { PHASE_NAMES } from './core-ids';
export { makeSchema, leafArrayType, type Schema, type SchemaSpec, type MemberSpec, type Primitive, type Leaf, type LeafKind, type TypeNode, type MemberNode, type ValueRange } from './schema';
export { planWrite, readValue, coerceLeaf, type LeafArray, type LeafWrite, type WriteOptions } from './values';
export type { ComponentInfo } from './component';
export { Table, type Edge, type TableFlags } from './table';
export { Column, type ColumnViews } from './column';
export { NamesMemo } from './names-memo';
export { checkNameRule } from './names';
export { IdRecord } from './id-record';
export type { ObserverEvent, ObserverFn } from './observers';
export type { CommandCounters, CommandQueue } from './commands';
export { importUnits, unitInfo, unitPaths, type UnitInfo } from './units';
export { type WorldImage, type TableImage, type ImagePart } from './world-image';
export { imageBytes, countImageBytes, type ImageByteCount } from './image-bytes';
export { ImageSeries } from './image-series';
export type { ColumnRows } from './column';
