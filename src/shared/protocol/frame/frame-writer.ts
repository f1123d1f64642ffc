// Packs one frame after each tick. The writer keeps one buffer laid out for its capacity and
// compacts the sections down to the used count in finish(), so a steady scene allocates nothing.
import {
  FRAME_HEADER_BYTES, FRAME_MAGIC, FRAME_MAX_ENTITIES, FRAME_VERSION, HEADER, LIVE_FRAME,
  PLATFORM_LITTLE_ENDIAN, sectionOffsets, type SectionOffsets,
} from './frame-format';

/**
 * Typed views over the writer's sections, for packers that copy whole columns. Entity i of a
 * reserve() lives at index `offset + i` (positions ×3, rotations ×4). The views cover the
 * writer's capacity and stay valid until the next reserve()/push() that grows it.
 */
export interface FrameSections {
  /** Index of the first reserved entity. */ offset: number;
  /** Entity ids (f64). */ ids: Float64Array;
  /** x, y, z per entity (world units). */ positions: Float32Array;
  /** Quaternion x, y, z, w per entity. */ rotations: Float32Array;
  /** Uniform scale per entity. */ scales: Float32Array;
  /** Colour per entity, 0xRRGGBB (sRGB). */ colors: Uint32Array;
  /** Shape per entity. */ shapes: Uint8Array;
  /** FrameFlag bits per entity. */ flags: Uint8Array;
}

/**
 * Reusable frame packer: begin() → push()/reserve() → finish(). Each entity costs 46 bytes
 * (FRAME_BYTES_PER_ENTITY) plus the header (FRAME_HEADER_BYTES). Capacity doubles when exceeded and never
 * shrinks, so once the largest scene has been seen no frame allocates.
 */
export class FrameWriter {
  private bytes!: Uint8Array;
  private header!: DataView;
  private readonly at: SectionOffsets = sectionOffsets(0);
  private readonly packed: SectionOffsets = sectionOffsets(0);
  private readonly sections: FrameSections = {
    offset: 0, ids: new Float64Array(0), positions: new Float32Array(0), rotations: new Float32Array(0),
    scales: new Float32Array(0), colors: new Uint32Array(0), shapes: new Uint8Array(0), flags: new Uint8Array(0),
  };
  private cap = 0;
  private n = 0;
  private writing = false;
  private frame = 0;
  private simTime = 0;
  private fps = 0;
  private past = LIVE_FRAME;
  private result: Uint8Array | undefined;

  /** Creates a writer with room for `initialCapacity` entities (default 1024) before it grows. */
  constructor(initialCapacity = 1024) {
    if (!PLATFORM_LITTLE_ENDIAN) throw new Error('frames need a little-endian platform: this one is big-endian');
    this.allocate(checkCount(initialCapacity, 'initialCapacity'));
  }

  /** Entities the buffer holds before it has to grow. */
  get capacity(): number {
    return this.cap;
  }

  /** Entities written since begin(). */
  get count(): number {
    return this.n;
  }

  /**
   * Starts a frame: `frame` number, `simTime` in seconds, `fps` the target frames per second, and
   * `pastFrame` the recorded frame the entities come from when they show the past (default
   * LIVE_FRAME). Discards anything unfinished.
   */
  begin(frame: number, simTime: number, fps: number, pastFrame: number = LIVE_FRAME): this {
    this.writing = true;
    this.past = pastFrame;
    this.n = 0;
    this.frame = frame;
    this.simTime = simTime;
    this.fps = fps;
    // finish() compacted the sections in place; lay them out for the full capacity again.
    sectionOffsets(this.cap, this.at);
    return this;
  }

  /** Appends one entity (rotation as a unit quaternion, colour 0xRRGGBB, shape a Shape, flags FrameFlag bits); returns its index. */
  push(id: number, x: number, y: number, z: number, qx: number, qy: number, qz: number, qw: number,
    scale: number, color: number, shape: number, flags: number): number {
    const i = this.reserveIndex(1);
    const s = this.sections;
    s.ids[i] = id;
    const p = i * 3;
    s.positions[p] = x;
    s.positions[p + 1] = y;
    s.positions[p + 2] = z;
    const r = i * 4;
    s.rotations[r] = qx;
    s.rotations[r + 1] = qy;
    s.rotations[r + 2] = qz;
    s.rotations[r + 3] = qw;
    s.scales[i] = scale;
    s.colors[i] = color;
    s.shapes[i] = shape;
    s.flags[i] = flags;
    return i;
  }

