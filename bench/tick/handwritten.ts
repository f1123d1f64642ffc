// The practical limits: the demo's per-entity work written as bare loops over typed arrays of
// the same layout (f32 columns), without any ECS. Each returns a tick (or a pack) to time.
import { eulerToQuaternion } from '../../src/main/frames';
import { FrameFlag, FrameWriter, Shape } from '../../src/shared/protocol';

function arrays(n: number, count: number): Float32Array[] {
  return Array.from({ length: count }, () => new Float32Array(n));
}

/** Belt-like positions and velocities (orbits of radius 22–28 around the origin). */
function belt(n: number): Float32Array[] {
  const [px, py, pz, vx, vy, vz] = arrays(n, 6) as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  for (let i = 0; i < n; i++) {
    const a = i * 2.399963, r = 22 + (i % 61) / 10, s = Math.sqrt(100 / r);
    px[i] = Math.cos(a) * r; pz[i] = Math.sin(a) * r; py[i] = ((i % 7) - 3) / 10;
    vx[i] = -Math.sin(a) * s; vz[i] = Math.cos(a) * s; vy[i] = 0;
  }
  return [px, py, pz, vx, vy, vz];
}

/** Position += Velocity × dt over n entities. */
export function move(n: number): () => void {
  const [px, py, pz, vx, vy, vz] = belt(n) as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  const dt = 1 / 60;
  return () => {
    for (let j = 0; j < n; j++) { px[j] = px[j]! + vx[j]! * dt; py[j] = py[j]! + vy[j]! * dt; pz[j] = pz[j]! + vz[j]! * dt; }
  };
}

/** The Sun's softened pull on n velocities. */
export function gravity(n: number): () => void {
  const [px, py, pz, vx, vy, vz] = belt(n) as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  const k = 100 / 60, soft = 0.25;
  return () => {
    for (let j = 0; j < n; j++) {
      const dx = px[j]!, dy = py[j]!, dz = pz[j]!;
      const d2 = dx * dx + dy * dy + dz * dz + soft, f = k / (d2 * Math.sqrt(d2));
      vx[j] = vx[j]! - dx * f; vy[j] = vy[j]! - dy * f; vz[j] = vz[j]! - dz * f;
    }
  };
}

/** n bodies on circular orbits around one centre: angle += speed × dt, position from the angle. */
export function orbit(n: number): () => void {
  const [radius, speed, angle, incl, px, py, pz] = arrays(n, 7) as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  for (let i = 0; i < n; i++) { radius[i] = 1 + (i % 20) / 10; speed[i] = 0.5 + (i % 9) / 10; incl[i] = ((i % 5) - 2) / 10; }
  const dt = 1 / 60, cx = 14, cy = 0, cz = 3, twoPi = Math.PI * 2;
  return () => {
    for (let j = 0; j < n; j++) {
      let a = angle[j]! + speed[j]! * dt;
      if (a >= twoPi || a <= -twoPi) a %= twoPi;
      angle[j] = a;
      const r = radius[j]!, i = incl[j]!, s = Math.sin(a) * r;
      px[j] = cx + Math.cos(a) * r; py[j] = cy + s * Math.sin(i); pz[j] = cz + s * Math.cos(i);
    }
  };
}

/** Packs n entities from typed arrays (ids, xyz, yaw/pitch/roll, scale, rgb, shape) into a FrameWriter. */
export function pack(n: number): () => Uint8Array {
  const [px, py, pz, , , ] = belt(n) as Float32Array[];
  const [yaw, pitch, roll, scale] = arrays(n, 4) as [Float32Array, Float32Array, Float32Array, Float32Array];
  const ids = new Float64Array(n), cr = new Uint8Array(n), cg = new Uint8Array(n), cb = new Uint8Array(n), kind = new Int32Array(n);
  for (let i = 0; i < n; i++) { ids[i] = 1000 + i; yaw[i] = i; pitch[i] = i * 0.5; roll[i] = i * 0.25; scale[i] = 0.1; cr[i] = 120; cg[i] = 110; cb[i] = 100; kind[i] = Shape.Rock; }
  const writer = new FrameWriter(), quat = new Float64Array(4), toQuaternion = eulerToQuaternion, flag = FrameFlag.Selectable;
  let frame = 0;
  return () => {
    writer.begin(++frame, frame / 60, 60);
    const s = writer.reserve(n), o = s.offset;
    s.ids.set(ids, o);
    for (let j = 0, k = o * 3; j < n; j++, k += 3) { s.positions[k] = px![j]!; s.positions[k + 1] = py![j]!; s.positions[k + 2] = pz![j]!; }
    for (let j = 0, k = o * 4; j < n; j++, k += 4) {
      toQuaternion(yaw[j]!, pitch[j]!, roll[j]!, quat);
      s.rotations[k] = quat[0]!; s.rotations[k + 1] = quat[1]!; s.rotations[k + 2] = quat[2]!; s.rotations[k + 3] = quat[3]!;
    }
    s.scales.set(scale, o);
    for (let j = 0; j < n; j++) s.colors[o + j] = (cr[j]! << 16) | (cg[j]! << 8) | cb[j]!;
    s.shapes.set(kind, o);
    s.flags.fill(flag, o, o + n);
    return writer.finish();
  };
}
