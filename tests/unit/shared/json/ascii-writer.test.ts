// Rows of numeric values are written as bytes (AsciiWriter), not strings: the text must be the
// string path's, byte for byte, for every number and every numeric member kind, and the row
// caches must follow changes the same way.
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { formatF32, formatInt, templateOf, writeValue } from '../../../../src/shared/json';
import { AsciiWriter } from '../../../../src/shared/json/ascii-writer';
import { rowsText } from '../../../../src/shared/json/row-cache';
import { entityIdsText } from '../../../../src/shared/json/entity-list';
import { writeValueBytes } from '../../../../src/shared/json/value-writer';

const f32OfBits = (b: number) => new Float32Array(new Uint32Array([b]).buffer)[0]!;

function written(write: (w: AsciiWriter) => void, w = new AsciiWriter(8)): string {
  w.reset();
  write(w);
  return w.text();
}

describe('AsciiWriter numbers', () => {
  test('an f32 is written as formatF32 prints it, for any bit pattern', () => {
    const w = new AsciiWriter(8);
    fc.assert(fc.property(fc.integer({ min: 0, max: 0xffffffff }), (b) => {
      const v = f32OfBits(b);
      expect(written((x) => x.f32(v), w)).toBe(formatF32(v));
    }), { numRuns: 20_000 });
  });

  test('f32s where simulations live (1e-4 to 1e9), both signs, as formatF32 prints them', () => {
    const w = new AsciiWriter(8);
    fc.assert(fc.property(fc.float({ min: Math.fround(1e-4), max: Math.fround(1e9), noNaN: true }), fc.boolean(), (v, negative) => {
      const x = negative ? -v : v;
      expect(written((out) => out.f32(x), w)).toBe(formatF32(x));
    }), { numRuns: 20_000 });
  });

  test('integers, large and negative ones included, are written as formatInt prints them', () => {
    fc.assert(fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constantFrom(0, -0, 2 ** 53, 1e21, -1e300, 2 ** 31, -(2 ** 31) - 1)), (v) => {
      expect(written((w) => w.int(v))).toBe(formatInt(v));
    }));
  });

  test('without Node\'s Buffer (in a browser) the text comes from a TextDecoder, the same', async () => {
    vi.resetModules();
    vi.stubGlobal('Buffer', undefined);
    try {
      const web = await import('../../../../src/shared/json/ascii-writer');
      const w = new web.AsciiWriter(4);
      w.ascii('{"x":');
      w.f32(Math.fround(-15.449742));
      w.char(44);
      w.int(2 ** 40 + 385);
      expect(w.text()).toBe(`{"x":${formatF32(Math.fround(-15.449742))},${2 ** 40 + 385}`);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });

  test('the buffer grows: a long run keeps every byte', () => {
    const w = new AsciiWriter(4);
    const values = Array.from({ length: 5000 }, (_, i) => Math.fround(i * 0.37 - 900));
    const text = written((out) => { values.forEach((v, i) => { if (i) out.char(44); out.f32(v); }); }, w);
    expect(text).toBe(values.map(formatF32).join(','));
  });
});

/** A world whose component has a member of every numeric kind, nested and in arrays. */
function numericWorld() {
  const w = new World();
  const Kinds = w.component('Kinds', {
    f: 'f32', d: 'f64', i: 'i32', u: 'u8', big: 'i64', b: 'bool',
    mode: { enum: ['Idle', 'Run'] },
    pos: { struct: { x: 'f32', y: 'f32' } },
    path: { array: 'i16', count: 3 },
  });
  return { w, Kinds };
}

const kindsValue = fc.record({
  f: fc.float({ noNaN: false }), d: fc.double(), i: fc.integer(), u: fc.integer({ min: 0, max: 255 }),
  big: fc.maxSafeInteger(), b: fc.boolean(), mode: fc.constantFrom('Idle', 'Run'),
  pos: fc.record({ x: fc.float(), y: fc.float() }), path: fc.array(fc.integer({ min: -32768, max: 32767 }), { minLength: 3, maxLength: 3 }),
});

