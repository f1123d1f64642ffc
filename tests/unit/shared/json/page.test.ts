// Page: the one place paged replies decide which items are on the page.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { Page } from '../../../../src/shared/json';

describe('Page', () => {
  test('the items kept from runs of any sizes are the slice [offset, offset + limit) of the whole', () => {
    fc.assert(fc.property(fc.array(fc.nat(20), { maxLength: 12 }), fc.nat(60), fc.nat(60), (runs, offset, limit) => {
      const page = new Page(offset, limit);
      const kept: number[] = [];
      let next = 0;
      for (const n of runs) {
        const run = Array.from({ length: n }, (_, i) => next + i);
        next += n;
        const k = page.take(n);
        kept.push(...run.slice(page.start, page.start + k));
      }
      const all = Array.from({ length: next }, (_, i) => i);
      expect(kept).toEqual(all.slice(offset, offset + limit));
      expect(page.full).toBe(limit === 0 || next >= offset + limit);
    }));
  });

  test('limit 0 keeps nothing, and a full page takes no more', () => {
    expect(new Page(0, 0).take(5)).toBe(0);
    const p = new Page(1, 2);
    expect(p.take(2)).toBe(1);
    expect(p.start).toBe(1);
    expect(p.take(3)).toBe(1);
    expect(p.start).toBe(0);
    expect(p.full).toBe(true);
    expect(p.take(3)).toBe(0);
  });
});
