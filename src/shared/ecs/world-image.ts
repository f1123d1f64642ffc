// World images: a copy of everything the store holds — every table in creation order with its
// rows and column values, the entity index's generations and free list, names and parents,
// registered components — taken between frames and written back in place, so that ids,
// generations, table ids and the order of tables and rows are the image's again. Caches notice
// through the usual counters (changeCount, structureVersion, hierarchy and table versions) and
// query caches through the table listeners. State that lives outside the store (a pipeline's
// clock, the alerts' records) joins an image as a named part.
import type { ColumnRows } from './column';
import type { ComponentInfo } from './component';
import type { EntityIndex, EntityIndexImage } from './entity-index';
import { EcsError } from './errors';
import type { Hierarchy, HierarchyImage } from './hierarchy';
import type { Entity, Id } from './ids';
import type { Reflection } from './reflection';
import type { Storage } from './storage';
import type { TableIndex } from './table-index';

/** State kept outside the store that must travel with an image (saved as plain data, never as references into a world). */
export interface ImagePart {
  /** Plain data (structured-clonable) describing the part's state now. */
  save(): unknown;
  /** Makes the part's state the saved one; called after the store was restored. */
  load(saved: unknown): void;
}

/** One table of an image. */
export interface TableImage {
  readonly id: number;
  readonly type: readonly Id[];
  readonly entities: readonly Entity[];
  /** Saved rows per data column, in column order. */
  readonly columns: readonly ColumnRows[];
}

/** A whole store at one moment; restore it into the world it came from or into one built the same way. */
export interface WorldImage {
  readonly tables: readonly TableImage[];
  readonly nextTableId: number;
  readonly entities: EntityIndexImage;
  readonly hierarchy: HierarchyImage;
  readonly components: readonly (readonly [number, ComponentInfo])[];
  readonly tagPairs: readonly number[];
  readonly usedAsId: Uint8Array;
  readonly builtin: readonly number[];
  readonly worldSettings: readonly number[];
  /** Saved state of the named parts (see ImagePart). */
  readonly parts: Readonly<Record<string, unknown>>;
}

/** The parts of a world an image reads and writes (the World hands them over). */
export interface ImageSources {
  readonly entities: EntityIndex;
  readonly hierarchy: Hierarchy;
  readonly index: TableIndex;
  readonly store: Storage;
  readonly reflection: Reflection;
  readonly components: Map<number, ComponentInfo>;
  readonly builtin: Set<number>;
  readonly worldSettings: Set<number>;
  readonly parts: ReadonlyMap<string, ImagePart>;
  readonly isDeferred: boolean;
}

/**
 * Takes an image of the world now. Throws while changes are deferred (inside a system). With
 * `borrow`, the tables' rows are views into this world's columns, not copies: the image is only
 * good until this world next changes (to be copied into another world at once, as a restore does).
 */
export function takeImage(s: ImageSources, borrow = false): WorldImage {
  if (s.isDeferred) throw new EcsError('invalid_argument', 'a world image cannot be taken while changes are deferred (inside a system); take it between frames');
  const tables: TableImage[] = [];
  for (const t of s.index.tables.values()) {
    const columns = t.columns.map((c) => (borrow ? c.viewRows(t.count) : c.saveRows(t.count)));
    tables.push({ id: t.id, type: t.type, entities: borrow ? t.entities : t.entities.slice(), columns });
  }
  const parts: Record<string, unknown> = {};
  for (const [name, part] of s.parts) parts[name] = part.save();
  return {
    tables, nextTableId: s.index.nextId, entities: s.entities.saveImage(), hierarchy: s.hierarchy.saveImage(),
    components: [...s.components], tagPairs: s.reflection.tagPairIndices, usedAsId: s.store.saveUsedAsId(),
    builtin: [...s.builtin], worldSettings: [...s.worldSettings], parts,
  };
}

/**
 * Makes the world the image's, in place: afterwards every table, row, value, id and generation is
 * the image's. Observers are not called (nothing was added or removed: the world is put back).
 * Throws while changes are deferred; a part named in the image but not registered is skipped.
 */
export function loadImage(s: ImageSources, img: WorldImage): void {
  if (s.isDeferred) throw new EcsError('invalid_argument', 'a world image cannot be restored while changes are deferred (inside a system); restore it between frames');
  const ids = img.tables.map((t) => t.id), types = img.tables.map((t) => t.type);
  // Tables go while the entities their types name are still alive (their id records need them).
  const kept = s.index.keepLeading(ids, types);
  // A component registered in both worlds keeps this world's info object (the image may come from a twin world).
  const mine = new Map(s.components);
  s.components.clear();
  for (const [i, info] of img.components) {
    const own = mine.get(i);
    s.components.set(i, own !== undefined && own.id === info.id && own.name === info.name ? own : info);
  }
  s.reflection.loadTagPairs(img.tagPairs);
  s.entities.loadImage(img.entities);
  // Alive before the tables are made: their id records name the relationships and targets of pairs.
  for (const ti of img.tables) for (let r = 0; r < ti.entities.length; r++) s.entities.placeEntity(ti.entities[r]!, undefined, r);
  const tables = s.index.createRest(ids, types, kept, img.nextTableId);
  for (let i = 0; i < tables.length; i++) {
    const t = tables[i]!, ti = img.tables[i]!;
    t.loadRows(ti.entities, ti.columns);
    for (let r = 0; r < ti.entities.length; r++) s.entities.placeEntity(ti.entities[r]!, t, r);
  }
  s.hierarchy.loadImage(img.hierarchy);
  s.builtin.clear(); for (const i of img.builtin) s.builtin.add(i);
  s.worldSettings.clear(); for (const i of img.worldSettings) s.worldSettings.add(i);
  s.store.loadUsedAsId(img.usedAsId);
  for (const [name, part] of s.parts) if (name in img.parts) part.load(img.parts[name]);
}

/**
 * Bytes an image holds, counted the same way for every image: column and index arrays by their
 * byte length, entity ids and numbers as 8 bytes, strings as 2 bytes a character, and a fixed
 * 64 bytes for each table and map entry's bookkeeping. An estimate of the heap it keeps alive,
 * used to keep recordings inside their byte budget.
 */
export function imageBytes(img: WorldImage): number {
  let n = img.entities.generation.byteLength + img.usedAsId.byteLength + 8 * img.entities.free.length;
  for (const t of img.tables) {
    n += 64 + 8 * t.type.length + 8 * t.entities.length;
    for (const c of t.columns) for (const a of c as readonly unknown[]) n += leafBytes(a);
  }
  const h = img.hierarchy;
  n += 64 * (h.names.length + h.parents.length + h.children.length + h.byName.length);
  for (const [, name] of h.names) n += 2 * name.length;
  n += 64 * img.components.length + 8 * (img.builtin.length + img.worldSettings.length);
  n += JSON.stringify(img.parts).length * 2;
  return n;
}

function leafBytes(a: unknown): number {
  if (ArrayBuffer.isView(a)) return a.byteLength;
  if (Array.isArray(a)) return a.reduce((sum: number, v: unknown) => sum + (typeof v === 'string' ? 16 + 2 * v.length : 8), 0);
  return 8;
}
