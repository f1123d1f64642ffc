// A recording's frame records: every recorded frame has one, a keyframe's own frame included (it
// is the last record of the segment before that keyframe).
import { describe, expect, test } from 'vitest';
import { World, imageBytes } from '../../../../src/shared/ecs';
import { Recording } from '../../../../src/shared/history/recording';
import { FRAME_RECORD_BYTES } from '../../../../src/shared/history/history-types';
import { demoPair, numbers, randomWrite } from './demo-pair';

describe('Recording.frameRecord', () => {
  test('finds the record of every frame after the oldest keyframe, keyframe frames included', () => {
    const image = new World().snapshot();
    const r = new Recording({ windowFrames: 1000, maxBytes: 1e9 });
    r.addKeyframe(10, image);
    for (let f = 11; f <= 17; f++) {
      r.addFrame({ frame: f, dt: f / 100, simulated: f % 2 === 0, inputs: [], alerts: 0 });
      if (f === 13 || f === 16) r.addKeyframe(f, image);
    }
    expect(r.frameRecord(10)).toBeUndefined();
    for (let f = 11; f <= 17; f++) expect(r.frameRecord(f)?.frame, `frame ${f}`).toBe(f);
    expect(r.frameRecord(18)).toBeUndefined();
  });
});

describe('Recording.bytes', () => {
  test('a keyframe counts the bytes it adds to the one before it (they share what did not change); the oldest counts all it holds', () => {
    const world = new World();
    const Position = world.component('Position', { x: 'f32', y: 'f32', z: 'f32' });
    for (let i = 0; i < 2000; i++) world.set(world.entity(), Position, { x: i, y: -i, z: i / 2 });
    const frame = (f: number) => ({ frame: f, dt: 1 / 60, simulated: true, inputs: [], alerts: 0 });
    const r = new Recording({ windowFrames: 2, maxBytes: 1e9 });
    r.addKeyframe(0, world.snapshot());
    const whole = r.bytes;
    // 2,000 rows of three f32 and their ids: the first keyframe holds them all.
    expect(whole).toBeGreaterThan(2000 * (12 + 8));
    r.addFrame(frame(1));
    r.addKeyframe(1, world.snapshot());
    const added = r.bytes - whole - FRAME_RECORD_BYTES;
    expect(added, 'an unchanged world adds little').toBeLessThan(whole / 4);
    // The window (2 frames) is covered without the first keyframe: it goes, and the second, the
    // same world, now holds alone what the two shared (with the records of frames 2 and 3).
    r.addFrame(frame(2));
    r.addFrame(frame(3));
    expect(r.segments.map((s) => s.frame)).toEqual([1]);
    expect(r.bytes).toBe(whole + 2 * FRAME_RECORD_BYTES);
  });
});

describe('Recording.bytes in a running history', () => {
  test('every keyframe counts what it adds to the one before it, the oldest all it holds, through writes, deleted tables and restores', () => {
    // A keyframe's whole is worked out from the one before it (what changed added and taken off),
    // not counted afresh: here it is checked against imageBytes counted from scratch after every
    // frame, while outside writes make and empty tables, a deleted component deletes its tables
    // and restores put the world back (tables of the newer world deleted).
    const { live, history } = demoPair(40, 1, {}, 7);
    const r = history.recording, next = numbers(43), w = live.world;
    let tags: number[] = [], checked = 0;
    for (let f = 1; f <= 400; f++) {
      while (next() < 0.3) randomWrite(live, next);
      // A tag on a few asteroids makes tables; deleting the tag deletes them.
      if (next() < 0.05) {
        const tag = w.entity();
        tags.push(tag);
        for (let k = 0; k < 3; k++) {
          const a = live.demo.asteroids.first + Math.floor(next() * 40);
          if (w.isAlive(a)) w.add(a, tag);
        }
      }
      if (next() < 0.04) { for (const t of tags) if (w.isAlive(t)) w.delete(t); tags = []; }
      if (next() < 0.02 && r.first !== undefined) history.restore(r.first + Math.floor(next() * (r.last! - r.first + 1)));
      live.app.step(1 / 60);
      const segs = r.segments;
      let total = 0;
      segs.forEach((s, i) => {
        expect(s.wholeBytes, `frame ${f}: keyframe ${s.frame} whole`).toBe(imageBytes(s.image));
        expect(s.imageBytes, `frame ${f}: keyframe ${s.frame}`).toBe(i === 0 ? imageBytes(s.image) : imageBytes(s.image, segs[i - 1]!.image));
        total += s.imageBytes + s.frameBytes;
      });
      expect(r.bytes, `frame ${f}`).toBe(total);
      checked += segs.length;
    }
    expect(checked).toBeGreaterThan(400);
  });
});
