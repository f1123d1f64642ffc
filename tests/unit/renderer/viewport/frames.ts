// Builds viewport frames for tests with the host's own FrameWriter, entity by entity.
import { FrameWriter, Shape, decodeFrame, type FrameView } from '../../../../src/shared/protocol';

/** One entity of a test frame; omitted fields take neutral values. */
export interface TestEntity {
  id: number;
  at?: [number, number, number];
  /** Quaternion x, y, z, w (default: no rotation). */
  rotation?: [number, number, number, number];
  scale?: number;
  color?: number;
  shape?: number;
  flags?: number;
}

/** The bytes of a frame holding `entities`. */
export function frameBytes(entities: readonly TestEntity[], frameNumber = 1): Uint8Array {
  const w = new FrameWriter();
  w.begin(frameNumber, frameNumber / 60, 60);
  const s = w.reserve(entities.length);
  entities.forEach((e, k) => {
    const i = s.offset + k;
    s.ids[i] = e.id;
    s.positions.set(e.at ?? [0, 0, 0], i * 3);
    s.rotations.set(e.rotation ?? [0, 0, 0, 1], i * 4);
    s.scales[i] = e.scale ?? 1;
    s.colors[i] = e.color ?? 0xffffff;
    s.shapes[i] = e.shape ?? Shape.Sphere;
    s.flags[i] = e.flags ?? 0;
  });
  return w.finish().slice();
}

/** A decoded frame holding `entities`. */
export function frame(entities: readonly TestEntity[], frameNumber = 1): FrameView {
  return decodeFrame(frameBytes(entities, frameNumber));
}
