// World.isEnabled: what the pipeline asks before running a system each frame, and what the
// explorer and REST show. It reads the entity's own Disabled, not one inherited from a prefab.
import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';

describe('isEnabled', () => {
  test('disable and enable move it; other components leave it as it is', () => {
    const w = new World();
    const T = w.component('T', { v: 'f64' });
    const e = w.entity();
    expect(w.isEnabled(e)).toBe(true);
    w.disable(e);
    expect(w.isEnabled(e)).toBe(false);
    w.set(e, T, { v: 1 });
    expect(w.isEnabled(e)).toBe(false);
    w.enable(e);
    expect(w.isEnabled(e)).toBe(true);
    w.remove(e, T);
    expect(w.isEnabled(e)).toBe(true);
  });

  test('an instance of a disabled prefab is enabled; a deleted entity reads as enabled', () => {
    const w = new World();
    const base = w.prefab('Base');
    w.disable(base);
    const inst = w.entity();
    w.add(inst, w.pair(w.core.IsA, base));
    expect(w.isEnabled(base)).toBe(false);
    expect(w.isEnabled(inst)).toBe(true);
    const gone = w.entity();
    w.disable(gone);
    w.delete(gone);
    expect(w.isEnabled(gone)).toBe(true);
  });

  test('a change queued while deferred shows once applied', () => {
    const w = new World();
    const e = w.entity();
    w.deferBegin();
    w.disable(e);
    expect(w.isEnabled(e)).toBe(true);
    w.deferEnd();
    expect(w.isEnabled(e)).toBe(false);
  });
});
