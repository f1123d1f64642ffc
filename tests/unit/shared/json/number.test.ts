// Number text of replies (docs/rest-api.md, Numbers): f32 members print the shortest decimal that reads
// back to the same f32, integers print plain, NaN and infinities print null.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatF32, formatF64, formatInt, plainDecimal } from '../../../../src/shared/json';

const f32 = (x: number) => Math.fround(x);

describe('formatF32', () => {
  test.each([
    [5.97, '5.97'], [0.642, '0.642'], [0.1, '0.1'], [-2.5, '-2.5'], [1.5, '1.5'], [0.25, '0.25'],
    [10000, '10000'], [12345, '12345'], [1000000, '1000000'], [3.14159265358979, '3.1415927'],
    [1e-7, '0.0000001'], [1e20, '100000000000000000000'], [100000000000, '100000000000'],
    [0, '0'], [-0, '0'], [16777216, '16777216'],
  ])('%s prints as %s', (value, text) => {
    expect(formatF32(f32(value))).toBe(text);
  });

  test('NaN and infinities print null, so the reply stays valid JSON', () => {
    expect(formatF32(Number.NaN)).toBe('null');
    expect(formatF32(Infinity)).toBe('null');
    expect(formatF32(-Infinity)).toBe('null');
  });

  // The caps only stop a hung run: on a loaded two-core machine these properties take 8–22 s.
  test('every f32 prints as a plain JSON number that reads back to the same f32, with the fewest digits', { timeout: 90_000 }, () => {
    const bits = new Uint32Array(1), view = new Float32Array(bits.buffer);
    fc.assert(fc.property(fc.integer({ min: 0, max: 0xffffffff }), (b) => {
      bits[0] = b;
      const v = view[0]!;
      const text = formatF32(v);
      if (!Number.isFinite(v)) return text === 'null';
      expect(text).toMatch(/^-?\d+(\.\d+)?$/);
      expect(Math.fround(JSON.parse(text) as number)).toBe(v === 0 ? 0 : v);
      // Shortest, and the closest of that length: what the first round-tripping toPrecision gives.
      if (!(Math.abs(v) < 2 ** 24 && Number.isInteger(v))) {
        let p = 1;
        while (Math.fround(Number(v.toPrecision(p))) !== v) p++;
        expect(JSON.parse(text)).toBe(Number(v.toPrecision(p)));
      }
      return true;
    }), { numRuns: 50_000 });
  });
});

describe('formatF32 where a rounding is an exact tie', () => {
  /** The reference: the first toPrecision that reads back to the same f32 (ties round up). */
  const reference = (v: number) => {
    let p = 1;
    while (Math.fround(Number(v.toPrecision(p))) !== v) p++;
    return Number(v.toPrecision(p));
  };
  // Runs of consecutive f32s, where decimal roundings land exactly on ties now and then (large
  // integers with ulp 2, 4, 8; short binary fractions), across the scales the printer handles.
  test.each([16777216, 33554432, 1e8, 3e9, 1e15, 3e30, 123456.789, 1000.5, 0.001234, 1.5e-5])('consecutive f32s from %s print as the reference', (from) => {
    const bits = new Uint32Array(1), view = new Float32Array(bits.buffer);
    view[0] = from;
    const start = bits[0]!;
    for (let i = 0; i < 4000; i++) {
      bits[0] = start + i;
      const v = view[0]!;
      if (Math.abs(v) < 2 ** 24 && Number.isInteger(v)) continue;
      const text = formatF32(v);
      if (JSON.parse(text) !== reference(v)) expect(`${v} printed as ${text}`).toBe(`${v} printed as ${reference(v)}`);
    }
  });
});

describe('formatF32 in the range simulations use (1e-4 to 1e9, printed with integer arithmetic on the mantissa)', () => {
  /** The slow reference: the first of toPrecision(1…9) that reads back to the same f32. */
  const reference = (v: number) => {
    let p = 1;
    while (Math.fround(Number(v.toPrecision(p))) !== v) p++;
    return v.toPrecision(p);
  };

  test('random f32 bit patterns there print as the reference: they read back, and no shorter decimal does', { timeout: 90_000 }, () => {
    const bits = new Uint32Array(1), view = new Float32Array(bits.buffer);
    view[0] = 1e-4;
    const low = bits[0]!;
    view[0] = 1e9;
    const high = bits[0]!;
    fc.assert(fc.property(fc.integer({ min: low, max: high }), fc.boolean(), (b, negative) => {
      bits[0] = b;
      const v = negative ? -view[0]! : view[0]!;
      const text = formatF32(v);
      expect(Math.fround(Number(text))).toBe(v);
      if (!(Math.abs(v) < 2 ** 24 && Number.isInteger(v))) {
        const ref = reference(v);
        // The same number as the shortest round-tripping toPrecision: so no fewer digits, and the closest.
        expect(Number(text), `${v}: ${text}, reference ${ref}`).toBe(Number(ref));
      }
    }), { numRuns: 20_000 });
  });

  // The printer finds each number's decade from its binary exponent and mantissa (a table per
  // exponent): the f32s on either side of every power of ten are where that could go wrong.
  test('the f32s on either side of each power of ten from 1e-4 to 1e9 print as the reference', () => {
    const bits = new Uint32Array(1), view = new Float32Array(bits.buffer);
    for (let e = -4; e <= 9; e++) {
      view[0] = 10 ** e;
      const at = bits[0]!;
      for (let i = -300; i <= 300; i++) {
        bits[0] = at + i;
        const v = view[0]!;
        if (Number.isInteger(v) && v < 2 ** 24) continue;
        const text = formatF32(v);
        if (Number(text) !== Number(reference(v))) expect(`${v} printed as ${text}`).toBe(`${v} printed as ${reference(v)}`);
      }
    }
  });

  test('a value printed again, after others that share its slot of remembered texts, prints the same', () => {
    const values = Array.from({ length: 20_000 }, (_, i) => Math.fround(Math.sin(i) * 1000));
    const first = values.map(formatF32);
    expect(values.map(formatF32)).toEqual(first);
    for (const [i, v] of values.entries()) if (!Number.isInteger(v)) expect(Number(first[i]), String(v)).toBe(Number(reference(v)));
  });
});

describe('formatF64 and formatInt', () => {
  test('doubles print their shortest round-trip text in plain notation', () => {
    expect(formatF64(0.1)).toBe('0.1');
    expect(formatF64(1e21)).toBe('1000000000000000000000');
    expect(formatF64(1.5e-7)).toBe('0.00000015');
    expect(formatF64(Number.NaN)).toBe('null');
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (v) => {
      const text = formatF64(v);
      expect(text).not.toContain('e');
      expect(JSON.parse(text)).toBe(v === 0 ? 0 : v);
    }), { numRuns: 5_000 });
  });

  test('integers are plain digits, never 1e4', () => {
    expect(formatInt(10000)).toBe('10000');
    expect(formatInt(2 ** 53 - 1)).toBe('9007199254740991');
    expect(formatInt(-42)).toBe('-42');
    expect(formatInt(Infinity)).toBe('null');
  });

  test('plainDecimal rewrites exponent notation', () => {
    expect(plainDecimal('1e4')).toBe('10000');
    expect(plainDecimal('-1.25e+3')).toBe('-1250');
    expect(plainDecimal('1.5e-3')).toBe('0.0015');
    expect(plainDecimal('2.5e0')).toBe('2.5');
    expect(plainDecimal('42')).toBe('42');
  });
});
