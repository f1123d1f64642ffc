// Replay is exact: 600 frames of the demo with random outside writes (sets, pauses, steps, time
// scale, entities made and deleted, ships disabled), recorded; each frame replayed on the replica
// from its keyframe gives GET /world byte-identical to the live reply after that frame.
import { describe, expect, test, vi } from 'vitest';
import { addSystem } from '../../../../src/shared/app';
import { verifyReplay } from '../../../../src/shared/history';
import { demoPair, numbers, randomWrite, worldText } from './demo-pair';

// Whole demo runs: the bound is generous for a loaded machine (it only stops a hung test).
vi.setConfig({ testTimeout: 300_000 });

describe('replay', () => {
  test('600 frames with random writes replay byte-identical, frame by frame', () => {
    const { live, history } = demoPair(60, 20);
    const next = numbers(11);
    const seen = new Map<number, string>();
    let writes = 0;
    for (let i = 0; i < 600; i++) {
      while (next() < 0.3) if (randomWrite(live, next) < 400) writes++;
      live.app.step(1 / 60 + (next() - 0.5) / 600);
      seen.set(live.app.frameCount, worldText(live.router));
    }
    expect(writes).toBeGreaterThan(50);
    const { first, last } = history.recording;
    expect(last! - first!).toBe(600);
    for (let f = first! + 1; f <= last!; f++) {
      expect(history.viewAt(f).route('GET', '/world').body, `frame ${f}`).toBe(seen.get(f));
    }
    expect(verifyReplay(history)).toEqual({ ok: true, frames: 600 });
  });

  test('a system that reads Math.random is named by the check: frame, entity, component and member', () => {
    const { live, history } = demoPair(50, 20, {}, 30, (b) => {
      const Position = b.demo.ids.Position, sun = b.demo.sun;
      addSystem(b.world, 'Jitter', { phase: 'OnUpdate', run: () => { b.world.set(sun, Position, { x: Math.random() }); } });
    });
    for (let i = 0; i < 40; i++) live.app.step(1 / 60);
    const result = verifyReplay(history);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.frame).toBe(30);
    expect(result.difference).toMatch(/^Sun \(\d+\): Position\.x is 0\.\d+ recorded, 0\.\d+ replayed$/);
  });
});
