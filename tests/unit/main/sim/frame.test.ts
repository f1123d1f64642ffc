import { describe, expect, test } from 'vitest';
import { FrameFlag, FrameWriter, isMetaMessage, Shape } from '../../../../src/shared/protocol';
import { drawnEntities, eulerToQuaternion, metaMessage, metaVersion, packFrame } from '../../../../src/main/sim';
import { demo, frame, indexIn, step } from './helpers';

describe('packed frames', () => {
  test('a frame holds every drawn entity once, with its transform, colour, shape and flags', () => {
    const d = demo({ asteroids: 100 });
    step(d, 10);
    const w = d.world, f = frame(d);
    const drawn = drawnEntities(d);
    expect(f.count).toBe(drawn.length);
    expect(new Set(f.ids).size).toBe(f.count);
    expect(f.frameNumber).toBe(10);
    expect(f.simTime).toBeCloseTo(10 / 60, 9);
    const sun = indexIn(f, d.sun);
    expect(f.flags[sun]).toBe(FrameFlag.Named | FrameFlag.Selectable | FrameFlag.Emissive);
    expect(f.shapes[sun]).toBe(Shape.Sphere);
    expect(f.colors[sun]).toBe(0xffcc33);
    expect(f.scales[sun]).toBe(3);
    const rock = indexIn(f, d.asteroids.first);
    expect(f.flags[rock]).toBe(FrameFlag.Selectable);
    expect(f.shapes[rock]).toBe(Shape.Rock);
    const ship1 = indexIn(f, d.ships[0]!), ship2 = indexIn(f, d.ships[1]!);
    expect(f.shapes[ship2]).toBe(Shape.Ship);
    expect(f.colors[ship1]).toBe(0xffc83c);
    expect(f.colors[ship2]).toBe(0xbed7ff);
    expect(f.scales[ship2]).toBeCloseTo(0.3, 6);
    expect(f.shapes[indexIn(f, w.lookup('Sun.Saturn.Rings'))]).toBe(Shape.Ring);
    const p = w.get(d.ships[1]!, d.ids.Position) as { x: number; y: number; z: number };
    expect([...f.positions.subarray(ship2 * 3, ship2 * 3 + 3)]).toEqual([p.x, p.y, p.z]);
  });

  test('rotations are unit quaternions of the Rotation component', () => {
    const d = demo({ asteroids: 50 });
    step(d, 5);
    const f = frame(d), q = new Float64Array(4);
    for (const e of [d.asteroids.first, d.ships[0]!, d.world.lookup('Sun.Saturn.Rings')]) {
      const i = indexIn(f, e), r = d.world.get(e, d.ids.Rotation) as { yaw: number; pitch: number; roll: number };
      eulerToQuaternion(r.yaw, r.pitch, r.roll, q);
      for (let k = 0; k < 4; k++) expect(f.rotations[i * 4 + k]).toBeCloseTo(q[k]!, 6);
      expect(Math.hypot(...f.rotations.subarray(i * 4, i * 4 + 4))).toBeCloseTo(1, 6);
    }
  });

  test('frame header values can be given; the writer is reused without growing', () => {
    const d = demo({ asteroids: 100 });
    const writer = new FrameWriter(8);
    const a = packFrame(d, writer, { frame: 42, time: 1.5, fps: 30 }).byteLength;
    const cap = writer.capacity;
    step(d, 3);
    expect(packFrame(d, writer).byteLength).toBe(a);
    expect(writer.capacity).toBe(cap);
    expect(a).toBe(32 + 46 * drawnEntities(d).length);
  });
});

describe('meta messages', () => {
  test('list the drawn named entities with dotted paths and labels, not the anonymous ones', () => {
    const d = demo({ asteroids: 20 });
    d.world.setDoc(d.world.core.World, 'name', 'my-app');
    const m = metaMessage(d);
    expect(isMetaMessage(m)).toBe(true);
    expect(m.title).toBe('my-app');
    const byPath = new Map(m.entities.map((e) => [e.path, e]));
    expect(byPath.get('Sun')).toEqual({ id: d.sun, name: 'Sun', path: 'Sun', label: 'Sol' });
    expect(byPath.get('Sun.Earth.Moon')).toEqual({ id: d.world.lookup('Sun.Earth.Moon'), name: 'Moon', path: 'Sun.Earth.Moon' });
    expect(byPath.get('Ship1')!.label).toBe('Aurora');
    expect(m.entities).toHaveLength(1 + 8 + d.moons.length + 1 + 12);
    expect(byPath.has('SpaceShip')).toBe(false);
  });

  test('the version changes when names shown by the viewport change, not as ships fly', () => {
    const d = demo({ asteroids: 20 });
    const w = d.world, mars = w.lookup('Sun.Mars');
    const v0 = metaVersion(d);
    step(d, 600);
    expect(metaVersion(d)).toBe(v0);
    w.disable(mars);
    const v1 = metaVersion(d);
    expect(v1).not.toBe(v0);
    expect(metaMessage(d).entities.some((e) => e.id === mars)).toBe(false);
    w.enable(mars);
    expect(metaVersion(d)).toBe(v0);
    w.setDoc(mars, 'name', 'The red planet');
    const v2 = metaVersion(d);
    expect(v2).not.toBe(v0);
    w.delete(w.lookup('Sun.Mars.Deimos'));
    expect(metaVersion(d)).not.toBe(v2);
    // Anonymous entities never show in the meta message, so they do not change the version.
    const v3 = metaVersion(d);
    w.delete(d.asteroids.first);
    expect(metaVersion(d)).toBe(v3);
  });
});
