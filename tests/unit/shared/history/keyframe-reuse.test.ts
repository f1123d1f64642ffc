// Keyframes reuse the large arrays of the keyframes the window dropped (ImageSeries): a reused
// array must never be one a kept keyframe, or an export still reading the keyframes, holds. Both
// would read another frame's values: every keyframe kept must read as its frame did live, and an
// export made between frames while keyframes are dropped and taken must be the same bytes as the
// export made at once.
import { describe, expect, test, vi } from 'vitest';
import { historyFileOptions } from '../../../../src/main/history-codec';
import type { HistoryFileOptions } from '../../../../src/shared/history';
import { demoPair, numbers, randomWrite, worldText, type Built } from './demo-pair';

vi.setConfig({ testTimeout: 300_000 });

const FILE = historyFileOptions({ title: 'history-test', dialect: 'contract', world: { seed: 3 } });

/** 150 asteroids: their f32 columns (600 bytes) are above the arena's small arrays, so they are the series' own. */
const ASTEROIDS = 150;

/** Runs `frames` frames with random outside writes, noting GET /world after each frame. */
function run(live: Built, frames: number, next: () => number, seen: Map<number, string>): void {
  for (let i = 0; i < frames; i++) {
    while (next() < 0.2) randomWrite(live, next);
    live.app.step(1 / 60);
    seen.set(live.app.frameCount, worldText(live.router));
  }
}

describe('keyframes reusing the arrays of dropped ones', () => {
  test('every keyframe the window keeps reads as its frame did live, while most of their large arrays are reused', () => {
    // A 1 s window (60 frames) and a keyframe every 7 frames: one dropped about every 7 frames.
    const { live, history } = demoPair(ASTEROIDS, 1, {}, 7);
    const next = numbers(11), seen = new Map<number, string>();
    for (let round = 0; round < 8; round++) {
      run(live, 50, next, seen);
      const kept = history.recording.segments.filter((s) => seen.has(s.frame));
      const differ = kept.filter((s) => history.viewAt(s.frame).route('GET', '/world').body !== seen.get(s.frame)).map((s) => s.frame);
      expect(differ, `keyframes read otherwise than live, of ${kept.length}`).toEqual([]);
    }
    // Without outside writes (rows still move between the asteroids' tables as they leave and
    // re-enter the belt), most copies go into the arrays of dropped keyframes.
    const before = history.keyframeCopies;
    for (let i = 0; i < 140; i++) live.app.step(1 / 60);
    const copies = history.keyframeCopies.copies - before.copies, reused = history.keyframeCopies.reused - before.reused;
    expect(reused, `${reused} of ${copies} arrays reused`).toBeGreaterThan(copies / 2);
  });

  test('while the window fills (nothing dropped yet), keyframes copy into arrays set aside by the frames between them, and each reads as its frame did live', () => {
    // A 60 s window and a keyframe every 7 frames: no keyframe is dropped in these frames, so
    // every array reused was made ahead by the frames between keyframes (ImageSeries.prepare).
    const { live, history } = demoPair(ASTEROIDS, 60, {}, 7);
    const next = numbers(23), seen = new Map<number, string>();
    run(live, 200, next, seen);
    // Time runs (a random write may have paused it), so the frames write the columns keyframes copy.
    live.router.route('PUT', `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [{ paused: false, step: 0 }] }))}`);
    const before = history.keyframeCopies;
    for (let i = 0; i < 140; i++) {
      live.app.step(1 / 60);
      seen.set(live.app.frameCount, worldText(live.router));
    }
    expect(history.recording.first, 'nothing was dropped').toBe(0);
    const copies = history.keyframeCopies.copies - before.copies, reused = history.keyframeCopies.reused - before.reused;
    expect(reused, `${reused} of ${copies} arrays into arrays set aside`).toBeGreaterThan(copies / 2);
    const kept = history.recording.segments.filter((s) => seen.has(s.frame));
    expect(kept.length).toBeGreaterThan(40);
    const differ = kept.filter((s) => history.viewAt(s.frame).route('GET', '/world').body !== seen.get(s.frame)).map((s) => s.frame);
    expect(differ, `keyframes read otherwise than live, of ${kept.length}`).toEqual([]);
  });

  test('an export made between frames while keyframes are dropped and taken is the same bytes as one made at once', async () => {
    // The export reads the keyframes a chunk at a time with 2 frames run between two chunks (100
    // in all), so keyframes it has not read yet go out of the window and new ones are taken meanwhile.
    const host: { live?: Built } = {};
    const between: HistoryFileOptions = {
      ...FILE,
      compressLater: async (chunks) => {
        const read: Uint8Array[] = [];
        let ran = 0;
        for (const c of chunks) {
          read.push(c.slice());
          for (let i = 0; i < 2 && ran < 100; i++, ran++) host.live!.app.step(1 / 60);
        }
        return FILE.compress(read);
      },
    };
    const pair = demoPair(ASTEROIDS, 1, {}, 7, undefined, between);
    const live = (host.live = pair.live);
    run(live, 150, numbers(5), new Map());
    // Time runs (a random write may have paused it): the frames meanwhile write the columns, so keyframes copy them.
    live.router.route('PUT', `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [{ paused: false, step: 0 }] }))}`);
    for (let i = 0; i < 70; i++) live.app.step(1 / 60);
    const atOnce = pair.history.exportFile(), exported = pair.history.recording.last!;
    const copiesBefore = pair.history.keyframeCopies.copies;
    const later = await pair.history.exportFileLater();
    // Compared as one boolean: a diff of two files of this size would take minutes to print.
    expect(Buffer.from(later).equals(Buffer.from(atOnce)), 'the same bytes as the export made at once').toBe(true);
    expect(pair.history.keyframeCopies.copies, 'keyframes copied columns during the export').toBeGreaterThan(copiesBefore);
    const reusedBefore = pair.history.keyframeCopies.reused;
    expect(pair.history.recording.first!, 'every keyframe exported was dropped meanwhile').toBeGreaterThan(exported);
    // Once the export is done, keyframes reuse dropped arrays again.
    for (let i = 0; i < 60; i++) live.app.step(1 / 60);
    expect(pair.history.keyframeCopies.reused).toBeGreaterThan(reusedBefore);
  }, 120_000);
});
