// What the frame decoder and writer refuse, and the message each refusal gives: a corrupt or
// foreign frame must never be drawn, and the message must name what was wrong. (Found missing by
// mutation testing: each check below could be removed with every other test still green.)
import { describe, expect, test } from 'vitest';
import { FRAME_HEADER_BYTES, FRAME_MAX_ENTITIES, FRAME_VERSION, FrameFormatError, FrameWriter, decodeFrame, readFrameHeader } from '../../../../src/shared/protocol';

/** A valid frame of `n` entities, as a fresh copy the test may corrupt. */
function frame(n = 2): Uint8Array {
  const w = new FrameWriter(4);
  w.begin(7, 7 / 60, 60);
  for (let i = 0; i < n; i++) w.push(i + 1, i, 0, 0, 0, 0, 0, 1, 1, 0xffcc33, 0, 0);
  return new Uint8Array(w.finish());
}

/** The FrameFormatError that decoding `bytes` throws. */
function refusal(bytes: unknown): FrameFormatError {
  try {
    decodeFrame(bytes as Uint8Array);
  } catch (e) {
    expect(e).toBeInstanceOf(FrameFormatError);
    return e as FrameFormatError;
  }
  throw new Error('the frame was accepted');
}

describe('frame decoder refusals', () => {
  test('a header size other than this version\'s is refused, naming both sizes', () => {
    const bytes = frame();
    new DataView(bytes.buffer).setUint16(6, FRAME_HEADER_BYTES + 8, true);
    expect(refusal(bytes).message).toBe(`frame header size is ${FRAME_HEADER_BYTES + 8} bytes, version ${FRAME_VERSION} uses ${FRAME_HEADER_BYTES}`);
  });

  test('an entity count over the limit is refused as such (not as a length mismatch); the limit itself is not over it', () => {
    const over = frame();
    new DataView(over.buffer).setUint32(8, FRAME_MAX_ENTITIES + 1, true);
    expect(refusal(over).message).toBe(`frame declares ${FRAME_MAX_ENTITIES + 1} entities, more than the limit of ${FRAME_MAX_ENTITIES}`);
    const at = frame();
    new DataView(at.buffer).setUint32(8, FRAME_MAX_ENTITIES, true);
    expect(refusal(at).message).toMatch(/^frame length \d+ bytes does not match its 16777216 entities/);
  });

  test('a foreign magic number is shown in upper-case hex', () => {
    const bytes = frame();
    new DataView(bytes.buffer).setUint32(0, 0xdeadbeef, true);
    expect(refusal(bytes).message).toMatch(/^not a frame: magic is 0xDEADBEEF, expected 0x[0-9A-F]{8} \("ECSF"\)$/);
  });

  test('a magic number with leading zeros is shown with all eight digits', () => {
    const bytes = frame();
    new DataView(bytes.buffer).setUint32(0, 0xabc, true);
    expect(refusal(bytes).message).toMatch(/^not a frame: magic is 0x00000ABC, /);
  });

  test('input that is not bytes is refused, saying what it was', () => {
    expect(refusal('ECSF').message).toBe('a frame must be an ArrayBuffer or Uint8Array, got string');
    expect(refusal(null).message).toBe('a frame must be an ArrayBuffer or Uint8Array, got null');
    expect(refusal([1, 2]).message).toBe('a frame must be an ArrayBuffer or Uint8Array, got Array');
    expect(refusal(Object.create(null)).message).toBe('a frame must be an ArrayBuffer or Uint8Array, got an object');
    expect(() => readFrameHeader(new Float32Array(8) as unknown as Uint8Array)).toThrow('got Float32Array');
    expect(refusal(1).name).toBe('FrameFormatError');
  });

  test('an ArrayBuffer decodes like the Uint8Array over it', () => {
    const bytes = frame(3);
    const view = decodeFrame(bytes.buffer as ArrayBuffer);
    expect([view.count, view.frameNumber, Array.from(view.ids)]).toEqual([3, 7, [1, 2, 3]]);
  });
});

describe('frame writer refusals', () => {
  test('reserve() and the initial capacity take whole counts from 0 to the limit', () => {
    expect(() => new FrameWriter(-1)).toThrow(`initialCapacity must be a whole number from 0 to ${FRAME_MAX_ENTITIES}, got -1`);
    expect(() => new FrameWriter(FRAME_MAX_ENTITIES + 1)).toThrow('got 16777217');
    expect(() => new FrameWriter(1.5)).toThrow('got 1.5');
    const w = new FrameWriter(0);
    w.begin(1, 0, 60);
    expect(w.reserve(0).offset).toBe(0);
    expect(() => w.reserve(-1)).toThrow('reserve(n) must be a whole number');
    expect(() => w.reserve(FRAME_MAX_ENTITIES + 1)).toThrow(`reserve(n) must be a whole number from 0 to ${FRAME_MAX_ENTITIES}, got ${FRAME_MAX_ENTITIES + 1}`);
  });
});

describe('frame writer capacity', () => {
  test('starts at the initial capacity, doubles when exceeded, or grows to what one reserve() needs', () => {
    const w = new FrameWriter(4);
    expect(w.capacity).toBe(4);
    w.begin(1, 0, 60);
    for (let i = 0; i < 5; i++) w.push(i + 1, i, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0);
    expect(w.capacity).toBe(8);
    w.reserve(20);
    expect([w.count, w.capacity]).toEqual([25, 25]);
    // Entities written before a growth keep their values.
    expect(Array.from(decodeFrame(w.finish()).ids.slice(0, 5))).toEqual([1, 2, 3, 4, 5]);
  });

  test('after finish() nothing more is written until the next begin()', () => {
    const w = new FrameWriter(4);
    w.begin(1, 0, 60);
    w.push(1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0);
    w.finish();
    expect(() => w.push(2, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0)).toThrow(/outside a frame: call begin\(frame, simTime, fps\) first/);
    expect(() => w.reserve(1)).toThrow(/outside a frame/);
    expect(() => w.finish()).toThrow(/without begin\(\)/);
  });
});
