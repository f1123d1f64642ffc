// Draws a frame with one InstancedMesh per (shape, emissive) bucket. Each frame rewrites the
// instances present and sets mesh.count, so an entity absent from the frame is simply not drawn.
// Per-frame work writes straight into the instance buffers: no allocation unless a bucket grows.
import * as THREE from 'three';
import { FrameFlag, Shape, SHAPE_COUNT, type FrameView } from '../../shared/protocol/frame';
import { ALL_SHAPES, emissiveMaterial, litMaterial, shapeGeometry } from './shapes';
import { SRGB_TO_LINEAR } from './color-table';

const INITIAL_CAPACITY = 256;
// The fallback light source must sit this close to the origin (world units).
const ORIGIN_TOLERANCE = 0.5;

class Bucket {
  mesh: THREE.InstancedMesh;
  capacity = 0;
  count = 0;
  /** Frame index of each instance, to map a picked instance back to its entity. */
  frameIndex = new Uint32Array(0);

  constructor(private readonly geometry: THREE.BufferGeometry, private readonly material: THREE.Material) {
    this.mesh = this.make(INITIAL_CAPACITY);
  }

  /** Makes sure `n` instances fit; returns true when the mesh object was replaced. */
  ensure(n: number): boolean {
    if (n <= this.capacity) return false;
    let cap = this.capacity;
    while (cap < n) cap *= 2;
    this.mesh.dispose();
    this.mesh = this.make(cap);
    return true;
  }

  private make(capacity: number): THREE.InstancedMesh {
    const mesh = new THREE.InstancedMesh(this.geometry, this.material, capacity);
    mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
    mesh.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(capacity * 3), 3);
    mesh.instanceColor.setUsage(THREE.DynamicDrawUsage);
    // Instances move every frame; a bounding volume would be stale at once.
    mesh.frustumCulled = false;
    mesh.count = 0;
    this.capacity = capacity;
    this.frameIndex = new Uint32Array(capacity);
    return mesh;
  }
}

/** The instanced meshes of every shape, filled from frames. */
export class InstancedEntities {
  /** Parent of every mesh (add it to the scene). */
  readonly group = new THREE.Group();
  /** Position of the first light source in the last frame (meaningful when hasLight). */
  readonly lightPosition = new THREE.Vector3();
  /** Colour of that light source (sRGB 0xRRGGBB). */
  lightColor = 0xffffff;
  /** Scale of that light source. */
  lightScale = 1;
  /** Whether the last frame had a light source. */
  hasLight = false;
  private readonly buckets: Bucket[] = [];
  private readonly perBucket = new Uint32Array(SHAPE_COUNT * 2);
  private frame: FrameView | undefined;

  constructor() {
    for (const shape of ALL_SHAPES) {
      const geometry = shapeGeometry(shape);
      this.buckets.push(new Bucket(geometry, litMaterial(shape)), new Bucket(geometry, emissiveMaterial()));
    }
    for (const b of this.buckets) this.group.add(b.mesh);
  }

  /** The meshes, for raycasting. */
  get meshes(): THREE.InstancedMesh[] {
    return this.buckets.map((b) => b.mesh);
  }

  /** Instances drawn now, over all meshes. */
  get instanceCount(): number {
    let n = 0;
    for (const b of this.buckets) n += b.mesh.count;
    return n;
  }

  /** The frame drawn last. */
  get current(): FrameView | undefined {
    return this.frame;
  }

  /** Maps a raycast hit (mesh, instanceId) back to the frame index, or -1. */
  frameIndexOf(mesh: THREE.Object3D, instanceId: number): number {
    for (const b of this.buckets) {
      if (b.mesh === mesh) return instanceId < b.count ? b.frameIndex[instanceId]! : -1;
    }
    return -1;
  }

