// Shared set-up of the demo tests: a small scene, frame stepping and frame decoding.
import { pipelineOf } from '../../../../src/shared/pipeline';
import { isPair, World, type Entity } from '../../../../src/shared/ecs';
import { decodeFrame, FrameWriter, type FrameView } from '../../../../src/shared/protocol';
import { packFrame } from '../../../../src/main/frames';
import { createDemo, type Demo, type DemoOptions } from '../../../../src/main/sim';

/** A demo in a fresh world (300 asteroids unless asked otherwise). */
export function demo(options: DemoOptions = {}): Demo {
  return createDemo(new World(), { asteroids: 300, ...options });
}

/** Runs `frames` frames of 1/60 s. */
export function step(d: Demo, frames = 1): void {
  const p = pipelineOf(d.world);
  for (let i = 0; i < frames; i++) p.progress(1 / 60);
}

/** Packs and decodes a frame of the demo. */
export function frame(d: Demo): FrameView {
  return decodeFrame(packFrame(d, new FrameWriter(16)).slice());
}

/** Index of an entity in a decoded frame, or -1. */
export function indexIn(f: FrameView, e: Entity): number {
  return f.ids.indexOf(e);
}

/** Position of an entity as a plain object. */
export function position(d: Demo, e: Entity): { x: number; y: number; z: number } {
  return d.world.get(e, d.ids.Position) as { x: number; y: number; z: number };
}

/** Distance between two entities' positions. */
export function distance(d: Demo, a: Entity, b: Entity): number {
  const p = position(d, a), q = position(d, b);
  return Math.hypot(p.x - q.x, p.y - q.y, p.z - q.z);
}

/** The target of an entity's (TravellingTo, *) pair, or 0. */
export function destination(d: Demo, ship: Entity): Entity {
  const w = d.world, rel = d.ids.TravellingTo;
  for (const id of w.typeOf(ship)) if (isPair(id) && w.pairFirst(id) === rel) return w.pairSecond(id);
  return 0;
}
