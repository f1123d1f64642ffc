// A history file carries the recording whole: exported after random writes (sets, pauses, steps,
// time scale, entities made and deleted, ships disabled) and imported by a fresh world built the
// same way, every frame reads back as the original's read of it (GET /world and every table's
// entity ids, generations included), the live world stands at the first frame, paused, a restore
// gives the original's frame, and the file exported again is the same bytes (made at once or between frames).
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import type { World } from '../../../../src/shared/ecs';
import { historyFileOptions } from '../../../../src/main/history-codec';
import type { HistoryFileOptions } from '../../../../src/shared/history';
import { demoPair, numbers, randomWrite, worldText } from './demo-pair';

vi.setConfig({ testTimeout: 300_000 });

const FILE = historyFileOptions({ title: 'history-test', dialect: 'contract', world: { seed: 3 } });

/** Every table's id, type and entity ids (generations included): what /world does not show of built-ins. */
function tablesText(world: World): string {
  return [...world.tables.values()].map((t) => `${t.id}:${t.type.join(',')}:${t.entities.join(',')}`).join('|');
}

describe('history file round trip', () => {
  test('export after random writes, import in a fresh world: every frame reads as the original, restore included, and exports the same bytes', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 20, max: 90 }), fc.integer({ min: 4, max: 30 }), fc.double({ min: 0, max: 1, noNaN: true }), async (seed, frames, interval, pick) => {
      const a = demoPair(40, 20, {}, interval, undefined, FILE);
      const next = numbers(seed);
      for (let i = 0; i < frames; i++) {
        while (next() < 0.3) randomWrite(a.live, next);
        a.live.app.step(1 / 60);
      }
      const file = a.history.exportFile();
      // Made between frames (as GET /history/export makes it), the file is the same bytes.
      expect(await a.history.exportFileLater()).toEqual(file);
      const b = demoPair(40, 20, {}, interval, undefined, FILE);
      b.live.app.step(1 / 60);
      // PUT /history/import reads and tries the file between frames: its reply comes later.
      const reply = await b.live.router.route('PUT', '/history/import', undefined, undefined, file).pending!;
      expect(reply.status, reply.body).toBe(200);
      const { first, last } = a.history.recording;
      expect(JSON.parse(reply.body)).toEqual({ first, last, frame: first });
      expect(b.live.app.frameCount).toBe(first);
      expect(worldText(b.live.router)).toBe(a.history.viewAt(first!).route('GET', '/world').body);
      expect(tablesText(b.live.world)).toBe(tablesText(a.replica.world));
      expect(b.live.router.route('GET', '/entity/ecs/core/World?values=true').body).toContain('"paused":true');
      for (let f = first!; f <= last!; f++) {
        const theirs = a.history.viewAt(f), ours = b.history.viewAt(f);
        expect(ours.route('GET', '/world').body, `frame ${f}`).toBe(theirs.route('GET', '/world').body);
        expect(tablesText(b.replica.world), `frame ${f}`).toBe(tablesText(a.replica.world));
      }
      expect(b.history.exportFile()).toEqual(file);
      const frame = first! + Math.floor(pick * (last! - first!));
      expect(b.live.router.route('PUT', `/history/restore?frame=${frame}`).status).toBe(200);
      expect(worldText(b.live.router)).toBe(a.history.viewAt(frame).route('GET', '/world').body);
    }), { numRuns: 8 });
  });

  test('reads of the past between the steps of an import answer as before it, and the file is still tried exactly', async () => {
    // A file recorded after random writes, keyframes every 10 frames.
    const a = demoPair(40, 20, {}, 10, undefined, FILE);
    const next = numbers(7);
    for (let i = 0; i < 60; i++) {
      while (next() < 0.3) randomWrite(a.live, next);
      a.live.app.step(1 / 60);
    }
    const file = a.history.exportFile();
    // The host opening it reads its own past between every two steps of the import (as the
    // explorer's scrubbing or the viewport may), each read elsewhere in its recording.
    const seen: string[] = [];
    let read = (): void => {};
    const between: HistoryFileOptions = {
      ...FILE,
      runLater: async <T>(steps: Iterator<unknown, T>): Promise<T> => {
        for (;;) {
          const r = steps.next();
          if (r.done === true) return r.value;
          read();
        }
      },
    };
    const b = demoPair(40, 20, {}, 10, undefined, between);
    for (let i = 0; i < 45; i++) b.live.app.step(1 / 60);
    const frames = [b.history.recording.first!, 7, 23, 31, b.history.recording.last!];
    const before = frames.map((f) => b.history.viewAt(f).route('GET', '/world').body);
    let k = 0;
    read = () => { const i = k++ % frames.length; seen.push(`${frames[i]}: ${b.history.viewAt(frames[i]!).route('GET', '/world').body === before[i] ? 'as before' : 'different'}`); };
    const { first, last } = a.history.recording;
    expect(await b.history.importFileLater(file)).toEqual({ first, last });
    // At least a read after every keyframe read and every stretch tried (each read sends the stretch back to its keyframe).
    expect(seen.length).toBeGreaterThanOrEqual(2 * a.history.recording.segments.length);
    expect(seen.filter((s) => !s.endsWith('as before'))).toEqual([]);
    for (let f = first!; f <= last!; f++) expect(b.history.viewAt(f).route('GET', '/world').body, `frame ${f}`).toBe(a.history.viewAt(f).route('GET', '/world').body);
  });
});
