// A recording's frame records: every recorded frame has one, a keyframe's own frame included (it
// is the last record of the segment before that keyframe).
import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { Recording } from '../../../../src/shared/history/recording';
import { FRAME_RECORD_BYTES } from '../../../../src/shared/history/history-types';

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
