// Which entity ids are alive, and where each alive entity is stored (table + row).
import { EcsError } from './errors';
import { entityGeneration, entityIndex, isPair, makeEntityId, MAX_INDEX, pairFirstIndex, pairSecondIndex, type Entity, type Id } from './ids';
import type { Table } from './table';

/** Ids below this are handed out to components first (as the reference engine does). */
export const LOW_ID_LIMIT = 256;
/** Largest generation; a recycled index wraps around after this many reuses. */
export const MAX_GENERATION = 2 ** 20 - 1;

/** What an image keeps of the entity index: who is alive follows from the tables' rows. */
export interface EntityIndexImage {
  readonly generation: Uint32Array;
  readonly free: readonly number[];
  readonly nextIndex: number;
  readonly nextLow: number;
}

/** Dense per-index records with recycling and generations. */
export class EntityIndex {
  private generation = new Uint32Array(1024);
  private aliveFlag = new Uint8Array(1024);
  /** Row of each alive entity in its table. */
  row = new Int32Array(1024);
  /** Table of each alive entity (undefined when not alive). */
  readonly table: (Table | undefined)[] = [];
  private free: number[] = [];
  private nextIndex = LOW_ID_LIMIT;
  private nextLow = 1;
  /** Number of alive entities. */
  aliveCount = 0;
  /**
   * The last saved image while nothing it holds changed since (no id allocated, made alive or
   * released, no image loaded): saveImage hands it out again, so keyframes share one copy of the
   * generations (64 KiB at 10,000 asteroids) until an entity is made or deleted.
   */
  private saved: EntityIndexImage | undefined;

  private ensure(index: number): void {
    if (index > MAX_INDEX) throw new EcsError('invalid_argument', `entity index ${index} exceeds the maximum of ${MAX_INDEX}`);
    if (index < this.generation.length) return;
    let cap = this.generation.length;
    while (cap <= index) cap *= 2;
    const g = new Uint32Array(cap); g.set(this.generation); this.generation = g;
    const a = new Uint8Array(cap); a.set(this.aliveFlag); this.aliveFlag = a;
    const r = new Int32Array(cap); r.set(this.row); this.row = r;
  }

  /** Number of recyclable (deleted, not yet reused) ids. */
  get notAliveCount(): number {
    return this.free.length;
  }

  /** Allocates a new id: a low id when asked and available, else a recycled or fresh one. */
  allocate(low = false): Entity {
    this.saved = undefined;
    let index: number;
    if (low && this.nextLow < LOW_ID_LIMIT) {
      index = this.nextLow++;
      while (index < LOW_ID_LIMIT && this.aliveFlag[index]) index = this.nextLow++;
      if (index >= LOW_ID_LIMIT) return this.allocate(false);
    } else if (this.free.length > 0) {
      index = this.free.pop()!;
    } else {
      index = this.nextIndex++;
      while (index < this.generation.length && this.aliveFlag[index]) index = this.nextIndex++;
    }
    this.ensure(index);
    this.aliveFlag[index] = 1;
    this.aliveCount++;
    return makeEntityId(index, this.generation[index]!);
  }

  /** Makes a specific id alive (fixtures that reproduce ids). Throws if its index is in use. */
  makeAlive(id: Entity): Entity {
    const index = entityIndex(id);
    if (index === 0) throw new EcsError('invalid_argument', 'entity id 0 is reserved');
    this.saved = undefined;
    this.ensure(index);
    if (this.aliveFlag[index]) throw new EcsError('invalid_argument', `entity index ${index} is already in use`);
    const f = this.free.indexOf(index);
    if (f >= 0) this.free.splice(f, 1);
    if (entityGeneration(id) > MAX_GENERATION) throw new EcsError('invalid_argument', `entity id ${id} has a generation above ${MAX_GENERATION}`);
    this.generation[index] = entityGeneration(id);
    this.aliveFlag[index] = 1;
    this.aliveCount++;
    if (index >= this.nextIndex) this.nextIndex = index + 1;
    return id;
  }

  /** Ids made after this call start at `index` (fixtures). */
  setNextIndex(index: number): void {
    this.saved = undefined;
    this.ensure(index);
    this.nextIndex = index;
  }

  /** Marks an id dead and its index recyclable with the next generation. */
  release(e: Entity): void {
    const index = entityIndex(e);
    this.saved = undefined;
    this.aliveFlag[index] = 0;
    // Generations wrap below 2^20 so entity ids stay below PAIR_FLAG (2^52).
    this.generation[index] = (this.generation[index]! + 1) & MAX_GENERATION;
    this.table[index] = undefined;
    this.aliveCount--;
    this.free.push(index);
  }

  /** The allocation state (generations, free list, next indices) of a world image; entities are the tables'. */
  saveImage(): EntityIndexImage {
    this.saved ??= { generation: this.generation.slice(), free: this.free.slice(), nextIndex: this.nextIndex, nextLow: this.nextLow };
    return this.saved;
  }

  /** The allocation state as it stands, not copied (generations run on to the capacity), for a lent image: good until this index next changes. */
  lendImage(): EntityIndexImage {
    return { generation: this.generation, free: this.free, nextIndex: this.nextIndex, nextLow: this.nextLow };
  }

  /** Restores the allocation state of an image (saved or lent) with no entity alive; placeEntity then revives each. */
  loadImage(img: EntityIndexImage): void {
    this.saved = undefined;
    if (img.generation.length > this.generation.length) this.ensure(img.generation.length - 1);
    this.generation.fill(0);
    this.generation.set(img.generation);
    this.aliveFlag.fill(0);
    this.table.fill(undefined);
    // Copied in place: the list keeps its storage.
    const free = this.free;
    for (let i = 0; i < img.free.length; i++) free[i] = img.free[i]!;
    free.length = img.free.length;
    this.nextIndex = img.nextIndex;
    this.nextLow = img.nextLow;
    this.aliveCount = 0;
  }

  /**
   * Marks an entity of a restored image alive (its generation is the image's) at its table and
   * row; the table may follow in a second call once it exists. Counts it alive the first time.
   */
  placeEntity(e: Entity, table: Table | undefined, row: number): void {
    const i = entityIndex(e);
    if (this.aliveFlag[i] !== 1) { this.aliveFlag[i] = 1; this.aliveCount++; }
    this.table[i] = table;
    this.row[i] = row;
  }

  /** True when the id (with its generation) is alive. */
  isAlive(e: Entity): boolean {
    if (!Number.isSafeInteger(e) || e <= 0) return false;
    const index = entityIndex(e);
    return index < this.aliveFlag.length && this.aliveFlag[index] === 1 && this.generation[index] === entityGeneration(e);
  }

  /** The alive entity id at an index, or 0. */
  aliveAt(index: number): Entity {
    return index > 0 && index < this.aliveFlag.length && this.aliveFlag[index] === 1 ? makeEntityId(index, this.generation[index]!) : 0;
  }

  /** True when the id (or both parts of a pair) refers to alive entities. */
  isValidId(id: Id): boolean {
    if (isPair(id)) return this.aliveAt(pairFirstIndex(id)) !== 0 && this.aliveAt(pairSecondIndex(id)) !== 0;
    return this.isAlive(id);
  }
}
