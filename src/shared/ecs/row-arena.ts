// Where one world image's small leaf arrays live: views into a few shared buffers instead of an
// ArrayBuffer each. A keyframe copies a few hundred columns of a handful of rows (the demo's
// planets, ships and singletons); as separate typed arrays each is a buffer, a backing store and
// objects the collector copies and tracks, which cost far more than their bytes. Large arrays
// keep their own buffer, so that an array shared on by later images pins at most a chunk of
// small ones (CHUNK_BYTES), never a whole image's rows.
import type { LeafArray } from './values';

/** Bytes of one shared buffer; a leaf array up to SMALL_BYTES goes into one. */
const CHUNK_BYTES = 16 * 1024;
/** Leaf arrays above this many bytes get a buffer of their own (a slice). */
const SMALL_BYTES = 512;

/** A typed leaf array's constructor taking a buffer, a byte offset and a length. */
type TypedLeafConstructor = new (buffer: ArrayBuffer, byteOffset: number, length: number) => Exclude<LeafArray, string[]>;

/** What copies an image's large leaf arrays into arrays of their own (an ImageSeries: reused ones). */
export interface LargeLeafCopier {
  /** A copy of the first `count` items of `a`, leaf `leaf` of column `column` of table `table`, in an array of its own. */
  copy(a: Exclude<LeafArray, string[]>, count: number, table: number, column: number, leaf: number): Exclude<LeafArray, string[]>;
}

/** Copies the first rows of typed leaf arrays into views of shared buffers; one arena per image. */
export class RowArena {
  private chunk: ArrayBuffer | undefined;
  private used = CHUNK_BYTES;
  private table = 0;
  private column = 0;

  /** An arena for one image; with `series`, large arrays are copied by it (an ImageSeries reuses the arrays of dropped images). */
  constructor(private readonly series?: LargeLeafCopier) {}

  /** Names the table (its id) and column whose leaf arrays are copied next. */
  at(table: number, column: number): void {
    this.table = table;
    this.column = column;
  }

  /** A copy of the first `count` items of `a` (leaf `leaf` of the column named by at()): a view into this arena's buffer when small, else an array of its own. */
  copy(a: Exclude<LeafArray, string[]>, count: number, leaf: number): Exclude<LeafArray, string[]> {
    const bytes = count * a.BYTES_PER_ELEMENT;
    if (bytes > SMALL_BYTES) return this.series === undefined ? a.slice(0, count) : this.series.copy(a, count, this.table, this.column, leaf);
    // Every view starts on 8 bytes, as its element size requires.
    const at = (this.used + 7) & ~7;
    if (this.chunk === undefined || at + bytes > CHUNK_BYTES) {
      this.chunk = new ArrayBuffer(CHUNK_BYTES);
      return this.place(a, count, 0, bytes);
    }
    return this.place(a, count, at, bytes);
  }

  private place(a: Exclude<LeafArray, string[]>, count: number, at: number, bytes: number): Exclude<LeafArray, string[]> {
    const view = new (a.constructor as TypedLeafConstructor)(this.chunk!, at, count);
    // One copy call (a loop over the rows would be a megamorphic load and store per row: the
    // leaf arrays come in eight kinds); the subarray dies young, so the collector never copies it.
    (view as Float64Array).set(a.subarray(0, count) as Float64Array);
    this.used = at + bytes;
    return view;
  }
}
