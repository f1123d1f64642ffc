// The practical limit: a hand-written loop over Float32Arrays, no ECS at all.

/** n positions and velocities in typed arrays; returns a tick. */
export function move(n: number): () => void {
  const px = new Float32Array(n), py = new Float32Array(n), vx = new Float32Array(n), vy = new Float32Array(n);
  for (let i = 0; i < n; i++) { px[i] = i; py[i] = i; vx[i] = 1; vy[i] = 0.5; }
  const dt = 1 / 60;
  return () => { for (let i = 0; i < n; i++) { px[i] += vx[i]! * dt; py[i] += vy[i]! * dt; } };
}