describe('rows written as bytes', () => {
  test('a row of every numeric member kind is the text writeValue makes', () => {
    const { w, Kinds } = numericWorld();
    const e = w.entity();
    const t = templateOf(w.componentInfo(Kinds)!.schema!);
    expect(t.bytes).not.toBeNull();
    fc.assert(fc.property(kindsValue, (value) => {
      w.set(e, Kinds, value);
      const { table, row } = w.locate(e);
      const arrays = table.column(Kinds)!.arrays;
      expect(written((out) => writeValueBytes(t, arrays, row, out))).toBe(writeValue(t, arrays, row, w));
    }), { numRuns: 2000 });
  });

  test('a component with text members or non-ASCII enum names keeps the string path', () => {
    const w = new World();
    expect(templateOf(w.componentInfo(w.component('Named', { s: 'string', x: 'f32' }))!.schema!).bytes).toBeNull();
    expect(templateOf(w.componentInfo(w.component('Owner', { e: 'entity' }))!.schema!).bytes).toBeNull();
    expect(templateOf(w.componentInfo(w.component('Mood', { m: { enum: ['Calme', 'Fâché'] } }))!.schema!).bytes).toBeNull();
  });

  test('pages of rows follow random changes, swaps and removals as the plain text does', () => {
    const { w, Kinds } = numericWorld();
    const ents = Array.from({ length: 60 }, () => w.entity());
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.nat(59), kindsValue, fc.nat(2)), { minLength: 1, maxLength: 40 }),
      fc.nat(59), fc.integer({ min: 1, max: 60 }),
      (changes, start, take) => {
        for (const [i, value, what] of changes) {
          const e = ents[i]!;
          if (what === 2 && w.has(e, Kinds)) w.remove(e, Kinds);
          else if (what === 1 && w.has(e, Kinds)) continue; // left unchanged: its text may come from the cache
          else w.set(e, Kinds, value);
        }
        const table = w.tableOf(ents.find((e) => w.has(e, Kinds)) ?? ents[0]!);
        const column = table.column(Kinds);
        if (!column) return;
        const t = templateOf(column.info.schema!);
        const count = table.count, first = Math.min(start, count - 1), n = Math.min(take, count - first);
        const plain = Array.from({ length: n }, (_, k) => writeValue(t, column.arrays, first + k, w)).join(',');
        // Three times: rows whose numbers held still are kept after the second, and the third
        // joins kept texts with rows printed anew.
        expect(rowsText(column, t, null, first, n, w)).toBe(plain);
        expect(rowsText(column, t, null, first, n, w)).toBe(plain);
        if (n > 2) w.set(table.entities[first + 1]!, Kinds, { f: Math.fround(first * 0.731 + n + changes.length) });
        const now = Array.from({ length: n }, (_, k) => writeValue(t, column.arrays, first + k, w)).join(',');
        expect(rowsText(column, t, null, first, n, w)).toBe(now);
        const rows = Array.from({ length: n }, (_, k) => count - 1 - k);
        expect(rowsText(column, t, rows, 0, n, w)).toBe(rows.map((r) => writeValue(t, column.arrays, r, w)).join(','));
      },
    ), { numRuns: 300 });
  });
});

describe('entity id lists written as bytes', () => {
  test('ids with generations (recycled entities) are listed as their numbers', () => {
    const w = new World();
    const P = w.component('P', { x: 'f32' });
    let survivor = 0;
    for (let round = 0; round < 3; round++) {
      const ents = Array.from({ length: 50 }, () => w.entity());
      for (const e of ents) w.set(e, P, { x: 1 });
      for (const e of ents.slice(10)) w.delete(e); // their indices come back with a new generation
      survivor = ents[0]!;
    }
    const table = w.tableOf(w.entity());
    const withP = w.tableOf(survivor);
    expect(withP.entities.some((e) => e > 2 ** 32)).toBe(true);
    expect(entityIdsText(withP, 0, withP.count)).toBe(withP.entities.join(','));
    expect(entityIdsText(withP, 3, 5)).toBe(withP.entities.slice(3, 8).join(','));
    expect(entityIdsText(table, 0, 0)).toBe('');
  });
});
