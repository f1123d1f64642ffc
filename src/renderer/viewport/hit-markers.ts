// Markers on the entities a breakpoint's hit named (flagged Highlighted in the frame): a red ring
// of a fixed size on screen around each, pulsing and drawn over everything, so the eye finds a
// small ship among thousands of rocks at any zoom. One Points object: a hit names a handful of
// entities, and a frame without any draws nothing.
import * as THREE from 'three';
import { FrameFlag, type FrameView } from '../../shared/protocol/frame';

/** Diameter of a marker ring on screen, CSS pixels. */
const RING_PIXELS = 34;

function ringTexture(): THREE.Texture {
  const size = 64;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  ctx.strokeStyle = '#ff4d3d';
  ctx.lineWidth = 5;
  ctx.beginPath();
  ctx.arc(size / 2, size / 2, size / 2 - 5, 0, Math.PI * 2);
  ctx.stroke();
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

/** The markers of the highlighted entities of the last frame. */
export class HitMarkers {
  /** Add it to the scene. */
  readonly points: THREE.Points;
  private readonly material: THREE.PointsMaterial;
  private positions = new Float32Array(3 * 16);
  private ids: number[] = [];

  constructor() {
    this.material = new THREE.PointsMaterial({
      size: RING_PIXELS * Math.min(window.devicePixelRatio, 2), sizeAttenuation: false, map: ringTexture(),
      transparent: true, depthTest: false, depthWrite: false, toneMapped: false,
    });
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(this.positions, 3));
    geometry.setDrawRange(0, 0);
    this.points = new THREE.Points(geometry, this.material);
    this.points.frustumCulled = false;
    // Over everything else: a marker inside a planet's glow must still show.
    this.points.renderOrder = 10;
  }

  /** Ids of the highlighted entities in the last frame, in frame order. */
  get highlighted(): readonly number[] {
    return this.ids;
  }

  /** Places a marker on every entity of `frame` flagged Highlighted (none when there is no hit). */
  apply(frame: FrameView): void {
    const at: number[] = [];
    for (let i = 0; i < frame.count; i++) if ((frame.flags[i]! & FrameFlag.Highlighted) !== 0) at.push(i);
    const geometry = this.points.geometry;
    if (at.length * 3 > this.positions.length) {
      this.positions = new Float32Array(Math.max(at.length * 3, this.positions.length * 2));
      geometry.setAttribute('position', new THREE.BufferAttribute(this.positions, 3));
    }
    for (let k = 0; k < at.length; k++) this.positions.set(frame.positions.subarray(at[k]! * 3, at[k]! * 3 + 3), k * 3);
    geometry.getAttribute('position').needsUpdate = true;
    geometry.setDrawRange(0, at.length);
    this.ids = at.map((i) => frame.ids[i]!);
  }

  /** Pulses the markers (call once per animation frame; `t` in ms). */
  animate(t: number): void {
    this.material.opacity = 0.6 + 0.4 * Math.sin(t / 180);
  }
}
