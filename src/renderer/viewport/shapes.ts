// One geometry per protocol Shape, each about its centre with radius ~1 so the frame's
// uniform scale reads as a radius, and the two materials: lit, and emissive (light sources).
import * as THREE from 'three';
import { Shape, SHAPE_COUNT } from '../../shared/protocol/frame';

/** Builds the geometry of `shape` (unit size; ships point along +Z, rings lie in XZ). */
export function shapeGeometry(shape: Shape): THREE.BufferGeometry {
  switch (shape) {
    case Shape.Sphere:
      return new THREE.SphereGeometry(1, 32, 16);
    case Shape.Ship: {
      const g = new THREE.ConeGeometry(0.55, 2, 10);
      // Cones grow along +Y; the protocol's ships point along +Z.
      g.rotateX(Math.PI / 2);
      return g;
    }
    case Shape.Rock: {
      // Thousands of rocks make triangle count the cost on weak GPUs: an octahedron (8 faces),
      // stretched unevenly so that random rotations read as irregular rocks.
      const g = new THREE.OctahedronGeometry(1, 0);
      g.scale(1.15, 0.75, 0.95);
      return g;
    }
    case Shape.Ring: {
      const g = new THREE.TorusGeometry(1, 0.07, 6, 64);
      g.rotateX(Math.PI / 2);
      return g;
    }
    case Shape.Box:
      return new THREE.BoxGeometry(1.3, 1.3, 1.3);
    default: {
      // Compiles only while every shape has its case.
      const unhandled: never = shape;
      throw new Error(`unhandled shape ${String(unhandled)}`);
    }
  }
}

/** Every shape in enum order (index = Shape value). */
export const ALL_SHAPES: readonly Shape[] = Array.from({ length: SHAPE_COUNT }, (_, i) => i as Shape);

/** Material of ordinary entities; colour comes from the instance colour. */
export function litMaterial(shape: Shape): THREE.Material {
  return new THREE.MeshStandardMaterial({
    color: 0xffffff,
    roughness: shape === Shape.Ship || shape === Shape.Box ? 0.45 : 0.85,
    metalness: shape === Shape.Ship || shape === Shape.Box ? 0.35 : 0.05,
    flatShading: shape === Shape.Rock,
  });
}

/** Material of light sources: unlit, full instance colour. */
export function emissiveMaterial(): THREE.Material {
  return new THREE.MeshBasicMaterial({ color: 0xffffff, toneMapped: false });
}
