// Which entity is under a point of the canvas, and where an entity appears on it.
// Only selectable entities (named, or flagged Selectable) can be picked: anonymous dust
// neither blocks a click on a planet behind it nor steals the hover label.
import * as THREE from 'three';
import { FrameFlag, type FrameView } from '../../shared/protocol/frame';
import type { InstancedEntities } from './instancing';

// A click this close (CSS px) to an entity's centre picks it even if its shape is too small to hit.
const NEAR_PX = 6;
const SELECTABLE = FrameFlag.Named | FrameFlag.Selectable;

/** True when entity `i` of `frame` may be hovered and selected. */
export function isSelectable(frame: FrameView, i: number): boolean {
  return (frame.flags[i]! & SELECTABLE) !== 0;
}

/** Index of `id` in `frame`, or -1. */
export function indexOfId(frame: FrameView | undefined, id: number): number {
  if (frame === undefined) return -1;
  return frame.ids.indexOf(id);
}

/** Picks and projects against the last drawn frame. */
export class Picker {
  private readonly raycaster = new THREE.Raycaster();
  private readonly ndc = new THREE.Vector2();
  private readonly v = new THREE.Vector3();
  private readonly hits: THREE.Intersection[] = [];

  constructor(private readonly entities: InstancedEntities, private readonly camera: THREE.Camera, private readonly canvas: HTMLCanvasElement) {}

  /** Frame index of the selectable entity at canvas CSS pixel (x, y), or -1. */
  pick(x: number, y: number): number {
    const frame = this.entities.current;
    const w = this.canvas.clientWidth, h = this.canvas.clientHeight;
    if (frame === undefined || w === 0 || h === 0) return -1;
    this.camera.updateMatrixWorld();
    this.ndc.set((x / w) * 2 - 1, 1 - (y / h) * 2);
    this.raycaster.setFromCamera(this.ndc, this.camera);
    this.hits.length = 0;
    this.raycaster.intersectObjects(this.entities.meshes, false, this.hits);
    for (const hit of this.hits) {
      if (hit.instanceId === undefined) continue;
      const i = this.entities.frameIndexOf(hit.object, hit.instanceId);
      if (i >= 0 && isSelectable(frame, i)) return i;
    }
    return this.nearest(frame, x, y);
  }

  /** Writes the CSS pixel position (in the canvas) of entity `i`'s centre to `out`; false when behind the camera or off-screen. */
  project(i: number, out: { x: number; y: number }): boolean {
    const frame = this.entities.current;
    if (frame === undefined || i < 0 || i >= frame.count) return false;
    this.camera.updateMatrixWorld();
    return this.projectInto(frame, i, out);
  }

  private projectInto(frame: FrameView, i: number, out: { x: number; y: number }): boolean {
    const p = frame.positions;
    this.v.set(p[i * 3]!, p[i * 3 + 1]!, p[i * 3 + 2]!).project(this.camera);
    if (!(this.v.z >= -1 && this.v.z <= 1 && Math.abs(this.v.x) <= 1 && Math.abs(this.v.y) <= 1)) return false;
    out.x = (this.v.x + 1) / 2 * this.canvas.clientWidth;
    out.y = (1 - this.v.y) / 2 * this.canvas.clientHeight;
    return true;
  }

  private nearest(frame: FrameView, x: number, y: number): number {
    const at = { x: 0, y: 0 };
    let best = -1;
    let bestD2 = NEAR_PX * NEAR_PX;
    for (let i = 0; i < frame.count; i++) {
      if (!isSelectable(frame, i) || !this.projectInto(frame, i, at)) continue;
      const d2 = (at.x - x) ** 2 + (at.y - y) ** 2;
      if (d2 <= bestD2) {
        best = i;
        bestD2 = d2;
      }
    }
    return best;
  }
}