  /** Reserves `n` entities and returns the section views with `offset` = index of the first; the packer fills every field of each. */
  reserve(n: number): FrameSections {
    this.sections.offset = this.reserveIndex(checkCount(n, 'reserve(n)'));
    return this.sections;
  }

  /** Ends the frame and returns exactly its bytes: a view into the writer, valid until the next begin(). */
  finish(): Uint8Array {
    if (!this.writing) throw new Error('FrameWriter.finish() called without begin(): call begin(frame, simTime, fps) first');
    this.writing = false;
    const from = this.at;
    const to = sectionOffsets(this.n, this.packed);
    // Each section moves down (to ≤ from); moving them in order never overwrites one not yet moved.
    const b = this.bytes;
    if (this.n !== this.cap) {
      b.copyWithin(to.positions, from.positions, from.positions + this.n * 12);
      b.copyWithin(to.rotations, from.rotations, from.rotations + this.n * 16);
      b.copyWithin(to.scales, from.scales, from.scales + this.n * 4);
      b.copyWithin(to.colors, from.colors, from.colors + this.n * 4);
      b.copyWithin(to.shapes, from.shapes, from.shapes + this.n);
      b.copyWithin(to.flags, from.flags, from.flags + this.n);
    }
    const h = this.header;
    h.setUint32(HEADER.magic, FRAME_MAGIC, true);
    h.setUint16(HEADER.version, FRAME_VERSION, true);
    h.setUint16(HEADER.headerBytes, FRAME_HEADER_BYTES, true);
    h.setUint32(HEADER.count, this.n, true);
    h.setFloat32(HEADER.targetFps, this.fps, true);
    h.setFloat64(HEADER.frameNumber, this.frame, true);
    h.setFloat64(HEADER.simTime, this.simTime, true);
    h.setFloat64(HEADER.pastFrame, this.past, true);
    if (this.result === undefined || this.result.byteLength !== to.end) this.result = b.subarray(0, to.end);
    return this.result;
  }

  private reserveIndex(k: number): number {
    if (!this.writing) throw new Error('FrameWriter: push()/reserve() outside a frame: call begin(frame, simTime, fps) first');
    const first = this.n;
    const need = first + k;
    if (need > this.cap) this.grow(need);
    this.n = need;
    return first;
  }

  private grow(need: number): void {
    if (need > FRAME_MAX_ENTITIES) {
      throw new RangeError(`a frame holds at most ${FRAME_MAX_ENTITIES} entities, asked for ${need}: draw fewer entities`);
    }
    const old = this.sections;
    const n = this.n;
    const prev = { ids: old.ids, positions: old.positions, rotations: old.rotations, scales: old.scales, colors: old.colors, shapes: old.shapes, flags: old.flags };
    this.allocate(Math.min(FRAME_MAX_ENTITIES, Math.max(need, this.cap * 2)));
    const s = this.sections;
    s.ids.set(prev.ids.subarray(0, n));
    s.positions.set(prev.positions.subarray(0, n * 3));
    s.rotations.set(prev.rotations.subarray(0, n * 4));
    s.scales.set(prev.scales.subarray(0, n));
    s.colors.set(prev.colors.subarray(0, n));
    s.shapes.set(prev.shapes.subarray(0, n));
    s.flags.set(prev.flags.subarray(0, n));
  }

  private allocate(cap: number): void {
    this.cap = cap;
    const at = sectionOffsets(cap, this.at);
    const buffer = new ArrayBuffer(at.end);
    this.bytes = new Uint8Array(buffer);
    this.header = new DataView(buffer, 0, FRAME_HEADER_BYTES);
    this.result = undefined;
    const s = this.sections;
    s.ids = new Float64Array(buffer, at.ids, cap);
    s.positions = new Float32Array(buffer, at.positions, cap * 3);
    s.rotations = new Float32Array(buffer, at.rotations, cap * 4);
    s.scales = new Float32Array(buffer, at.scales, cap);
    s.colors = new Uint32Array(buffer, at.colors, cap);
    s.shapes = new Uint8Array(buffer, at.shapes, cap);
    s.flags = new Uint8Array(buffer, at.flags, cap);
  }
}

function checkCount(n: number, what: string): number {
  if (!Number.isInteger(n) || n < 0 || n > FRAME_MAX_ENTITIES) {
    throw new RangeError(`${what} must be a whole number from 0 to ${FRAME_MAX_ENTITIES}, got ${n}`);
  }
  return n;
}
