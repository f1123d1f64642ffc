// A series of images of one world taken one after another by one owner (a history's keyframes).
// Each image shares what did not change with the series' image before it (takeImage), and the
// large typed arrays of an image the owner drops are reused by the series' next images instead of
// new buffers: at 10,000 asteroids a keyframe copies about 400 KB of the asteroids' columns, and a
// fresh buffer is allocated, zeroed and later collected for each. Reuse is safe because the
// series' images are held by their owner only (a snapshot taken outside the series never shares
// the series' arrays), and an array appears in a run of consecutive images of the series (an
// image shares only from the one before it): an array of the oldest image is held by a later one
// only if the one after it holds it too, so giveBack checks that one alone. An owner that lends
// its images out (an export read between frames) gives nothing back meanwhile.
//
// While nothing is dropped yet (a history's first window), every keyframe would allocate its large
// arrays afresh, in its own frame: a fresh buffer is allocated and zeroed (about 5 µs for 40 KB),
// which made a keyframe's frame at 10,000 asteroids cost half again as much as with the window full.
// So the frames between keyframes set arrays aside for the next image (prepare), shaped as the
// ones the last image made, a few each frame: the keyframe's frame then only copies.
import { noteTableChanges, type TableChanges } from './image-bytes';
import type { Table } from './table';
import type { LeafArray } from './values';
import type { ImageSeriesLike, SavedTable, TableImage, WorldImage } from './world-image';

/** A typed leaf array (the kind a series reuses). */
export type TypedLeaf = Exclude<LeafArray, string[]>;

/** Bytes of new arrays ImageSeries.prepare makes at most a call (at least one array): 64 KiB, about 10 µs of allocation. */
const PREPARE_BYTES = 64 * 1024;

/** Where an array sits in the images holding it: table id, column and leaf. */
interface Place { readonly table: number; readonly column: number; readonly leaf: number }

/** The images of one world one owner takes in turn; see the file's head. */
export class ImageSeries implements ImageSeriesLike {
  /** Each table's image in the series' last image, with its version and the write clock then (takeImage). */
  readonly saved = new WeakMap<Table, SavedTable>();
  /** The series' last image (what the next one shares with), undefined before the first. */
  last: WorldImage | undefined;
  /** Arrays given back, not reused yet; `stale` were given back before the last image was taken. */
  private fresh: TypedLeaf[] = [];
  private stale: TypedLeaf[] = [];
  /** Arrays set aside for the next image (prepare): made ahead, or given back and matched to a shape it wants. */
  private spare: TypedLeaf[] = [];
  /** The arrays the last image made that no spare array matches yet: the shapes (kind, length) prepare sets aside. */
  private wanted: TypedLeaf[] = [];
  /** The arrays made for each image still held by it: the oldest image holding them lists them. */
  private readonly made = new WeakMap<WorldImage, TypedLeaf[]>();
  private readonly places = new WeakMap<TypedLeaf, Place>();
  /** Arrays being made for the image under way (takeImage), listed once it is done. */
  private making: TypedLeaf[] = [];
  /** Arrays copied for the series' images so far, and how many of them into given-back arrays (tests and benchmarks read them). */
  copies = 0;
  reused = 0;

  /**
   * A copy of the first `count` items of `a` in an array of its own, for the column `column` of
   * table `table` (leaf `leaf`) of the image under way: a given-back array of the same kind and
   * length when there is one, else a new one.
   */
  copy(a: TypedLeaf, count: number, table: number, column: number, leaf: number): TypedLeaf {
    const out = this.takeBack(a, count) ?? a.slice(0, count);
    this.copies++;
    this.places.set(out, { table, column, leaf });
    this.making.push(out);
    return out;
  }

  /**
   * Ends the image under way: the tables it changed are noted for its byte count, its arrays are listed as its own, and arrays given back before the
   * one before it go to the collector; spare arrays it did not take are given back (the next
   * image's wants are its own arrays' shapes).
   */
  imageDone(image: WorldImage, changes?: TableChanges): void {
    if (changes !== undefined && this.last !== undefined) noteTableChanges(image, this.last, changes);
    if (this.making.length !== 0) this.made.set(image, this.making);
    this.last = image;
    this.wanted = this.making.slice();
    this.making = [];
    this.stale = this.fresh;
    this.fresh = this.spare;
    this.spare = [];
  }

