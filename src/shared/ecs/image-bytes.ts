// What a world image holds in bytes, counted the same way for every image: column and index arrays
// by their byte length, entity ids and numbers as 8 bytes, strings as 2 bytes a character, and a
// fixed 64 bytes for each table and map entry's bookkeeping. An estimate of the heap it keeps
// alive, which keeps recordings inside their byte budget. Images taken one after another share
// what did not change (takeImage), so a recording counts each one's bytes beside the one before it.
import type { ColumnRows } from './column';
import type { HierarchyImage } from './hierarchy';
import type { TableImage, WorldImage } from './world-image';

/**
 * Bytes an image holds (see the file's head). With `prev` (an image taken before it, see
 * takeImage), what the image shares with `prev` is not counted: the bytes it adds to `prev`'s.
 */
export function imageBytes(img: WorldImage, prev?: WorldImage): number {
  // Always the walk of both images, never the tables noted when img was taken (noteTableChanges):
  // tests check a recording's counts against this.
  return prev === undefined ? wholeBytes(img) : walkImageBytes(img, prev, 0).added;
}

/** The tables of an image that are not the previous image's, each with the same table's image in it (undefined: a table made since). */
export type TableChanges = readonly (readonly [now: TableImage, before: TableImage | undefined])[];

/**
 * What taking `img` found changed since `prev` (an image of the same series, taken just before
 * it, no table deleted in between): countImageBytes(img, prev) then walks these tables only. The
 * note goes once used; `prev` is held weakly, so a note never keeps an older image alive.
 */
const noted = new WeakMap<WorldImage, { readonly prev: WeakRef<WorldImage>; readonly changes: TableChanges }>();

/** Notes the tables `img` does not share with `prev` (see `noted`); ImageSeries.imageDone calls it with what takeImage found. */
export function noteTableChanges(img: WorldImage, prev: WorldImage, changes: TableChanges): void {
  noted.set(img, { prev: new WeakRef(prev), changes });
}

/** An image's bytes beside the image before it (imageBytes with and without `prev`). */
export interface ImageByteCount {
  /** What the image adds to `prev`: imageBytes(img, prev). */
  readonly added: number;
  /** All it holds: imageBytes(img). */
  readonly whole: number;
}

/**
 * imageBytes(img, prev) and imageBytes(img) in one walk of the two images' tables, given
 * `prevWhole` = imageBytes(prev): the whole is prev's with what changed between the two added and
 * taken off, so its cost follows the tables that changed, not all of them (a recording counts the
 * oldest keyframe whole each time the one before it goes, in the frame that takes a keyframe).
 */
export function countImageBytes(img: WorldImage, prev: WorldImage | undefined, prevWhole: number): ImageByteCount {
  if (prev === undefined) {
    const whole = wholeBytes(img);
    return { added: whole, whole };
  }
  const note = noted.get(img);
  if (note !== undefined) {
    noted.delete(img);
    // A keyframe taken right after the one before it: only the tables it found changed are walked
    // (23 of the 348 at 10,000 asteroids), not both images' lists.
    if (note.prev.deref() === prev) return changedBytes(img, prev, prevWhole, note.changes);
  }
  return walkImageBytes(img, prev, prevWhole);
}

/** countImageBytes from the tables noted changed (no table of `prev` deleted: every other table image is prev's). */
function changedBytes(img: WorldImage, prev: WorldImage, prevWhole: number, changes: TableChanges): ImageByteCount {
  const start = ownAndHierarchy(img, prev);
  let { added, delta } = start;
  for (const [t, p] of changes) {
    const b = p === undefined ? addedTable(t) : changedTable(t, p);
    added += b.added;
    delta += b.delta;
  }
  return { added, whole: prevWhole + delta };
}

/** countImageBytes by walking both images' tables. */
function walkImageBytes(img: WorldImage, prev: WorldImage, prevWhole: number): ImageByteCount {
  const start = ownAndHierarchy(img, prev);
  let { added, delta } = start, lastId = -1, ordered = true;
  // Tables are in creation order, their ids rising (a restore keeps the image's order and ids), so
  // the previous image's table of the same id is found walking both lists once.
  const before = prev.tables;
  let j = 0;
  for (const t of img.tables) {
    if (t.id <= lastId) ordered = false;
    lastId = t.id;
    // The previous image's tables before this id are gone from this image.
    while (j < before.length && before[j]!.id < t.id) delta -= tableBytes(before[j++]!);
    const p = j < before.length && before[j]!.id === t.id ? before[j++] : undefined;
    if (p === t) continue;
    const b = p === undefined ? addedTable(t) : changedTable(t, p);
    added += b.added;
    delta += b.delta;
  }
  while (j < before.length) delta -= tableBytes(before[j++]!);
  // Out of id order a table would only go unmatched: `added` counts it whole (more bytes, never
  // fewer), but the difference would be wrong, so the whole is counted afresh.
  const ok = ordered && isIdOrdered(before);
  return { added, whole: ok ? prevWhole + delta : wholeBytes(img) };
}