  /** Replaces what is drawn with `frame`. */
  apply(frame: FrameView): void {
    this.frame = frame;
    const { count: n, shapes, flags, positions, scales } = frame;
    const per = this.perBucket;
    per.fill(0);
    // Pass 1: bucket sizes, and the fallback light source when no entity is flagged emissive.
    let anyEmissive = false;
    let star = -1;
    let starScale = -Infinity;
    for (let i = 0; i < n; i++) {
      const shape = shapes[i]! < SHAPE_COUNT ? shapes[i]! : Shape.Box;
      const emissive = (flags[i]! & FrameFlag.Emissive) !== 0;
      anyEmissive ||= emissive;
      per[shape * 2 + (emissive ? 1 : 0)]!++;
      if (shape === Shape.Sphere && !emissive && scales[i]! > starScale) {
        const x = positions[i * 3]!, y = positions[i * 3 + 1]!, z = positions[i * 3 + 2]!;
        if (x * x + y * y + z * z <= ORIGIN_TOLERANCE * ORIGIN_TOLERANCE) {
          star = i;
          starScale = scales[i]!;
        }
      }
    }
    if (anyEmissive) star = -1;
    else if (star >= 0) {
      per[Shape.Sphere * 2]!--;
      per[Shape.Sphere * 2 + 1]!++;
    }
    for (let b = 0; b < this.buckets.length; b++) {
      const bucket = this.buckets[b]!;
      const old = bucket.mesh;
      if (bucket.ensure(per[b]!)) this.group.add(bucket.mesh).remove(old);
      bucket.count = 0;
    }
    // Pass 2: matrices, colours and the instance → frame index map.
    this.hasLight = false;
    for (let i = 0; i < n; i++) {
      const shape = shapes[i]! < SHAPE_COUNT ? shapes[i]! : Shape.Box;
      const emissive = (flags[i]! & FrameFlag.Emissive) !== 0 || i === star;
      const bucket = this.buckets[shape * 2 + (emissive ? 1 : 0)]!;
      const k = bucket.count++;
      bucket.frameIndex[k] = i;
      writeMatrix(bucket.mesh.instanceMatrix.array as Float32Array, k * 16, frame, i);
      const rgb = frame.colors[i]!;
      const c = bucket.mesh.instanceColor!.array as Float32Array;
      c[k * 3] = SRGB_TO_LINEAR[(rgb >>> 16) & 0xff]!;
      c[k * 3 + 1] = SRGB_TO_LINEAR[(rgb >>> 8) & 0xff]!;
      c[k * 3 + 2] = SRGB_TO_LINEAR[rgb & 0xff]!;
      if (emissive && !this.hasLight) {
        this.hasLight = true;
        this.lightPosition.set(positions[i * 3]!, positions[i * 3 + 1]!, positions[i * 3 + 2]!);
        this.lightColor = rgb;
        this.lightScale = scales[i]!;
      }
    }
    for (const bucket of this.buckets) {
      const mesh = bucket.mesh;
      mesh.count = bucket.count;
      markUsed(mesh.instanceMatrix, bucket.count * 16);
      markUsed(mesh.instanceColor!, bucket.count * 3);
      // Raycasting recomputes the bounds lazily, only when someone picks.
      mesh.boundingSphere = null;
    }
  }
}

function markUsed(attr: THREE.BufferAttribute, length: number): void {
  attr.clearUpdateRanges();
  if (length === 0) return;
  attr.addUpdateRange(0, length);
  attr.needsUpdate = true;
}

/** Writes translation × rotation × uniform scale of entity i as a column-major 4×4 matrix at e[o]. */
function writeMatrix(e: Float32Array, o: number, f: FrameView, i: number): void {
  const r = f.rotations;
  let qx = r[i * 4]!, qy = r[i * 4 + 1]!, qz = r[i * 4 + 2]!, qw = r[i * 4 + 3]!;
  const len2 = qx * qx + qy * qy + qz * qz + qw * qw;
  // Tolerate unnormalised or all-zero rotations (e.g. a freshly added component) instead of distorting.
  if (len2 > 1e-12 && Math.abs(len2 - 1) > 1e-6) {
    const inv = 1 / Math.sqrt(len2);
    qx *= inv; qy *= inv; qz *= inv; qw *= inv;
  } else if (len2 <= 1e-12) {
    qx = 0; qy = 0; qz = 0; qw = 1;
  }
  const s = f.scales[i]!;
  const x2 = qx + qx, y2 = qy + qy, z2 = qz + qz;
  const xx = qx * x2, xy = qx * y2, xz = qx * z2;
  const yy = qy * y2, yz = qy * z2, zz = qz * z2;
  const wx = qw * x2, wy = qw * y2, wz = qw * z2;
  e[o] = (1 - (yy + zz)) * s;
  e[o + 1] = (xy + wz) * s;
  e[o + 2] = (xz - wy) * s;
  e[o + 3] = 0;
  e[o + 4] = (xy - wz) * s;
  e[o + 5] = (1 - (xx + zz)) * s;
  e[o + 6] = (yz + wx) * s;
  e[o + 7] = 0;
  e[o + 8] = (xz + wy) * s;
  e[o + 9] = (yz - wx) * s;
  e[o + 10] = (1 - (xx + yy)) * s;
  e[o + 11] = 0;
  const p = f.positions;
  e[o + 12] = p[i * 3]!;
  e[o + 13] = p[i * 3 + 1]!;
  e[o + 14] = p[i * 3 + 2]!;
  e[o + 15] = 1;
}