  /**
   * Sets arrays aside for the next image, shaped as the arrays the last image made (the next one
   * most likely copies the same columns): given-back arrays that fit first, then new ones, at
   * most `bytes` of new ones a call (at least one). Call it between images (a history does, in
   * each frame without a keyframe); it does nothing once every shape has its spare.
   */
  prepare(bytes = PREPARE_BYTES): void {
    let made = 0;
    while (this.wanted.length !== 0) {
      const a = this.wanted[this.wanted.length - 1]!;
      const found = this.take(a, a.length, false);
      if (found === undefined) {
        if (made !== 0 && made + a.byteLength > bytes) return;
        made += a.byteLength;
      }
      this.wanted.pop();
      this.spare.push(found ?? new (a.constructor as new (length: number) => TypedLeaf)(a.length));
    }
  }

  /**
   * The owner dropped `dropped`, the oldest image it held; `next` is the oldest it still holds
   * (undefined: none). The arrays made for `dropped` that `next` does not hold are reused by the
   * next images; those it holds are listed as `next`'s.
   */
  giveBack(dropped: WorldImage, next: WorldImage | undefined): void {
    const list = this.made.get(dropped);
    if (list === undefined) return;
    this.made.delete(dropped);
    let kept: TypedLeaf[] | undefined;
    for (const a of list) {
      const at = this.places.get(a)!;
      const t = next === undefined ? undefined : tableOf(next, at.table);
      if (t !== undefined && (t.columns[at.column] as readonly unknown[] | undefined)?.[at.leaf] === a) (kept ??= []).push(a);
      else this.fresh.push(a);
    }
    if (kept !== undefined) this.made.set(next!, [...kept, ...(this.made.get(next!) ?? [])]);
  }

  /**
   * A given-back array of `a`'s kind whose buffer holds `count` items with at most a quarter more
   * to spare (a table that lost a few rows since), with the copy made into it; undefined when
   * there is none. A shorter view is made on a longer buffer: readers take an array's own length.
   */
  private takeBack(a: TypedLeaf, count: number): TypedLeaf | undefined {
    const b = this.take(a, count, true);
    if (b === undefined) return undefined;
    const out = b.length === count ? b : new (a.constructor as new (buffer: ArrayBufferLike, offset: number, length: number) => TypedLeaf)(b.buffer, 0, count);
    (out as Float64Array).set(a.subarray(0, count) as Float64Array);
    this.reused++;
    return out;
  }

  /**
   * Takes out of the pools an array of `a`'s kind whose buffer holds `count` items with at most a
   * quarter more to spare: from the spare ones too when `spares` (a copy), else only from those
   * given back (prepare matching them to a shape).
   */
  private take(a: TypedLeaf, count: number, spares: boolean): TypedLeaf | undefined {
    const bytes = count * a.BYTES_PER_ELEMENT;
    for (const pool of spares ? [this.spare, this.fresh, this.stale] : [this.fresh, this.stale]) {
      for (let i = pool.length - 1; i >= 0; i--) {
        const b = pool[i]!, room = b.buffer.byteLength;
        if (room < bytes || 4 * room > 5 * bytes || b.constructor !== a.constructor) continue;
        pool[i] = pool[pool.length - 1]!;
        pool.pop();
        return b;
      }
    }
    return undefined;
  }
}

/** The table image of id `id` in `image` (tables in rising id order; a linear search if not). */
function tableOf(image: WorldImage, id: number): TableImage | undefined {
  const tables = image.tables;
  let lo = 0, hi = tables.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1, t = tables[mid]!;
    if (t.id === id) return t;
    if (t.id < id) lo = mid + 1; else hi = mid - 1;
  }
  return tables.find((t) => t.id === id);
}
