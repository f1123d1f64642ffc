// World images: a copy of everything the store holds — every table in creation order with its
// rows and column values, the entity index's generations and free list, names and parents,
// registered components — taken between frames and written back in place, so that ids,
// generations, table ids and the order of tables and rows are the image's again. Caches notice
// through the usual counters (changeCount, hierarchy and table versions, and structureVersion
// when an entity used as an id changed) and query caches through the table listeners. State that
// lives outside the store (a pipeline's clock, the alerts' records) joins an image as a named
// part. A world can also be lent as an image (its own arrays, nothing copied) to be restored into
// a twin at once: a history restore copies its replica into the live world that way.
import type { ColumnRows } from './column';
import type { ComponentInfo } from './component';
import type { EntityIndex, EntityIndexImage } from './entity-index';
import { EcsError } from './errors';
import type { Hierarchy, HierarchyImage } from './hierarchy';
import type { Entity, Id } from './ids';
import type { Reflection } from './reflection';
import { RowArena, type LargeLeafCopier } from './row-arena';
import type { Storage } from './storage';
import type { Table } from './table';
import type { TableIndex } from './table-index';
import type { WriteClock } from './write-clock';

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
  /** Each table's image in the last saved image of this world, with the table's version and the write clock then (see takeImage). */
  readonly saved: WeakMap<Table, SavedTable>;
  /** When each component's values were last written. */
  readonly writes: WriteClock;
}

/** A table's image as the last saved image of its world holds it, with Table.version and the write clock (WriteClock.now) when it was taken. */
export interface SavedTable {
  readonly version: number;
  stamp: number;
  readonly image: TableImage;
}

/** A series of images that share with each other (implemented by ImageSeries, image-series.ts). */
export interface ImageSeriesLike extends LargeLeafCopier {
  /** Each table's image in the series' last image (what the next one shares with). */
  readonly saved: WeakMap<Table, SavedTable>;
  /** The series' last image (undefined before the first). */
  readonly last: WorldImage | undefined;
  /**
   * Called once the image is taken, with the tables it does not share with the series' last image
   * (each with that table's image in the last one; undefined: a table made since) when no table
   * of the last image was deleted, for its byte count (image-bytes.ts, noteTableChanges).
   */
  imageDone(image: WorldImage, changes?: readonly (readonly [TableImage, TableImage | undefined])[]): void;
}

/**
 * Takes an image of the world now. Throws while changes are deferred (inside a system). With
 * `borrow`, the tables' rows are views into this world's columns, not copies: the image is only
 * good until this world next changes (to be copied into another world at once, as a restore does).
 *
 * A saved image shares what did not change with the previous saved image of the same world: a
 * table whose rows did not move (same Table.version) reuses the previous image's entity list,
 * and each column whose component was not written since (World.writtenAt: set(), a system whose
 * query may write it, modified()) reuses its arrays; the whole table image when no column was.
 * Images are never changed once made, so sharing is safe; it spares a history's keyframes most
 * of their copies and garbage (at 3,000 asteroids, 325 of the demo's 348 tables are the previous
 * keyframe's 30 frames later). Code that writes columns in place without telling the world
 * (modified(), or a system writing a term it declared [in]) is not seen here, as by any reader of
 * writtenAt.
 */
export function takeImage(s: ImageSources, borrow = false, series?: ImageSeriesLike): WorldImage {
  if (s.isDeferred) throw new EcsError('invalid_argument', 'a world image cannot be taken while changes are deferred (inside a system); take it between frames');
  const tables: TableImage[] = [], arena = borrow ? undefined : new RowArena(series);
  // An image of a series shares with the series' last image only (see ImageSeries).
  const saved = series?.saved ?? s.saved, last = series?.last;
  // A series' image notes the tables it does not share with the last one, for its byte count.
  const changes: [TableImage, TableImage | undefined][] | undefined = last === undefined ? undefined : [];
  let made = 0;
  for (const t of s.index.tables.values()) {
    if (arena === undefined) { tables.push(borrowTable(t)); continue; }
    const prev = saved.get(t), image = saveTable(t, prev, saved, s.writes, arena);
    tables.push(image);
    if (changes !== undefined && image !== prev?.image) {
      changes.push([image, prev?.image]);
      if (prev === undefined) made++;
    }
  }
  const parts: Record<string, unknown> = {};
  for (const [name, part] of s.parts) parts[name] = part.save();
  const image: WorldImage = {
    tables, nextTableId: s.index.nextId, entities: s.entities.saveImage(), hierarchy: s.hierarchy.saveImage(),
    components: [...s.components], tagPairs: s.reflection.tagPairIndices, usedAsId: s.store.saveUsedAsId(),
    builtin: [...s.builtin], worldSettings: [...s.worldSettings], parts,
  };
  // Every other table is the last image's own when none was deleted: counting these is enough.
  series?.imageDone(image, changes !== undefined && tables.length - made === last!.tables.length ? changes : undefined);
  return image;
}

/** A table's rows as views into its columns (a borrowed image). */
function borrowTable(t: Table): TableImage {
  return { id: t.id, type: t.type, entities: t.entities, columns: t.columns.map((c) => c.viewRows(t.count)) };
}

/**
 * A table's image, sharing with the table's previous saved image what did not change (see
 * takeImage), and noted as the table's last.
 */
