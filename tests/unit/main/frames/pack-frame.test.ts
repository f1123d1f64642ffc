import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { CachedQuery } from '../../../../src/shared/pipeline';
import { compileQuery } from '../../../../src/shared/query';
import { decodeFrame, FrameFlag, FrameWriter, Shape } from '../../../../src/shared/protocol';
import { drawnEntities, eulerToQuaternion, metaMessage, packFrame, type DrawnScene } from '../../../../src/main/frames';
import { demo, frame, indexIn, step } from '../sim/helpers';

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
    // Version 2's header: 40 bytes (the past frame after the simulation time).
    expect(a).toBe(40 + 46 * drawnEntities(d).length);
  });

  test('a frame of the past carries that frame in its header; a live one says -1', () => {
    const d = demo({ asteroids: 20 });
    step(d, 4);
    const writer = new FrameWriter(8);
    expect(decodeFrame(packFrame(d, writer)).pastFrame).toBe(-1);
    const past = decodeFrame(packFrame(d, writer, { frame: 90, pastFrame: 4 }));
    expect([past.frameNumber, past.pastFrame]).toEqual([90, 4]);
  });

  test('the highlighted entities, and only they, carry the Highlighted flag beside their own flags', () => {
    const d = demo({ asteroids: 30 });
    step(d, 2);
    const rock = d.asteroids.first, ship = d.ships[2]!;
    const f = decodeFrame(packFrame(d, new FrameWriter(8), { highlight: new Set([rock, ship]) }));
    const flagged = [...f.ids].filter((_, i) => (f.flags[i]! & FrameFlag.Highlighted) !== 0);
    expect(flagged.sort()).toEqual([rock, ship].sort());
    expect(f.flags[indexIn(f, ship)]).toBe(FrameFlag.Named | FrameFlag.Selectable | FrameFlag.Highlighted);
    expect(f.flags[indexIn(f, rock)]).toBe(FrameFlag.Selectable | FrameFlag.Highlighted);
    const none = decodeFrame(packFrame(d, new FrameWriter(8), { highlight: new Set() }));
    expect([...none.flags].some((x) => (x & FrameFlag.Highlighted) !== 0)).toBe(false);
  });
});

describe('a scene that is not the demo', () => {
  /** A two-box scene with components of its own names, in the field order DrawnScene asks for. */
  function boxes(): { scene: DrawnScene; lit: number; plain: number } {
    const world = new World();
    const Drawn = world.tag('Drawn'), Lamp = world.tag('Lamp');
    const At = world.component('At', { x: 'f32', y: 'f32', z: 'f32' });
    const Turn = world.component('Turn', { yaw: 'f32', pitch: 'f32', roll: 'f32' });
    const Size = world.component('Size', { value: 'f32' });
    const Tint = world.component('Tint', { r: 'u8', g: 'u8', b: 'u8' });
    const Form = world.component('Form', { kind: { enum: ['Sphere', 'Ship', 'Rock', 'Ring', 'Box'] } });
    const box = (name: string | undefined, x: number) => {
      const e = world.entity(name);
      world.add(e, Drawn);
      world.set(e, At, { x, y: 0, z: 0 });
      world.set(e, Turn, {});
      world.set(e, Size, { value: 2 });
      world.set(e, Tint, { r: 1, g: 2, b: 3 });
      world.set(e, Form, { kind: 'Box' });
      return e;
    };
    const lit = box('Lit', 1), plain = box(undefined, 2);
    world.add(lit, Lamp);
    const renderables = new CachedQuery(compileQuery(world, 'Drawn, At, Turn, Size, Tint, Form'));
    return { scene: { world, renderables, emissiveTag: Lamp, defaultTitle: 'Boxes' }, lit, plain };
  }

  test('packs its entities and names them, with its own glowing tag and title', () => {
    const { scene, lit, plain } = boxes();
    const f = decodeFrame(packFrame(scene, new FrameWriter(4)).slice());
    expect(f.count).toBe(2);
    const i = f.ids.indexOf(lit), j = f.ids.indexOf(plain);
    expect(f.flags[i]).toBe(FrameFlag.Selectable | FrameFlag.Named | FrameFlag.Emissive);
    expect(f.flags[j]).toBe(FrameFlag.Selectable);
    expect(f.shapes[j]).toBe(Shape.Box);
    expect(f.colors[j]).toBe(0x010203);
    expect([...f.positions.subarray(j * 3, j * 3 + 3)]).toEqual([2, 0, 0]);
    expect(metaMessage(scene)).toEqual({ type: 'meta', title: 'Boxes', entities: [{ id: lit, name: 'Lit', path: 'Lit' }] });
  });
});
