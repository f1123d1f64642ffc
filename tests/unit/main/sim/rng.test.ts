import { describe, expect, test } from 'vitest';
import { createRng } from '../../../../src/main/sim';

describe('createRng', () => {
  test('a seed gives the same stream every time; numbers stay in range', () => {
    const a = createRng(42), b = createRng(42), c = createRng(43);
    const xs = Array.from({ length: 1000 }, () => a.next());
    expect(Array.from({ length: 1000 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 1000 }, () => c.next())).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    // Roughly uniform: each tenth of [0, 1) gets 5%–15% of the draws.
    for (let k = 0; k < 10; k++) expect(xs.filter((x) => Math.floor(x * 10) === k).length).toBeGreaterThan(50);
    const r = createRng(1);
    for (let i = 0; i < 1000; i++) {
      const v = r.range(-2, 3), n = r.int(7);
      expect(v >= -2 && v < 3).toBe(true);
      expect(Number.isInteger(n) && n >= 0 && n < 7).toBe(true);
    }
  });
});
