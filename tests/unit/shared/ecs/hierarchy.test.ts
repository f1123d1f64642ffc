import { describe, expect, test } from 'vitest';
import { EcsError, World } from '../../../../src/shared/ecs';

describe('names, paths and hierarchy', () => {
  test('paths with . and /, numeric levels, and lookups', () => {
    const w = new World();
    const sun = w.entity('Sun');
    const earth = w.entity({ name: 'Earth', parent: sun });
    const anon = w.entity({ parent: earth });
    expect(w.pathOf(earth)).toBe('Sun.Earth');
    expect(w.pathOf(earth, '/')).toBe('Sun/Earth');
    expect(w.pathOf(anon)).toBe(`Sun.Earth.${anon}`);
    expect(w.lookup('Sun.Earth')).toBe(earth);
    expect(w.lookup('Sun/Earth', '/')).toBe(earth);
    expect(w.lookup(`Sun/${earth}`, '/')).toBe(earth);
    expect(w.lookup(`${earth}`, '/')).toBe(earth);
    expect(w.lookup(`Sun/${anon}`, '/')).toBe(0);
    expect(w.lookup('Sun.Earth', '/')).toBe(0);
    expect(w.lookup('sun')).toBe(0);
    expect(w.pathOf(w.core.World)).toBe('ecs.core.World');
    expect(w.lookup('ecs/core/World', '/')).toBe(w.core.World);
    expect(w.parentOf(earth)).toBe(sun);
    expect(w.childrenOf(sun)).toEqual([earth]);
  });

  test('names are unique among siblings, not across parents', () => {
    const w = new World();
    const a = w.entity('A'), b = w.entity('B');
    w.entity({ name: 'Engine', parent: a });
    expect(() => w.entity({ name: 'Engine', parent: a })).toThrow(/already has a child named 'Engine'/);
    const e2 = w.entity({ name: 'Engine', parent: b });
    expect(w.pathOf(e2)).toBe('B.Engine');
    expect(() => w.setName(e2, 'A.x')).toThrow(EcsError);
    expect(() => w.entity('')).toThrow(EcsError);
    expect(() => w.entity('123')).toThrow(EcsError);
  });

  test('moving a named child to a parent with a same-named child fails and changes nothing', () => {
    const w = new World();
    const a = w.entity('A'), b = w.entity('B');
    const x1 = w.entity({ name: 'X', parent: a });
    w.entity({ name: 'X', parent: b });
    expect(() => w.add(x1, w.pair(w.core.ChildOf, b))).toThrow(/already has a child named 'X'/);
    expect(w.pathOf(x1)).toBe('A.X');
  });

  test('reparenting replaces the parent (ChildOf is exclusive)', () => {
    const w = new World();
    const a = w.entity('A'), b = w.entity('B');
    const x = w.entity({ name: 'X', parent: a });
    w.add(x, w.pair(w.core.ChildOf, b));
    expect(w.pathOf(x)).toBe('B.X');
    expect(w.lookup('A.X')).toBe(0);
    expect(w.childrenOf(a)).toEqual([]);
  });

  test('ChildOf and IsA cycles are refused', () => {
    const w = new World();
    const a = w.entity('A');
    const b = w.entity({ name: 'B', parent: a });
    expect(() => w.add(a, w.pair(w.core.ChildOf, b))).toThrow(/cycle/);
    expect(() => w.add(a, w.pair(w.core.ChildOf, a))).toThrow(/cycle/);
    const p = w.prefab('P');
    const q = w.prefab('Q');
    w.add(q, w.pair(w.core.IsA, p));
    expect(() => w.add(p, w.pair(w.core.IsA, q))).toThrow(/cycle/);
    expect(w.parentOf(a)).toBe(0);
  });

  test('doc fields and labels', () => {
    const w = new World();
    const e = w.entity('Earth');
    expect(w.label(e)).toBe('Earth');
    w.setDoc(e, 'name', 'The Earth');
    w.setDoc(e, 'color', '#0000ff');
    w.setDoc(e, 'link', 'https://en.wikipedia.org/wiki/Earth');
    expect(w.label(e)).toBe('The Earth');
    expect(w.doc(e, 'color')).toBe('#0000ff');
    w.setDoc(e, 'name', undefined);
    expect(w.label(e)).toBe('Earth');
    const anon = w.entity();
    expect(w.label(anon)).toBe(String(anon));
  });

  test('built-in modules are ordinary, inspectable entities', () => {
    const w = new World();
    for (const path of ['ecs.core.World', 'ecs.core.ChildOf', 'ecs.core.Disabled', 'ecs.core.Prefab', 'ecs.doc.Description',
      'ecs.meta.MetaType', 'ecs.pipeline.OnUpdate', 'ecs.system.System', 'ecs.rest.Rest', 'ecs.core.Wildcard'.replace('Wildcard', '*')]) {
      expect(w.lookup(path), path).not.toBe(0);
    }
    expect(w.lookup('*')).toBe(w.core.Wildcard);
    expect(w.has(w.core.ChildOf, w.core.Traversable)).toBe(true);
    expect(w.has(w.core.coreModule, w.core.Module)).toBe(true);
    expect(w.doc(w.core.World, 'brief')).toBe('Entity associated with the world');
  });
});
