// The binary layout of one viewport frame, shared by the writer and the decoder.
//
// Layout (little-endian), sections in this order, each immediately after the previous one:
//   header      40 bytes (see HEADER_* offsets)
//   ids         Float64Array, n × 8 bytes   (entity ids can exceed 2^32)
//   positions   Float32Array, n × 3 × 4     (x, y, z world units)
//   rotations   Float32Array, n × 4 × 4     (quaternion x, y, z, w)
//   scales      Float32Array, n × 4         (uniform scale)
//   colors      Uint32Array,  n × 4         (0xRRGGBB, sRGB)
//   shapes      Uint8Array,   n × 1         (Shape)
//   flags       Uint8Array,   n × 1         (FrameFlag bits)
// The header is a multiple of 8 bytes and the sections are ordered by element size, so every
// section starts on a boundary of its own element size and can be viewed without copying.

/** What an entity is drawn as. Every shape is modelled about its centre with radius ~1 × scale. */
export enum Shape {
  /** A sphere (stars, planets, moons). */
  Sphere = 0,
  /** A ship: a cone whose nose points along local +Z. */
  Ship = 1,
  /** A rough rock (asteroids, dust). */
  Rock = 2,
  /** A flat ring in the local XZ plane (planetary rings, stations). */
  Ring = 3,
  /** A cube. */
  Box = 4,
}

/** Number of Shape values; a shape byte at or above it is unknown to this version. */
export const SHAPE_COUNT = 5;

/** Bits of an entity's flags byte. Bits 4–7 are reserved and must be written as 0. */
export enum FrameFlag {
  /** The entity has a name (the meta message carries its name and path). */
  Named = 1 << 0,
  /** The user may select it even if it has no name (named entities are always selectable). */
  Selectable = 1 << 1,
  /** Drawn as a light source (unlit, glowing). Without any such entity the viewport treats the largest sphere at the origin as one. */
  Emissive = 1 << 2,
  /** A breakpoint's hit named it and the world is still paused by that hit: the viewport marks it. */
  Highlighted = 1 << 3,
}

/** First four bytes of every frame: "ECSF" read as a little-endian u32. */
export const FRAME_MAGIC = 0x46534345;

/** Layout version written by this code; the decoder refuses any other (2 added the past frame to the header). */
export const FRAME_VERSION = 2;

/** Size of the header in bytes (a multiple of 8, so the f64 id section stays aligned). */
export const FRAME_HEADER_BYTES = 40;

/** The header's pastFrame when a frame shows the live world. */
export const LIVE_FRAME = -1;

/** Bytes per entity across all sections: 8 + 12 + 16 + 4 + 4 + 1 + 1 = 46. */
export const FRAME_BYTES_PER_ENTITY = 46;

/** Largest entity count a frame may declare (keeps a corrupt count from asking for gigabytes). */
export const FRAME_MAX_ENTITIES = 16_777_216;

/** Byte offsets of the header fields. */
export const HEADER = {
  /** u32 FRAME_MAGIC. */ magic: 0,
  /** u16 FRAME_VERSION. */ version: 4,
  /** u16 header size in bytes (FRAME_HEADER_BYTES). */ headerBytes: 6,
  /** u32 number of entities in the frame. */ count: 8,
  /** f32 target frames per second of the simulation. */ targetFps: 12,
  /** f64 frame number (monotonic per host run). */ frameNumber: 16,
  /** f64 simulation time in seconds. */ simTime: 24,
  /**
   * f64 the recorded frame whose world the entities show when the explorer looks at the past
   * (PUT /history/view), or LIVE_FRAME. frameNumber stays the live count, so it never goes back.
   */
  pastFrame: 32,
} as const;

/** Byte offsets of every section for a frame laid out for `n` entities (header included). */
export interface SectionOffsets {
  /** Float64 ids. */ ids: number;
  /** Float32 xyz. */ positions: number;
  /** Float32 xyzw. */ rotations: number;
  /** Float32 scale. */ scales: number;
  /** Uint32 0xRRGGBB. */ colors: number;
  /** Uint8 Shape. */ shapes: number;
  /** Uint8 FrameFlag bits. */ flags: number;
  /** Total bytes (end of the flags section). */ end: number;
}

/** Computes where each section of a frame with room for `n` entities starts. */
export function sectionOffsets(n: number, out: SectionOffsets = emptyOffsets()): SectionOffsets {
  out.ids = FRAME_HEADER_BYTES;
  out.positions = out.ids + n * 8;
  out.rotations = out.positions + n * 12;
  out.scales = out.rotations + n * 16;
  out.colors = out.scales + n * 4;
  out.shapes = out.colors + n * 4;
  out.flags = out.shapes + n;
  out.end = out.flags + n;
  return out;
}

function emptyOffsets(): SectionOffsets {
  return { ids: 0, positions: 0, rotations: 0, scales: 0, colors: 0, shapes: 0, flags: 0, end: 0 };
}

/** Total size in bytes of a frame holding `n` entities: 32 + 46 × n. */
export function frameByteLength(n: number): number {
  return FRAME_HEADER_BYTES + n * FRAME_BYTES_PER_ENTITY;
}

/** True where typed arrays are little-endian (every platform this app runs on). */
export const PLATFORM_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
