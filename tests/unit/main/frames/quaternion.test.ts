import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { eulerToQuaternion } from '../../../../src/main/frames';

/** three.js's 'YXZ' Euler to quaternion, written out with Math.sin/cos. */
function reference(yaw: number, pitch: number, roll: number): number[] {
  const c1 = Math.cos(pitch / 2), c2 = Math.cos(yaw / 2), c3 = Math.cos(roll / 2);
  const s1 = Math.sin(pitch / 2), s2 = Math.sin(yaw / 2), s3 = Math.sin(roll / 2);
  return [s1 * c2 * c3 + c1 * s2 * s3, c1 * s2 * c3 - s1 * c2 * s3, c1 * c2 * s3 - s1 * s2 * c3, c1 * c2 * c3 + s1 * s2 * s3];
}

describe('eulerToQuaternion', () => {
  test('matches the exact rotation to 1e-6 for any angles (q and -q are the same rotation)', () => {
    const angle = fc.double({ min: -100, max: 100, noNaN: true });
    const q = new Float64Array(4);
    fc.assert(fc.property(angle, angle, angle, (y, p, r) => {
      eulerToQuaternion(y, p, r, q);
      const ref = reference(y, p, r);
      const same = Math.max(...ref.map((v, k) => Math.abs(v - q[k]!)));
      const flipped = Math.max(...ref.map((v, k) => Math.abs(v + q[k]!)));
      expect(Math.min(same, flipped)).toBeLessThan(1e-6);
    }), { numRuns: 2000 });
  });

  test('yaw alone turns about +Y', () => {
    const q = new Float64Array(4);
    eulerToQuaternion(Math.PI / 2, 0, 0, q);
    expect([...q].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, Math.round(Math.SQRT1_2 * 1e6) / 1e6, 0, Math.round(Math.SQRT1_2 * 1e6) / 1e6]);
  });
});
