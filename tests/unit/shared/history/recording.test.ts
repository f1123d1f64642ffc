// A recording's frame records: every recorded frame has one, a keyframe's own frame included (it
// is the last record of the segment before that keyframe).
import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { Recording } from '../../../../src/shared/history/recording';

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