function saveTable(t: Table, prev: SavedTable | undefined, saved: WeakMap<Table, SavedTable>, writes: WriteClock, arena: RowArena): TableImage {
  const now = writes.now;
  let image: TableImage;
  // A table empty now and then holds nothing a write could have changed: its image is the same.
  // Most of the demo's tables are (280 of 353 at 3,000 asteroids), their columns still written.
  if (prev !== undefined && t.count === 0 && prev.image.entities.length === 0) {
    prev.stamp = now;
    return prev.image;
  }
  if (prev === undefined || prev.version !== t.version) {
    image = { id: t.id, type: t.type, entities: t.entities.slice(), columns: t.columns.map((c, i) => { arena.at(t.id, i); return c.saveRows(t.count, arena); }) };
  } else {
    // Same rows: a column whose component was not written since is kept, the others copied.
    const old = prev.image, type = t.type, at = t.columnOfTypeIndex;
    let columns: ColumnRows[] | undefined;
    for (let k = 0; k < type.length; k++) {
      const i = at[k]!;
      if (i < 0) continue;
      const same = writes.at(type[k]!) <= prev.stamp;
      if (same && columns === undefined) continue;
      columns ??= old.columns.slice(0, i);
      if (!same) arena.at(t.id, i);
      columns.push(same ? old.columns[i]! : t.columns[i]!.saveRows(t.count, arena));
    }
    if (columns === undefined) { prev.stamp = now; return old; }
    image = { id: t.id, type: t.type, entities: old.entities, columns };
  }
  saved.set(t, { version: t.version, stamp: now, image });
  return image;
}

/**
 * The world as it stands, lent as an image without copying anything: every array is the world's
 * own (leaf arrays, generations and marks run on to their capacity; a reader takes the rows each
 * table's entities say). Good only until the world next changes: for loadImage into another
 * world at once (World.restoreFrom), never to keep, never into the world it came from.
 */
export function lendImage(s: ImageSources): WorldImage {
  if (s.isDeferred) throw new EcsError('invalid_argument', 'a world cannot be lent while changes are deferred (inside a system); lend it between frames');
  const tables: TableImage[] = [];
  for (const t of s.index.tables.values()) tables.push(t.lent);
  const parts: Record<string, unknown> = {};
  for (const [name, part] of s.parts) parts[name] = part.save();
  return {
    tables, nextTableId: s.index.nextId, entities: s.entities.lendImage(), hierarchy: s.hierarchy.saveImage(),
    components: [...s.components], tagPairs: s.reflection.tagPairIndices, usedAsId: s.store.lendUsedAsId(),
    builtin: [...s.builtin], worldSettings: [...s.worldSettings], parts,
  };
}

/**
 * Makes the world the image's, in place: afterwards every table, row, value, id and generation is
 * the image's. Observers are not called (nothing was added or removed: the world is put back).
 * Throws while changes are deferred; a part named in the image but not registered is skipped.
 * What already equals the image (leading tables, components, sets of ids) is kept, not rebuilt,
 * and rows are copied into the arrays in place: a restore allocates little (its garbage makes the
 * collector pause it).
 */
export function loadImage(s: ImageSources, img: WorldImage): void {
  if (s.isDeferred) throw new EcsError('invalid_argument', 'a world image cannot be restored while changes are deferred (inside a system); restore it between frames');
  // What the entities used as ids are now, to tell afterwards whether query caches stay valid.
  s.store.noteIdUses();
  // Tables go while the entities their types name are still alive (their id records need them).
  const kept = s.index.keepLeading(img.tables);
  loadComponents(s.components, img.components);
  s.reflection.loadTagPairs(img.tagPairs);
  s.entities.loadImage(img.entities);
  // Alive before the tables are made: their id records name the relationships and targets of pairs.
  for (const ti of img.tables) for (let r = 0; r < ti.entities.length; r++) s.entities.placeEntity(ti.entities[r]!, undefined, r);
  const tables = s.index.createRest(img.tables, kept, img.nextTableId);
  for (let i = 0; i < tables.length; i++) {
    const t = tables[i]!, ti = img.tables[i]!;
    t.loadRows(ti.entities, ti.columns);
    for (let r = 0; r < ti.entities.length; r++) s.entities.placeEntity(ti.entities[r]!, t, r);
  }
  s.hierarchy.loadImage(img.hierarchy);
  loadSet(s.builtin, img.builtin);
  loadSet(s.worldSettings, img.worldSettings);
  s.store.loadUsedAsId(img.usedAsId, kept < img.tables.length);
  for (const [name, part] of s.parts) if (name in img.parts) part.load(img.parts[name]);
}

/**
 * Makes the registered components the image's, in its order. A component registered in both
 * worlds keeps this world's info object (the image may come from a twin world); when every entry
 * already agrees, in order, the map is left as it is.
 */
function loadComponents(components: Map<number, ComponentInfo>, saved: WorldImage['components']): void {
  const same = (own: ComponentInfo | undefined, info: ComponentInfo) => own !== undefined && own.id === info.id && own.name === info.name;
  if (saved.length === components.size) {
    let k = 0;
    for (const [i, own] of components) {
      const [si, info] = saved[k++]!;
      if (si !== i || !same(own, info)) { k = -1; break; }
    }
    if (k === saved.length) return;
  }
  const mine = new Map(components);
  components.clear();
  for (const [i, info] of saved) {
    const own = mine.get(i);
    components.set(i, same(own, info) ? own! : info);
  }
}

/** Makes `set` hold exactly `items` in their order, left as it is when it already does. */
function loadSet(set: Set<number>, items: readonly number[]): void {
  if (items.length === set.size) {
    let k = 0;
    for (const i of set) if (items[k] === i) k++; else break;
    if (k === items.length) return;
  }
  set.clear();
  for (const i of items) set.add(i);
}
