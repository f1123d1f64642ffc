import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  FRAME_BYTES_PER_ENTITY, FRAME_HEADER_BYTES, FrameFlag, FrameFormatError, FrameWriter, Shape,
  decodeFrame, frameByteLength, isFrameAck, isMetaMessage, parseMetaMessage, readFrameHeader,
} from '../../../../src/shared/protocol';

/** Entity i of a deterministic test scene. */
function entity(i: number) {
  const a = i * 0.37;
  const len = Math.hypot(Math.sin(a), Math.cos(a), 0.5, 0.25);
  return {
    id: 2 ** 33 + i * 7919,
    p: [i * 1.5, -i * 0.25, Math.sin(a) * 100] as const,
    q: [Math.sin(a) / len, Math.cos(a) / len, 0.5 / len, 0.25 / len] as const,
    scale: 0.1 + (i % 13) * 0.25,
    color: (i * 2654435761) % 0x1000000,
    shape: i % 5,
    flags: i % 4,
  };
}

function writeScene(w: FrameWriter, n: number, frame = 1): Uint8Array {
  w.begin(frame, frame / 60, 60);
  for (let i = 0; i < n; i++) {
    const e = entity(i);
    w.push(e.id, ...e.p, ...e.q, e.scale, e.color, e.shape, e.flags);
  }
  return w.finish();
}

function expectScene(bytes: Uint8Array | ArrayBuffer, n: number, frame = 1): void {
  const v = decodeFrame(bytes);
  expect(v.count).toBe(n);
  expect(v.frameNumber).toBe(frame);
  expect(v.simTime).toBe(frame / 60);
  expect(v.targetFps).toBe(60);
  expect(v.byteLength).toBe(FRAME_HEADER_BYTES + FRAME_BYTES_PER_ENTITY * n);
  // One assertion for the whole scene keeps 100k entities fast; the message names the first difference.
  let firstDifference = '';
  for (let i = 0; i < n && firstDifference === ''; i++) {
    const e = entity(i);
    const want = [e.id, ...e.p.map(Math.fround), ...e.q.map(Math.fround), Math.fround(e.scale), e.color, e.shape, e.flags];
    const got = [v.ids[i], ...v.positions.subarray(i * 3, i * 3 + 3), ...v.rotations.subarray(i * 4, i * 4 + 4), v.scales[i], v.colors[i], v.shapes[i], v.flags[i]];
    if (want.some((x, k) => x !== got[k])) firstDifference = `entity ${i}: got ${got.join(',')}, wrote ${want.join(',')}`;
  }
  expect(firstDifference).toBe('');
}

