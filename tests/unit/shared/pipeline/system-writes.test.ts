// What a system marks written each time it runs (World.writtenAt moves for it): the components
// of its query's terms that may be written (default access is a write; [in], [none], [filter],
// `!` terms and `!{ … }` scopes are not), any component when a term's component is a variable or
// wildcard or when a system without a query declares nothing, and what it declares with `writes`.
import { expect, test } from 'vitest';
import { World, type Entity } from '../../../../src/shared/ecs';
import { addSystem, pipelineOf } from '../../../../src/shared/pipeline';

function world() {
  const w = new World();
  const ids = {
    A: w.component('A', { v: 'f32' }), B: w.component('B', { v: 'f32' }), C: w.component('C', { v: 'f32' }),
    D: w.component('D', { v: 'f32' }), E: w.component('E', { v: 'f32' }), Likes: w.tag('Likes'),
  };
  const e = w.entity('X');
  for (const c of [ids.A, ids.B, ids.C, ids.D, ids.E]) w.set(e, c, { v: 1 });
  w.add(e, w.pair(ids.Likes, e));
  return { w, ...ids };
}

/** Which of `components` a frame running only `system` marks written. */
function marked(w: World, system: Entity, components: readonly Entity[]): Entity[] {
  for (const s of pipelineOf(w).list()) if (s.entity !== system) w.disable(s.entity);
  const before = components.map((c) => w.writtenAt(c));
  pipelineOf(w).progress(1 / 60);
  return components.filter((c, i) => w.writtenAt(c) !== before[i]);
}

test('a system marks the components its query may write, not the ones it only reads or excludes', () => {
  const { w, A, B, C, D, E } = world();
  const s = addSystem(w, 'S', { query: 'A, [in] B, [out] C, !D, ?{ [none] E }', run: () => {} });
  expect(marked(w, s, [A, B, C, D, E])).toEqual([A, C]);
  const t = addSystem(w, 'T', { query: '[inout] B, !{ A }, [filter] C', run: () => {} });
  expect(marked(w, t, [A, B, C, D, E])).toEqual([B]);
});

test('a wildcard or variable component, or a system without a query declaring nothing, marks every component', () => {
  const { w, A, B, C } = world();
  const any = addSystem(w, 'Any', { query: '$c($this)', run: () => {} });
  expect(marked(w, any, [A, B, C])).toEqual([A, B, C]);
  const bare = addSystem(w, 'Bare', { run: () => {} });
  expect(marked(w, bare, [A, B, C])).toEqual([A, B, C]);
  // A pair term writes a pair's column, never a component's.
  const pairs = addSystem(w, 'Pairs', { query: '(Likes, *)', run: () => {} });
  expect(marked(w, pairs, [A, B, C])).toEqual([]);
});

test('writes declares what a system writes in place besides its query', () => {
  const { w, A, B, C } = world();
  const none = addSystem(w, 'None', { run: () => {}, writes: [] });
  expect(marked(w, none, [A, B, C])).toEqual([]);
  const declared = addSystem(w, 'Declared', { run: () => {}, writes: [B] });
  expect(marked(w, declared, [A, B, C])).toEqual([B]);
  const both = addSystem(w, 'Both', { query: '[in] A', run: () => {}, writes: [C] });
  expect(marked(w, both, [A, B, C])).toEqual([C]);
});

test('or-chains, member comparisons and optional scopes mark their components; comparisons mark none', () => {
  const { w, A, B, C, D, E } = world();
  const all = [A, B, C, D, E];
  const or = addSystem(w, 'Or', { query: 'A || B.v > 0, [in] C', run: () => {} });
  expect(marked(w, or, all)).toEqual([A, B]);
  const member = addSystem(w, 'Member', { query: 'C.v >= 1, $this == X', run: () => {} });
  expect(marked(w, member, all)).toEqual([C]);
  const scoped = addSystem(w, 'Scoped', { query: 'A, ?{ D, [in] E }', run: () => {} });
  expect(marked(w, scoped, all)).toEqual([A, D]);
});

test('a wildcard component beside declared writes still marks every component; a pair term marks no tag', () => {
  const { w, A, B, C, Likes } = world();
  const any = addSystem(w, 'AnyDeclared', { query: '$c($this)', run: () => {}, writes: [B] });
  expect(marked(w, any, [A, B, C])).toEqual([A, B, C]);
  const pairs = addSystem(w, 'LikesPairs', { query: '(Likes, X)', run: () => {} });
  expect(marked(w, pairs, [A, Likes])).toEqual([]);
});