/** What `img`'s own part and hierarchy add to `prev`'s, and the difference of the two images' (the start of both counts). */
function ownAndHierarchy(img: WorldImage, prev: WorldImage): { added: number; delta: number } {
  const own = ownBytes(img);
  // Keyframes share the entity index's image while no entity was made or deleted.
  let added = img.entities === prev.entities ? own - indexBytes(img) : own;
  let delta = own - ownBytes(prev);
  if (prev.hierarchy !== img.hierarchy) {
    const h = hierarchyBytes(img.hierarchy);
    added += h;
    delta += h - hierarchyBytes(prev.hierarchy);
  }
  return { added, delta };
}

/** A table made since the previous image: all of it is added. */
function addedTable(t: TableImage): { added: number; delta: number } {
  const b = tableBytes(t);
  return { added: b, delta: b };
}

/**
 * Another image `t` of the table the previous image holds as `p` (same id, so the same type): its
 * whole is p's with the entities and columns that differ counted again; the columns it shares are
 * not walked.
 */
function changedTable(t: TableImage, p: TableImage): { added: number; delta: number } {
  const was = tableBytes(p);
  let whole = was, added = 64 + 8 * t.type.length;
  if (p.entities !== t.entities) {
    added += 8 * t.entities.length;
    whole += 8 * (t.entities.length - p.entities.length);
  }
  for (let i = 0; i < t.columns.length; i++) {
    if (p.columns[i] === t.columns[i]) continue;
    const c = columnBytes(t.columns[i]!);
    added += c;
    whole += c - columnBytes(p.columns[i]!);
  }
  if (!tableBytesSeen.has(t)) tableBytesSeen.set(t, whole);
  return { added, delta: whole - was };
}

/** The image's bytes counted from scratch. */
function wholeBytes(img: WorldImage): number {
  let n = ownBytes(img) + hierarchyBytes(img.hierarchy);
  for (const t of img.tables) n += tableBytes(t);
  return n;
}

/** Bytes of each image's own part counted so far (ownBytes): a recording counts each keyframe's twice. */
const ownBytesSeen = new WeakMap<WorldImage, number>();

/** Bytes an image never shares with another: generations, marks, free list, components, settings, parts. */
function ownBytes(img: WorldImage): number {
  let n = ownBytesSeen.get(img);
  if (n !== undefined) return n;
  n = indexBytes(img) + img.usedAsId.byteLength
    + 64 * img.components.length + 8 * (img.builtin.length + img.worldSettings.length) + JSON.stringify(img.parts).length * 2;
  ownBytesSeen.set(img, n);
  return n;
}

/** Bytes of the entity index's image: generations and free list. */
function indexBytes(img: WorldImage): number {
  return img.entities.generation.byteLength + 8 * img.entities.free.length;
}

function isIdOrdered(tables: readonly TableImage[]): boolean {
  for (let i = 1; i < tables.length; i++) if (tables[i]!.id <= tables[i - 1]!.id) return false;
  return true;
}

/** Bytes of each hierarchy image counted so far: keyframes share one while names and parents do not change. */
const hierarchyBytesSeen = new WeakMap<HierarchyImage, number>();

function hierarchyBytes(h: HierarchyImage): number {
  let n = hierarchyBytesSeen.get(h);
  if (n !== undefined) return n;
  n = 64 * (h.names.length + h.parents.length + h.children.length + h.byName.length);
  for (const [, name] of h.names) n += 2 * name.length;
  hierarchyBytesSeen.set(h, n);
  return n;
}

/** Bytes of each table image counted so far: images never change, and keyframes share most of theirs. */
const tableBytesSeen = new WeakMap<TableImage, number>();

function tableBytes(t: TableImage): number {
  let n = tableBytesSeen.get(t);
  if (n !== undefined) return n;
  n = 64 + 8 * t.type.length + 8 * t.entities.length;
  for (const c of t.columns) n += columnBytes(c);
  tableBytesSeen.set(t, n);
  return n;
}

function columnBytes(c: ColumnRows): number {
  let n = 0;
  for (const a of c as readonly unknown[]) n += leafBytes(a);
  return n;
}

function leafBytes(a: unknown): number {
  if (ArrayBuffer.isView(a)) return a.byteLength;
  if (Array.isArray(a)) return a.reduce((sum: number, v: unknown) => sum + (typeof v === 'string' ? 16 + 2 * v.length : 8), 0);
  return 8;
}
