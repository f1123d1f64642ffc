// Named queries over their entity's life: what defineQuery makes, what forgets a query, and which
// entities a named query matches (the entity reply's `matches`).
import { describe, expect, test } from 'vitest';
import { World, entityIndex } from '../../../../src/shared/ecs';
import { compileQuery, defineQuery, matchingQueries, namedQueries, namedQuery, registerQuery } from '../../../../src/shared/query';

function world() {
  const w = new World();
  const Tag = w.tag('Tag');
  const a = w.entity('A');
  w.add(a, Tag);
  return { w, Tag, a };
}

describe('defineQuery', () => {
  test('makes a named entity tagged Query, under the parent, with its brief; a rule unless told', () => {
    const { w } = world();
    const folder = w.entity('Queries');
    const e = defineQuery(w, 'Tagged', 'Tag', { parent: folder, brief: 'entities with Tag' });
    expect(w.pathOf(e)).toBe('Queries.Tagged');
    expect(w.has(e, w.core.Query)).toBe(true);
    expect(w.doc(e, 'brief')).toBe('entities with Tag');
    expect(namedQuery(w, e)!.kind).toBe('rule');
    expect(namedQuery(w, defineQuery(w, 'Cached', 'Tag', { kind: 'query' }))!.kind).toBe('query');
  });
  test('without a brief there is no doc string', () => {
    const { w } = world();
    expect(w.doc(defineQuery(w, 'Plain', 'Tag'), 'brief')).toBeUndefined();
  });
});

describe('what forgets a named query', () => {
  test('removing the Query tag', () => {
    const { w } = world();
    const e = defineQuery(w, 'Q', 'Tag');
    w.remove(e, w.core.Query);
    expect(namedQuery(w, e)).toBeUndefined();
    expect(namedQueries(w)).toEqual([]);
  });
  test('deleting an entity registered without the tag; its recycled index names no query', () => {
    const { w } = world();
    const e = w.entity('Untagged');
    registerQuery(w, e, 'system', compileQuery(w, 'Tag'));
    expect(namedQueries(w).map((q) => q.entity)).toEqual([e]);
    w.delete(e);
    expect(namedQueries(w)).toEqual([]);
    const reused = w.entity('Reused');
    expect(entityIndex(reused)).toBe(entityIndex(e));   // same index, next generation
    expect(reused).not.toBe(e);
    expect(namedQuery(w, reused)).toBeUndefined();
  });
  test('the others stay, in creation order', () => {
    const { w } = world();
    const [q1, q2, q3] = ['Q1', 'Q2', 'Q3'].map((n) => defineQuery(w, n, 'Tag'));
    w.delete(q2!);
    expect(namedQueries(w).map((q) => q.entity)).toEqual([q1, q3]);
  });
});

describe('matchingQueries', () => {
  test('the queries whose $this entities include the entity', () => {
    const { w, a } = world();
    const tagged = defineQuery(w, 'Tagged', 'Tag');
    defineQuery(w, 'Named', 'Tag, !(ecs.core.Identifier, ecs.core.Name)');
    defineQuery(w, 'NoThis', 'Tag(A)');
    expect(matchingQueries(w, a)).toEqual([tagged]);
  });
  test('a disabled entity or a prefab only for queries that name Disabled or Prefab', () => {
    const { w, Tag, a } = world();
    const tagged = defineQuery(w, 'Tagged', 'Tag');
    const withDisabled = defineQuery(w, 'WithDisabled', 'Tag, ?ecs.core.Disabled');
    const withPrefab = defineQuery(w, 'WithPrefab', 'Tag, ?ecs.core.Prefab');
    w.disable(a);
    expect(matchingQueries(w, a)).toEqual([withDisabled]);
    const p = w.prefab('P');
    w.add(p, Tag);
    expect(matchingQueries(w, p)).toEqual([withPrefab]);
    w.enable(a);
    expect(matchingQueries(w, a)).toEqual([tagged, withDisabled, withPrefab]);
  });
  test('a dead entity matches nothing', () => {
    const { w, a } = world();
    defineQuery(w, 'Tagged', 'Tag');
    w.delete(a);
    expect(matchingQueries(w, a)).toEqual([]);
  });
});

describe('variables given to a query', () => {
  test('a value for $this is not a variable binding; unknown names are ignored', () => {
    const { w, Tag, a } = world();
    const b = w.entity('B');
    w.add(b, Tag);
    const q = compileQuery(w, 'Tag');
    expect(q.entities({ this: b, nope: a }).sort()).toEqual([a, b].sort());
  });
});
