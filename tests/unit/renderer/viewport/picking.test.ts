// Picking entities under the pointer and projecting them to the canvas, against a real camera
// and the instanced meshes of a drawn frame (no GPU needed: raycasting is computed on the CPU).
import * as THREE from 'three';
import { describe, expect, test } from 'vitest';
import { InstancedEntities, Picker, indexOfId, isSelectable } from '../../../../src/renderer/viewport';
import { FrameFlag, Shape } from '../../../../src/shared/protocol';
import { frame, type TestEntity } from './frames';

const W = 800, H = 600;

/** A camera 100 units in front of the origin, looking at it, and a canvas of W × H CSS pixels. */
function setup(entities: TestEntity[]) {
  const drawn = new InstancedEntities();
  drawn.apply(frame(entities));
  const camera = new THREE.PerspectiveCamera(50, W / H, 0.1, 1000);
  camera.position.set(0, 0, 100);
  camera.lookAt(0, 0, 0);
  const canvas = { clientWidth: W, clientHeight: H } as HTMLCanvasElement;
  return { drawn, picker: new Picker(drawn, camera, canvas) };
}

const named = FrameFlag.Named;

describe('Picker', () => {
  test('picks the named entity under the pointer, and nothing on empty space', () => {
    const { picker } = setup([{ id: 10, at: [0, 0, 0], scale: 5, flags: named }, { id: 11, at: [30, 0, 0], scale: 5, flags: named }]);
    expect(picker.pick(W / 2, H / 2)).toBe(0);
    const at = { x: 0, y: 0 };
    expect(picker.project(1, at)).toBe(true);
    expect(picker.pick(at.x, at.y)).toBe(1);
    expect(picker.pick(10, 10)).toBe(-1);
  });

  test('anonymous entities neither get picked nor hide a named one behind them', () => {
    const { picker } = setup([
      { id: 1, at: [0, 0, 0], scale: 4, flags: named },
      { id: 2, at: [0, 0, 40], scale: 8, shape: Shape.Rock }, // dust, between the camera and the planet
    ]);
    expect(picker.pick(W / 2, H / 2)).toBe(0);
  });

  test('an anonymous entity flagged Selectable can be picked', () => {
    const { picker } = setup([{ id: 3, at: [0, 0, 0], scale: 4, flags: FrameFlag.Selectable }]);
    expect(picker.pick(W / 2, H / 2)).toBe(0);
  });

  test('of two named entities on the line of sight, the nearer one is picked', () => {
    const { picker } = setup([{ id: 1, at: [0, 0, -20], scale: 6, flags: named }, { id: 2, at: [0, 0, 20], scale: 3, flags: named }]);
    expect(picker.pick(W / 2, H / 2)).toBe(1);
  });

  test('an entity too small to hit is picked within a few pixels of its centre', () => {
    const { picker } = setup([{ id: 1, at: [10, 5, 0], scale: 0.001, flags: named }]);
    const at = { x: 0, y: 0 };
    expect(picker.project(0, at)).toBe(true);
    expect(picker.pick(at.x + 3, at.y - 3)).toBe(0);
    expect(picker.pick(at.x + 12, at.y)).toBe(-1);
  });

  test('project: the origin is the canvas centre; behind the camera or off-screen is false', () => {
    const { picker } = setup([{ id: 1, at: [0, 0, 0], flags: named }, { id: 2, at: [0, 0, 200], flags: named }, { id: 3, at: [500, 0, 0], flags: named }]);
    const at = { x: -1, y: -1 };
    expect(picker.project(0, at)).toBe(true);
    expect(at.x).toBeCloseTo(W / 2, 6);
    expect(at.y).toBeCloseTo(H / 2, 6);
    expect(picker.project(1, at)).toBe(false);
    expect(picker.project(2, at)).toBe(false);
    expect(picker.project(9, at)).toBe(false);
  });

  test('before any frame, and on a canvas of no size, nothing is picked', () => {
    const empty = new Picker(new InstancedEntities(), new THREE.PerspectiveCamera(), { clientWidth: W, clientHeight: H } as HTMLCanvasElement);
    expect(empty.pick(W / 2, H / 2)).toBe(-1);
    const drawn = new InstancedEntities();
    drawn.apply(frame([{ id: 1, flags: named }]));
    expect(new Picker(drawn, new THREE.PerspectiveCamera(), { clientWidth: 0, clientHeight: 0 } as HTMLCanvasElement).pick(0, 0)).toBe(-1);
  });
});

describe('frame lookups', () => {
  test('indexOfId finds an entity by id; isSelectable reads the flags', () => {
    const f = frame([{ id: 2 ** 35 + 7, flags: named }, { id: 8 }, { id: 9, flags: FrameFlag.Selectable | FrameFlag.Emissive }]);
    expect(indexOfId(f, 2 ** 35 + 7)).toBe(0);
    expect(indexOfId(f, 9)).toBe(2);
    expect(indexOfId(f, 10)).toBe(-1);
    expect(indexOfId(undefined, 8)).toBe(-1);
    expect([0, 1, 2].map((i) => isSelectable(f, i))).toEqual([true, false, true]);
  });
});
