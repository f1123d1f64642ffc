// A fixed star field far behind everything, kept centred on the camera so it never parallaxes.
import * as THREE from 'three';

/** Makes `count` (default 4000) faint stars on a sphere of `radius` world units (default 1500). */
export function createStars(count = 4000, radius = 1500): THREE.Points {
  const positions = new Float32Array(count * 3);
  const colors = new Float32Array(count * 3);
  // A fixed little generator: the sky looks the same on every start.
  let seed = 0x9e3779b9;
  const rand = (): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };
  for (let i = 0; i < count; i++) {
    const u = rand() * 2 - 1;
    const t = rand() * Math.PI * 2;
    const r = Math.sqrt(1 - u * u);
    positions.set([r * Math.cos(t) * radius, u * radius, r * Math.sin(t) * radius], i * 3);
    const b = 0.25 + rand() ** 3 * 0.75;
    const tint = rand();
    colors.set([b * (tint > 0.8 ? 1 : 0.85), b * 0.9, b * (tint < 0.3 ? 1 : 0.8)], i * 3);
  }
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  g.setAttribute('color', new THREE.BufferAttribute(colors, 3));
  const m = new THREE.PointsMaterial({ size: 1.6, sizeAttenuation: false, vertexColors: true, depthWrite: false, fog: false });
  const stars = new THREE.Points(g, m);
  stars.frustumCulled = false;
  stars.renderOrder = -1;
  return stars;
}