describe('frame round trip', () => {
  test('keeps every field, including ids above 2^32 up to 2^53 - 1', () => {
    const w = new FrameWriter(4);
    w.begin(7, 1.25, 30);
    w.push(2 ** 53 - 1, 1, 2, 3, 0, 0, 0, 1, 2.5, 0xffcc00, Shape.Sphere, FrameFlag.Named | FrameFlag.Emissive);
    w.push(2 ** 32 + 1, -1, -2, -3, 0, 1, 0, 0, 0.3, 0x0000ff, Shape.Ship, FrameFlag.Selectable);
    const v = decodeFrame(w.finish());
    expect(v).toMatchObject({ frameNumber: 7, simTime: 1.25, targetFps: 30, count: 2 });
    expect([...v.ids]).toEqual([2 ** 53 - 1, 2 ** 32 + 1]);
    expect([...v.positions]).toEqual([1, 2, 3, -1, -2, -3]);
    expect([...v.rotations]).toEqual([0, 0, 0, 1, 0, 1, 0, 0]);
    expect([...v.colors]).toEqual([0xffcc00, 0x0000ff]);
    expect([...v.shapes]).toEqual([Shape.Sphere, Shape.Ship]);
    expect([...v.flags]).toEqual([FrameFlag.Named | FrameFlag.Emissive, FrameFlag.Selectable]);
  });

  test('a frame with no entities is just the header', () => {
    const bytes = writeScene(new FrameWriter(), 0, 3);
    expect(bytes.byteLength).toBe(FRAME_HEADER_BYTES);
    expectScene(bytes, 0, 3);
  });

  test('100,000 entities round-trip, growing from a small writer', () => {
    const w = new FrameWriter(16);
    const bytes = writeScene(w, 100_000, 9);
    expect(bytes.byteLength).toBe(frameByteLength(100_000));
    expectScene(bytes, 100_000, 9);
  });

  test('decodes an ArrayBuffer and a Uint8Array that does not start on an 8-byte boundary', () => {
    const bytes = writeScene(new FrameWriter(), 50);
    expectScene(bytes.slice().buffer, 50);
    const shifted = new Uint8Array(bytes.byteLength + 3);
    shifted.set(bytes, 3);
    expectScene(shifted.subarray(3), 50);
    // What a Node WebSocket hands over: a Buffer at an odd offset of a shared pool.
    expectScene(Buffer.from(shifted.buffer, 3, bytes.byteLength), 50);
  });

  test('decoding a frame does not copy it', () => {
    const bytes = writeScene(new FrameWriter(), 10);
    const v = decodeFrame(bytes);
    expect(v.ids.buffer).toBe(bytes.buffer);
    expect(v.flags.buffer).toBe(bytes.buffer);
  });
});

describe('FrameWriter reuse', () => {
  test('frames of up to the reached capacity reuse one buffer and stay correct as counts change', () => {
    const w = new FrameWriter(8);
    const first = writeScene(w, 1000, 1);
    const buffer = first.buffer;
    const capacity = w.capacity;
    for (const [frame, n] of [[2, 10], [3, 1000], [4, 0], [5, 999], [6, 1000]] as const) {
      const bytes = writeScene(w, n, frame);
      expect(bytes.buffer).toBe(buffer);
      expect(w.capacity).toBe(capacity);
      expectScene(bytes, n, frame);
    }
  });

  test('reserve() lets a packer copy columns directly, mixed with push()', () => {
    const w = new FrameWriter(2);
    w.begin(1, 1 / 60, 60);
    const first = entity(0);
    w.push(first.id, ...first.p, ...first.q, first.scale, first.color, first.shape, first.flags);
    const n = 300;
    const s = w.reserve(n - 1);
    expect(s.offset).toBe(1);
    for (let j = 0; j < n - 1; j++) {
      const i = s.offset + j;
      const e = entity(i);
      s.ids[i] = e.id;
      s.positions.set(e.p, i * 3);
      s.rotations.set(e.q, i * 4);
      s.scales[i] = e.scale;
      s.colors[i] = e.color;
      s.shapes[i] = e.shape;
      s.flags[i] = e.flags;
    }
    expect(w.count).toBe(n);
    expectScene(w.finish(), n, 1);
  });

  test('growing in the middle of a frame keeps the entities already written', () => {
    const w = new FrameWriter(3);
    w.begin(1, 1 / 60, 60);
    for (let i = 0; i < 3; i++) {
      const e = entity(i);
      w.push(e.id, ...e.p, ...e.q, e.scale, e.color, e.shape, e.flags);
    }
    const s = w.reserve(50);
    for (let i = 3; i < 53; i++) {
      const e = entity(i);
      s.ids[i] = e.id; s.positions.set(e.p, i * 3); s.rotations.set(e.q, i * 4);
      s.scales[i] = e.scale; s.colors[i] = e.color; s.shapes[i] = e.shape; s.flags[i] = e.flags;
    }
    expectScene(w.finish(), 53, 1);
  });

  test('writing outside begin()/finish() and bad counts are refused with a clear message', () => {
    const w = new FrameWriter();
    expect(() => w.push(1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0)).toThrow(/call begin\(frame, simTime, fps\) first/);
    expect(() => w.finish()).toThrow(/without begin\(\)/);
    w.begin(1, 0, 60);
    expect(() => w.reserve(-1)).toThrow(/reserve\(n\) must be a whole number .* got -1/);
    expect(() => new FrameWriter(1.5)).toThrow(/initialCapacity .* got 1.5/);
  });
});

