import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { GENERATION_UNIT, MAX_INDEX, entityGeneration, entityIndex, isPair, makeEntityId, makePair, pairFirstIndex, pairSecondIndex } from '../../../../src/shared/ecs';

describe('id encoding', () => {
  test('index and generation round-trip for every safe entity id', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 2 ** 20 - 1 }), (index, gen) => {
      const e = makeEntityId(index, gen);
      expect(Number.isSafeInteger(e)).toBe(true);
      expect(entityIndex(e)).toBe(index);
      expect(entityGeneration(e)).toBe(gen);
      expect(e).toBe(index + gen * GENERATION_UNIT);
      expect(isPair(e)).toBe(false);
    }), { numRuns: 2000 });
  });

  test('pairs keep both indices and sort by relationship, then target', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: MAX_INDEX }), fc.integer({ min: 1, max: MAX_INDEX }), fc.integer({ min: 0, max: 1000 }), (r, t, gen) => {
      const p = makePair(makeEntityId(r, gen), makeEntityId(t, gen + 1));
      expect(isPair(p)).toBe(true);
      expect(pairFirstIndex(p)).toBe(r);
      expect(pairSecondIndex(p)).toBe(t);
      if (t < MAX_INDEX) expect(makePair(r, t + 1)).toBeGreaterThan(p);
    }), { numRuns: 2000 });
  });
});
