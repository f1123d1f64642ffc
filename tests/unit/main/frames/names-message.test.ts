import { describe, expect, test } from 'vitest';
import { isMetaMessage } from '../../../../src/shared/protocol';
import { metaMessage, metaVersion } from '../../../../src/main/frames';
import { DEFAULT_TITLE } from '../../../../src/main/sim';
import { demo, step } from '../sim/helpers';

describe('meta messages', () => {
  test('list the drawn named entities with dotted paths and labels, not the anonymous ones', () => {
    const d = demo({ asteroids: 20 });
    d.world.setDoc(d.world.core.World, 'name', 'my-app');
    const m = metaMessage(d);
    expect(isMetaMessage(m)).toBe(true);
    expect(m.title).toBe('my-app');
    const byPath = new Map(m.entities.map((e) => [e.path, e]));
    expect(byPath.get('Sun')).toEqual({ id: d.sun, name: 'Sun', path: 'Sun', label: 'Sol' });
    expect(byPath.get('Sun.Earth.Moon')).toEqual({ id: d.world.lookup('Sun.Earth.Moon'), name: 'Moon', path: 'Sun.Earth.Moon' });
    expect(byPath.get('Ship1')!.label).toBe('Aurora');
    expect(m.entities).toHaveLength(1 + 8 + d.moons.length + 1 + 12);
    expect(byPath.has('SpaceShip')).toBe(false);
  });

  test('a World without a doc name gets the scene\'s default title', () => {
    const d = demo({ asteroids: 0 });
    expect(metaMessage(d).title).toBe(DEFAULT_TITLE);
  });

  test('the version changes when names shown by the viewport change, not as ships fly', () => {
    const d = demo({ asteroids: 20 });
    const w = d.world, mars = w.lookup('Sun.Mars');
    const v0 = metaVersion(d);
    step(d, 600);
    expect(metaVersion(d)).toBe(v0);
    w.disable(mars);
    const v1 = metaVersion(d);
    expect(v1).not.toBe(v0);
    expect(metaMessage(d).entities.some((e) => e.id === mars)).toBe(false);
    w.enable(mars);
    expect(metaVersion(d)).toBe(v0);
    w.setDoc(mars, 'name', 'The red planet');
    const v2 = metaVersion(d);
    expect(v2).not.toBe(v0);
    w.delete(w.lookup('Sun.Mars.Deimos'));
    expect(metaVersion(d)).not.toBe(v2);
    // Anonymous entities never show in the meta message, so they do not change the version.
    const v3 = metaVersion(d);
    w.delete(d.asteroids.first);
    expect(metaVersion(d)).toBe(v3);
  });
});
