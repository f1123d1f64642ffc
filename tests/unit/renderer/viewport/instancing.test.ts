// Drawing a frame with instanced meshes (three.js runs without a GPU here: only buffers are filled).
import * as THREE from 'three';
import { describe, expect, test } from 'vitest';
import { InstancedEntities, SRGB_TO_LINEAR } from '../../../../src/renderer/viewport';
import { FrameFlag, Shape } from '../../../../src/shared/protocol';
import { frame } from './frames';

/** Where entity `i` of the drawn frame ended up: its mesh, instance matrix and colour. */
function instanceOf(entities: InstancedEntities, i: number) {
  for (const mesh of entities.meshes) {
    for (let k = 0; k < mesh.count; k++) {
      if (entities.frameIndexOf(mesh, k) !== i) continue;
      const m = new THREE.Matrix4();
      mesh.getMatrixAt(k, m);
      const c = new THREE.Color();
      mesh.getColorAt(k, c);
      return { mesh, matrix: m, color: c };
    }
  }
  throw new Error(`entity ${i} is not drawn`);
}

describe('InstancedEntities', () => {
  test('draws every entity of the frame once, with its position, rotation and scale', () => {
    const e = new InstancedEntities();
    const q = new THREE.Quaternion().setFromEuler(new THREE.Euler(0.3, -1.2, 0.5));
    e.apply(frame([
      { id: 1, at: [1, 2, 3], shape: Shape.Sphere, scale: 2 },
      { id: 2, at: [-4, 0, 9], shape: Shape.Ship, rotation: [q.x, q.y, q.z, q.w], scale: 0.5 },
      { id: 3, at: [0, 7, 0], shape: Shape.Rock },
    ]));
    expect(e.instanceCount).toBe(3);
    const want = new THREE.Matrix4().compose(new THREE.Vector3(-4, 0, 9), q, new THREE.Vector3(0.5, 0.5, 0.5));
    const got = instanceOf(e, 1).matrix;
    got.elements.forEach((x, k) => expect(x).toBeCloseTo(want.elements[k]!, 5));
    expect(new THREE.Vector3().setFromMatrixPosition(instanceOf(e, 0).matrix).toArray()).toEqual([1, 2, 3]);
    expect(new THREE.Vector3().setFromMatrixScale(instanceOf(e, 0).matrix).x).toBeCloseTo(2, 6);
  });

  test('entities of one shape share a mesh; another shape is another mesh', () => {
    const e = new InstancedEntities();
    e.apply(frame([{ id: 1, shape: Shape.Rock }, { id: 2, shape: Shape.Rock }, { id: 3, shape: Shape.Ship }, { id: 4, shape: 200 /* unknown: drawn as a box */ }, { id: 5, shape: Shape.Box }]));
    expect(instanceOf(e, 0).mesh).toBe(instanceOf(e, 1).mesh);
    expect(instanceOf(e, 2).mesh).not.toBe(instanceOf(e, 0).mesh);
    expect(instanceOf(e, 3).mesh).toBe(instanceOf(e, 4).mesh);
    expect(e.instanceCount).toBe(5);
  });

  test('colours are converted from sRGB bytes to linear', () => {
    const e = new InstancedEntities();
    e.apply(frame([{ id: 1, color: 0xff8000 }]));
    const c = instanceOf(e, 0).color;
    expect([c.r, c.g, c.b]).toEqual([SRGB_TO_LINEAR[0xff], SRGB_TO_LINEAR[0x80], SRGB_TO_LINEAR[0x00]]);
    expect(SRGB_TO_LINEAR[0]).toBe(0);
    expect(SRGB_TO_LINEAR[255]).toBeCloseTo(1, 6);
    expect(SRGB_TO_LINEAR[0x80]).toBeCloseTo(0.2158605, 6);
  });

  test('an entity missing from the next frame is no longer drawn, and one that comes back is', () => {
    const e = new InstancedEntities();
    const all = [{ id: 1, at: [0, 0, 0] as [number, number, number] }, { id: 2, at: [5, 0, 0] as [number, number, number] }, { id: 3, at: [9, 0, 0] as [number, number, number] }];
    e.apply(frame(all));
    e.apply(frame([all[0]!, all[2]!], 2));
    expect(e.instanceCount).toBe(2);
    expect(new THREE.Vector3().setFromMatrixPosition(instanceOf(e, 1).matrix).x).toBe(9);
    e.apply(frame(all, 3));
    expect(e.instanceCount).toBe(3);
  });

  test('a frame larger than the meshes grows them, replacing the mesh in the group', () => {
    const e = new InstancedEntities();
    e.apply(frame([{ id: 1, shape: Shape.Rock }]));
    const before = instanceOf(e, 0).mesh;
    const many = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, shape: Shape.Rock, at: [i, 0, 0] as [number, number, number] }));
    e.apply(frame(many, 2));
    expect(e.instanceCount).toBe(1000);
    const after = instanceOf(e, 999).mesh;
    expect(after).not.toBe(before);
    expect(e.group.children).toContain(after);
    expect(e.group.children).not.toContain(before);
    expect(new THREE.Vector3().setFromMatrixPosition(instanceOf(e, 999).matrix).x).toBe(999);
  });

  test('an emissive entity is the light source; without one, the largest sphere at the origin is', () => {
    const e = new InstancedEntities();
    e.apply(frame([{ id: 1, at: [0, 0, 0], scale: 3, color: 0xffcc00 }, { id: 2, at: [0.1, 0, 0], scale: 1 }, { id: 3, at: [20, 0, 0], scale: 9 }]));
    expect(e.hasLight).toBe(true);
    expect(e.lightPosition.toArray()).toEqual([0, 0, 0]);
    expect([e.lightColor, e.lightScale]).toEqual([0xffcc00, 3]);
    expect(instanceOf(e, 0).mesh).not.toBe(instanceOf(e, 1).mesh); // glowing, not lit
    e.apply(frame([{ id: 1, at: [0, 0, 0], scale: 3 }, { id: 4, at: [6, 1, 2], scale: 2, color: 0x3355ff, flags: FrameFlag.Emissive }], 2));
    expect(e.lightPosition.toArray()).toEqual([6, 1, 2]);
    expect(e.lightColor).toBe(0x3355ff);
    e.apply(frame([{ id: 3, at: [20, 0, 0], scale: 9 }], 3));
    expect(e.hasLight).toBe(false);
  });

  test('an all-zero rotation (a component just added) draws unrotated instead of collapsing', () => {
    const e = new InstancedEntities();
    e.apply(frame([{ id: 1, at: [1, 1, 1], rotation: [0, 0, 0, 0], scale: 2 }]));
    const want = new THREE.Matrix4().compose(new THREE.Vector3(1, 1, 1), new THREE.Quaternion(), new THREE.Vector3(2, 2, 2));
    expect(instanceOf(e, 0).matrix.elements).toEqual(want.elements);
  });

  test('a hit on an instance maps back to its frame index; other hits to -1', () => {
    const e = new InstancedEntities();
    e.apply(frame([{ id: 1, shape: Shape.Rock }, { id: 2, shape: Shape.Ship }, { id: 3, shape: Shape.Rock }]));
    const rocks = instanceOf(e, 2).mesh;
    expect(e.frameIndexOf(rocks, 1)).toBe(2);
    expect(e.frameIndexOf(rocks, 2)).toBe(-1); // beyond the instances drawn
    expect(e.frameIndexOf(new THREE.Object3D(), 0)).toBe(-1);
  });
});
