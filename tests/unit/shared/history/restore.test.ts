// Restore: PUT /history/restore?frame=N makes the live world that of frame N — GET /world
// byte-identical to its reply after frame N, the same tables with the same entity ids (and so
// generations) — pauses time, drops the later frames, and the world goes on from there.
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import type { World } from '../../../../src/shared/ecs';
import { demoPair, numbers, randomWrite, worldText, type Built } from './demo-pair';

/** Every table's id, type and entity ids (generations included): what /world does not show of built-ins. */
function tablesText(world: World): string {
  return [...world.tables.values()].map((t) => `${t.id}:${t.type.join(',')}:${t.entities.join(',')}`).join('|');
}

function run(b: Built, frames: number, next: () => number, seen: Map<number, string>): void {
  for (let i = 0; i < frames; i++) {
    while (next() < 0.3) randomWrite(b, next);
    b.app.step(1 / 60);
    seen.set(b.app.frameCount, `${worldText(b.router)}\n${tablesText(b.world)}`);
  }
}

// Whole demo runs: the bound is generous for a loaded machine (it only stops a hung test).
vi.setConfig({ testTimeout: 300_000 });

/**
 * A run of 50 frames with random writes (from `seed`), restored to frames picked across the window
 * (`picks`, from 0 up to but not including 1: a pick of 1 would name the frame after the last one,
 * which a restore rightly refuses with 404), each checked against what the live world showed, then
 * the frames recorded after the restores read back through the replica.
 */
function restoresExactly(seed: number, picks: readonly number[]): void {
  const { live, history } = demoPair(60, 20, {}, 10);
  const next = numbers(seed);
  const seen = new Map<number, string>();
  run(live, 50, next, seen);
  for (const pick of picks) {
    const { first, last } = history.recording;
    const frame = first! + 1 + Math.floor(pick * (last! - first!));
    const reply = live.router.route('PUT', `/history/restore?frame=${frame}`);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ frame });
    expect(`${worldText(live.router)}\n${tablesText(live.world)}`).toBe(seen.get(frame));
    expect(live.app.frameCount).toBe(frame);
    expect(history.recording.last).toBe(frame);
    const tc = live.world.get<{ paused: boolean }>(live.world.core.World, live.app.TimeControl);
    expect(tc?.paused).toBe(true);
    // Later frames are gone; the world goes on from the restored frame, and is recorded again.
    for (const [f] of seen) if (f > frame) seen.delete(f);
    live.router.route('PUT', `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [{ paused: false }] }))}`);
    run(live, 25, next, seen);
  }
  // What was recorded after the restores replays exactly as well.
  for (let f = history.recording.first! + 1; f <= history.recording.last!; f++) {
    expect(`${history.viewAt(f).route('GET', '/world').body}`, `frame ${f}`).toBe(seen.get(f)!.split('\n')[0]);
  }
}

describe('restore', () => {
  test('random frames of a run with random writes: the live world becomes that frame, ids and generations included', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 2, maxLength: 3 }), restoresExactly), { numRuns: 4 });
  });

  test('a restore that makes tables again: their cached matches through a base are worked out anew (a counterexample found)', () => {
    // Tables the restore made had their matches worked out while the entities were being put back;
    // the query caches kept them once restore stopped moving structureVersion, so a replayed frame
    // skipped a ship (seen at frame 21 with this seed).
    restoresExactly(615924712, [0, 0, 0]);
  });

  test('the replica is warmed once, when the second keyframe is taken, standing at a recorded frame', () => {
    // The first restore of a process runs its code cold; the history runs that code once early on
    // the replica, standing it at the frame before the second keyframe, so a user's first restore
    // costs what the next ones do.
    const { live, history } = demoPair(60, 20, {}, 10);
    const seen = new Map<number, string>();
    run(live, 9, numbers(7), seen);
    expect(history.recording.segments).toHaveLength(1);
    expect(history.replayer.frame).toBeUndefined();
    run(live, 1, numbers(8), seen);
    const second = history.recording.segments[1]!.frame;
    expect(history.replayer.frame).toBe(second - 1);
    // It stands there as recorded (a read of that frame needs no move).
    expect(history.viewAt(second - 1).route('GET', '/world').body).toBe(seen.get(second - 1)!.split('\n')[0]);
    // Once only: later keyframes leave the replica where reads put it.
    const elsewhere = history.recording.first! + 1;
    history.viewAt(elsewhere);
    run(live, 25, numbers(9), seen);
    expect(history.recording.segments.length).toBeGreaterThan(2);
    expect(history.replayer.frame).toBe(elsewhere);
  });

  test('the warm-up replays at most 30 frames, however long the keyframe stretch (its frame stays short)', () => {
    const { live, history } = demoPair(60, 20, {}, 90);
    const seen = new Map<number, string>();
    run(live, 90, numbers(10), seen);
    expect(history.recording.segments.map((s) => s.frame)).toEqual([0, 90]);
    // The first keyframe restored and 29 frames replayed: frame 29, as recorded.
    expect(history.replayer.frame).toBe(29);
    expect(history.viewAt(29).route('GET', '/world').body).toBe(seen.get(29)!.split('\n')[0]);
  });

  test('a frame outside the window is refused with 404 naming the window, and nothing changes', () => {
    const { live, history } = demoPair(30, 1, {}, 10);
    for (let i = 0; i < 200; i++) live.app.step(1 / 60);
    const before = worldText(live.router);
    const { first, last } = history.recording;
    expect(first).toBeGreaterThan(0);
    const reply = live.router.route('PUT', '/history/restore?frame=3');
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.body).error).toBe(`frame 3 is not in the recorded window: frames ${first} to ${last} can be read (the last 1 s are kept)`);
    expect(live.router.route('PUT', '/history/restore?frame=abc').status).toBe(400);
    expect(live.router.route('PUT', '/history/restore').status).toBe(400);
    expect(worldText(live.router)).toBe(before);
    expect(live.app.frameCount).toBe(200);
  });

  test('the window is bounded by construction: about the seconds asked for, at the target rate', () => {
    const { live, history } = demoPair(30, 1, {}, 10);
    for (let i = 0; i < 300; i++) live.app.step(1 / 60);
    const { first, last } = history.recording;
    // 1 s at 60 fps: at least 60 frames kept, never more than 60 plus one keyframe interval.
    expect(last! - first!).toBeGreaterThanOrEqual(60);
    expect(last! - first!).toBeLessThan(70);
    expect(history.recording.segments.length).toBeLessThanOrEqual(8);
  });
});
