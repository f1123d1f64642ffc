// Reads a frame without copying: every section becomes a typed-array view over the input.
import {
  FRAME_BYTES_PER_ENTITY, FRAME_HEADER_BYTES, FRAME_MAGIC, FRAME_MAX_ENTITIES, FRAME_VERSION, HEADER,
  PLATFORM_LITTLE_ENDIAN, frameByteLength, sectionOffsets,
} from './frame-format';

/** Thrown by decodeFrame for anything that is not a well-formed frame of this version. */
export class FrameFormatError extends Error {
  override readonly name = 'FrameFormatError';
}

/** A decoded frame: header values and typed views over the received bytes (see FrameSections for units). */
export interface FrameView {
  /** Layout version (FRAME_VERSION). */ readonly version: number;
  /** Frame number (monotonic per host run). */ readonly frameNumber: number;
  /** Simulation time in seconds. */ readonly simTime: number;
  /** Target frames per second of the simulation. */ readonly targetFps: number;
  /** The recorded frame the entities show when they show the past, else LIVE_FRAME (-1). */ readonly pastFrame: number;
  /** Number of entities. */ readonly count: number;
  /** Total bytes of the frame. */ readonly byteLength: number;
  /** Entity ids. */ readonly ids: Float64Array;
  /** x, y, z per entity. */ readonly positions: Float32Array;
  /** Quaternion x, y, z, w per entity. */ readonly rotations: Float32Array;
  /** Uniform scale per entity. */ readonly scales: Float32Array;
  /** 0xRRGGBB per entity. */ readonly colors: Uint32Array;
  /** Shape per entity (values ≥ SHAPE_COUNT are unknown shapes). */ readonly shapes: Uint8Array;
  /** FrameFlag bits per entity. */ readonly flags: Uint8Array;
}

/** The header fields of a frame, read without building the section views. */
export interface FrameHeader {
  /** Frame number. */ frameNumber: number;
  /** Number of entities. */ count: number;
  /** Simulation time in seconds. */ simTime: number;
  /** Target frames per second. */ targetFps: number;
  /** The recorded frame shown, or LIVE_FRAME (-1) for the live world. */ pastFrame: number;
}

/**
 * Validates and views a frame. Zero-copy when the bytes start on an 8-byte boundary of their
 * buffer (an ArrayBuffer always does); otherwise they are copied once so the f64 ids can be viewed.
 * Throws FrameFormatError saying what is wrong.
 */
export function decodeFrame(buf: ArrayBuffer | Uint8Array): FrameView {
  let bytes = toBytes(buf);
  const header = readFrameHeader(bytes);
  // new Uint8Array(x) always copies (a Node Buffer's slice() would not).
  if (bytes.byteOffset % 8 !== 0) bytes = new Uint8Array(bytes);
  const n = header.count;
  const at = sectionOffsets(n);
  const b = bytes.buffer;
  const o = bytes.byteOffset;
  return {
    version: FRAME_VERSION,
    frameNumber: header.frameNumber,
    simTime: header.simTime,
    targetFps: header.targetFps,
    pastFrame: header.pastFrame,
    count: n,
    byteLength: at.end,
    ids: new Float64Array(b, o + at.ids, n),
    positions: new Float32Array(b, o + at.positions, n * 3),
    rotations: new Float32Array(b, o + at.rotations, n * 4),
    scales: new Float32Array(b, o + at.scales, n),
    colors: new Uint32Array(b, o + at.colors, n),
    shapes: new Uint8Array(b, o + at.shapes, n),
    flags: new Uint8Array(b, o + at.flags, n),
  };
}

/** Validates a frame's header and length and returns the header fields; throws FrameFormatError. */
export function readFrameHeader(buf: ArrayBuffer | Uint8Array): FrameHeader {
  const bytes = toBytes(buf);
  if (!PLATFORM_LITTLE_ENDIAN) throw new FrameFormatError('frames need a little-endian platform: this one is big-endian');
  const len = bytes.byteLength;
  if (len < FRAME_HEADER_BYTES) {
    throw new FrameFormatError(`frame too short: ${len} bytes, the header alone is ${FRAME_HEADER_BYTES}`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, FRAME_HEADER_BYTES);
  const magic = view.getUint32(HEADER.magic, true);
  if (magic !== FRAME_MAGIC) {
    throw new FrameFormatError(`not a frame: magic is 0x${hex(magic)}, expected 0x${hex(FRAME_MAGIC)} ("ECSF")`);
  }
  const version = view.getUint16(HEADER.version, true);
  if (version !== FRAME_VERSION) {
    throw new FrameFormatError(`frame version ${version} is not supported (this viewer reads version ${FRAME_VERSION}): use a matching host and viewer`);
  }
  const headerBytes = view.getUint16(HEADER.headerBytes, true);
  if (headerBytes !== FRAME_HEADER_BYTES) {
    throw new FrameFormatError(`frame header size is ${headerBytes} bytes, version ${FRAME_VERSION} uses ${FRAME_HEADER_BYTES}`);
  }
  const count = view.getUint32(HEADER.count, true);
  if (count > FRAME_MAX_ENTITIES) {
    throw new FrameFormatError(`frame declares ${count} entities, more than the limit of ${FRAME_MAX_ENTITIES}`);
  }
  const expected = frameByteLength(count);
  if (len !== expected) {
    throw new FrameFormatError(
      `frame length ${len} bytes does not match its ${count} entities (${FRAME_HEADER_BYTES} + ${FRAME_BYTES_PER_ENTITY} × ${count} = ${expected}): truncated or corrupt`);
  }
  return {
    frameNumber: view.getFloat64(HEADER.frameNumber, true),
    count,
    simTime: view.getFloat64(HEADER.simTime, true),
    targetFps: view.getFloat32(HEADER.targetFps, true),
    pastFrame: view.getFloat64(HEADER.pastFrame, true),
  };
}

function toBytes(buf: ArrayBuffer | Uint8Array): Uint8Array {
  if (buf instanceof Uint8Array) return buf;
  if (buf instanceof ArrayBuffer) return new Uint8Array(buf);
  throw new FrameFormatError(`a frame must be an ArrayBuffer or Uint8Array, got ${describe(buf)}`);
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'object') return (v as object).constructor?.name ?? 'an object';
  return typeof v;
}

function hex(n: number): string {
  return n.toString(16).toUpperCase().padStart(8, '0');
}
