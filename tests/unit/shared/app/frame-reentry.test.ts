// One frame at a time: whatever runs inside a frame (a frame hook, a system, an observer fired by a
// system's merge) cannot start another. step() refuses with a clear error, runDueFrame() runs
// nothing, and the pipeline refuses to progress inside its own frame. Driven by the app's own loop
// on the host clock, waited on by frame counts.
import { describe, expect, test } from 'vitest';
import { addSystem, runApp, type App } from '../../../../src/shared/app';
import { World } from '../../../../src/shared/ecs';

/** Resolves once the app has run `n` frames (counted by a hook). */
function frames(app: App, n: number): Promise<void> {
  return new Promise((resolve) => {
    const off = app.onFrame(() => { if (app.frameCount >= n) { off(); resolve(); } });
  });
}

/** Tries every way to start a frame from where it is called; gives what each one did. */
function tryReenter(app: App): string[] {
  const seen: string[] = [];
  seen.push(`runDueFrame:${app.runDueFrame()}`);
  try { app.step(); seen.push('step ran'); } catch (e) { seen.push(`step:${(e as Error).message}`); }
  try { app.pipeline.progress(1 / 60); seen.push('progress ran'); } catch (e) { seen.push(`progress:${(e as Error).message}`); }
  return seen;
}

describe('no frame inside a frame', () => {
  test('a frame hook, a system and an observer each try to start a frame: refused, frames stay one at a time', async () => {
    const w = new World();
    const Ping = w.component('Ping', { n: 'f64' });
    const app = runApp(w, { target_fps: 120 });
    const tries: Record<string, string[]> = {};
    const hookFrames: number[] = [];
    app.onFrame(() => {
      hookFrames.push(app.frameCount);
      expect(app.inFrame).toBe(true);
      tries.hook ??= tryReenter(app);
    });
    addSystem(w, 'Reenter', { run: () => {
      tries.system ??= tryReenter(app);
      // Set in the system, applied at its merge (still inside the frame): fires the observer.
      w.set(w.core.World, Ping, { n: app.frameCount });
    } });
    w.observe(Ping, 'set', () => { tries.observer ??= tryReenter(app); });
    await frames(app, 5);
    app.stop();
    expect(app.inFrame).toBe(false);
    for (const where of ['hook', 'system', 'observer']) {
      const seen = tries[where]!;
      expect(seen, where).toHaveLength(3);
      expect(seen[0], where).toBe('runDueFrame:false');
      expect(seen[1], where).toMatch(/^step:App\.step: frame \d+ is still running; a frame cannot start inside another/);
      expect(seen[2], where).toMatch(/^progress:Pipeline\.progress: frame \d+ is still running/);
    }
    // The refusal says what holds the frame.
    expect(tries.hook![2]).toContain('is still running (its frame hooks)');
    expect(tries.system![2]).toContain('is still running (its systems)');
    // Every frame ran its hook once, in order: no frame started inside another.
    expect(hookFrames).toEqual(hookFrames.map((_, i) => i + 1));
    expect(app.pipeline.frame).toBe(app.frameCount);
    // Between frames, step runs a frame as before.
    app.step();
    expect(app.frameCount).toBe(hookFrames.length);
  });
});
