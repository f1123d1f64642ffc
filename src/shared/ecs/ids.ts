// Entity and id encoding.
//
// An entity id is a JS-safe integer: index + generation * 2^32. A recycled index gets a new
// generation, so an old id stops being alive. A pair (relationship, target) is one number:
// PAIR_FLAG + relIndex * 2^24 + targetIndex. Pairs drop generations (as the reference engine
// does), which limits indices to 2^24 (16.7M live entities) — checked where indices are made.

/** An entity id (index + generation * 2^32). */
export type Entity = number;
/** A component id: an entity (component or tag) or a pair. */
export type Id = number;

/** Multiplier of the generation part of an entity id. */
export const GENERATION_UNIT = 2 ** 32;
/** Largest entity index that can take part in a pair. */
export const MAX_INDEX = 2 ** 24 - 1;
/** Marks an id as a pair. */
export const PAIR_FLAG = 2 ** 52;
const PAIR_UNIT = 2 ** 24;

/** The index part of an entity id. */
export function entityIndex(e: Entity): number {
  // ToUint32 is exactly `e mod 2^32` for non-negative safe integers, and much faster than %.
  return e >>> 0;
}

/** The generation part of an entity id. */
export function entityGeneration(e: Entity): number {
  return (e - (e >>> 0)) / GENERATION_UNIT;
}

/** Builds an entity id from index and generation. */
export function makeEntityId(index: number, generation: number): Entity {
  return index + generation * GENERATION_UNIT;
}

/** True when the id is a pair. */
export function isPair(id: Id): boolean {
  return id >= PAIR_FLAG;
}

/** Encodes the pair (relationship, target); generations are dropped. */
export function makePair(rel: Entity, target: Entity): Id {
  return PAIR_FLAG + entityIndex(rel) * PAIR_UNIT + entityIndex(target);
}

/** Index of the relationship of a pair. */
export function pairFirstIndex(id: Id): number {
  return Math.floor((id - PAIR_FLAG) / PAIR_UNIT);
}

/** Index of the target of a pair. */
export function pairSecondIndex(id: Id): number {
  return ((id - PAIR_FLAG) >>> 0) & (PAIR_UNIT - 1);
}
