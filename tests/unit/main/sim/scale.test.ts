import { describe, expect, test } from 'vitest';
import { compileQuery } from '../../../../src/shared/query';
import { drawnEntities } from '../../../../src/main/frames';
import { demo, frame, step } from './helpers';

describe('scale', () => {
  test('100,000 asteroids build, tick and pack', () => {
    const d = demo({ asteroids: 100_000 });
    step(d, 3);
    expect(compileQuery(d.world, 'Asteroid').count()).toBe(100_000);
    const f = frame(d);
    expect(f.count).toBe(drawnEntities(d).length);
    expect(f.count).toBeGreaterThan(100_000);
    expect(f.positions.every(Number.isFinite)).toBe(true);
    expect(compileQuery(d.world, 'OutOfBelt').count()).toBe(0);
  });
});
