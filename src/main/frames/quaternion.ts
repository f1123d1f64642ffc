// Yaw/pitch/roll (what the explorer edits) to the unit quaternion a frame carries. Packing a
// frame converts every drawn entity, so the half-angle sines and cosines come from short
// polynomials (error below 1e-7, finer than the f32 the frame stores) instead of Math.sin/cos,
// which cost several times more per call.

const TWO_PI = Math.PI * 2;

/** sin(h) for h in [-π/2, π/2] (Taylor to h^11: error < 6e-8). */
function sinHalf(h: number): number {
  const h2 = h * h;
  return h * (1 + h2 * (-1 / 6 + h2 * (1 / 120 + h2 * (-1 / 5040 + h2 * (1 / 362880 + h2 * (-1 / 39916800))))));
}

/** cos(h) for h in [-π/2, π/2] (Taylor to h^12: error < 1e-8). */
function cosHalf(h: number): number {
  const h2 = h * h;
  return 1 + h2 * (-1 / 2 + h2 * (1 / 24 + h2 * (-1 / 720 + h2 * (1 / 40320 + h2 * (-1 / 3628800 + h2 * (1 / 479001600))))));
}

/** Half of the angle, after bringing the angle into [-π, π] (so the half is in [-π/2, π/2]). */
function half(a: number): number {
  // floor(x + 0.5) rather than round(x): the same here, and several times cheaper on some CPUs.
  return (a - TWO_PI * Math.floor(a / TWO_PI + 0.5)) * 0.5;
}

/**
 * Writes the quaternion (x, y, z, w) of yaw about +Y, then pitch about the turned X axis, then
 * roll about the turned Z axis (three.js Euler order 'YXZ'); angles in radians, any magnitude.
 */
export function eulerToQuaternion(yaw: number, pitch: number, roll: number, out: Float64Array): void {
  const hy = half(yaw), hp = half(pitch), hr = half(roll);
  const cy = cosHalf(hy), sy = sinHalf(hy), cp = cosHalf(hp), sp = sinHalf(hp), cr = cosHalf(hr), sr = sinHalf(hr);
  out[0] = sp * cy * cr + cp * sy * sr;
  out[1] = cp * sy * cr - sp * cy * sr;
  out[2] = cp * cy * sr - sp * sy * cr;
  out[3] = cp * cy * cr + sp * sy * sr;
}