describe('decodeFrame on bad input', () => {
  const valid = writeScene(new FrameWriter(), 20).slice();

  test('says what is wrong', () => {
    expect(() => decodeFrame(new Uint8Array(4))).toThrow(/frame too short: 4 bytes/);
    const bad = valid.slice();
    bad[0] = 0;
    expect(() => decodeFrame(bad)).toThrow(/not a frame: magic/);
    const v2 = valid.slice();
    v2[4] = 1;
    expect(() => decodeFrame(v2)).toThrow(/frame version 1 is not supported \(this viewer reads version 2\)/);
    expect(() => decodeFrame(valid.subarray(0, valid.length - 1))).toThrow(/does not match its 20 entities .*truncated/);
    expect(() => decodeFrame('text' as unknown as Uint8Array)).toThrow(FrameFormatError);
    expect(readFrameHeader(valid)).toEqual({ frameNumber: 1, count: 20, simTime: 1 / 60, targetFps: 60, pastFrame: -1 });
  });

  function onlyFrameFormatErrors(input: Uint8Array): boolean {
    try {
      const v = decodeFrame(input);
      // Whatever decodes must be self-consistent.
      return v.ids.length === v.count && v.flags.length === v.count && v.byteLength === input.byteLength;
    } catch (e) {
      return e instanceof FrameFormatError;
    }
  }

  test('random bytes only ever raise FrameFormatError', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 2000 }), onlyFrameFormatErrors), { numRuns: 500 });
  });

  test('random bytes behind a valid header only ever raise FrameFormatError', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 600 }), fc.nat(30), (tail, count) => {
      const b = new Uint8Array(FRAME_HEADER_BYTES + tail.length);
      b.set(valid.subarray(0, FRAME_HEADER_BYTES));
      new DataView(b.buffer).setUint32(8, count, true);
      b.set(tail, FRAME_HEADER_BYTES);
      return onlyFrameFormatErrors(b);
    }), { numRuns: 500 });
  });

  test('truncated and corrupted frames only ever raise FrameFormatError', () => {
    fc.assert(fc.property(fc.nat(valid.length), fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 }), (cut, at, value) => {
      const b = valid.slice(0, cut);
      if (at < b.length) b[at] = value;
      return onlyFrameFormatErrors(b);
    }), { numRuns: 1000 });
  });
});

describe('side messages', () => {
  test('isMetaMessage accepts the documented shape and rejects others', () => {
    const meta = { type: 'meta', title: 'Demo', entities: [{ id: 2 ** 40, name: 'Moon', path: 'Sun.Earth.Moon' }, { id: 5, name: 'Sun', path: 'Sun', label: 'Sol' }] };
    expect(isMetaMessage(meta)).toBe(true);
    expect(parseMetaMessage(JSON.stringify(meta))).toEqual(meta);
    expect(isMetaMessage({ ...meta, type: 'frame' })).toBe(false);
    expect(isMetaMessage({ ...meta, entities: [{ id: '5', name: 'Sun', path: 'Sun' }] })).toBe(false);
    expect(isMetaMessage({ ...meta, entities: [{ id: 5, name: 'Sun', path: 'Sun', label: 3 }] })).toBe(false);
    expect(isMetaMessage(null)).toBe(false);
    expect(parseMetaMessage('{not json')).toBeUndefined();
  });

  test('isFrameAck accepts { ack: number } only', () => {
    expect(isFrameAck({ ack: 12 })).toBe(true);
    expect(isFrameAck({ ack: '12' })).toBe(false);
    expect(isFrameAck({ ack: Number.NaN })).toBe(false);
    expect(isFrameAck('ack')).toBe(false);
  });
});
