// An observer of 'remove' sees the value still on the entity and may change the entity itself
// (the pipeline clears a failed system's SystemFault when Disabled is removed). The removal then
// goes on from wherever the observer left the entity, and the other entities of its table keep
// their rows and values.
import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';

function threeInOneTable() {
  const w = new World();
  const T = w.tag('T'), U = w.component('U', { v: 'f64' }), V = w.component('V', { v: 'f64' });
  const ents = ['A', 'B', 'C'].map((name, i) => { const e = w.entity(name); w.add(e, T); w.set(e, U, { v: i + 1 }); return e; });
  return { w, T, U, V, ents };
}

/** Each entity's ids (by name) and U value. */
function contents(w: World, U: number, ents: number[]): string[] {
  return ents.map((e) => `${w.pathOf(e)} ${w.typeOf(e).map((id) => w.idText(id)).filter((t) => !t.startsWith('(')).join(',')} ${w.get<{ v: number }>(e, U)?.v ?? '-'}`);
}

describe('an observer that changes the entity it is told of', () => {
  test('removing another component in a remove observer leaves the table\'s other entities whole', () => {
    const { w, T, U, ents } = threeInOneTable();
    const seen: number[] = [];
    w.observe(T, 'remove', (e) => { seen.push(w.get<{ v: number }>(e, U)!.v); if (w.has(e, U)) w.remove(e, U); });
    w.remove(ents[0]!, T);
    expect(seen).toEqual([1]);
    expect(contents(w, U, ents)).toEqual(['A  -', 'B U,T 2', 'C U,T 3']);
  });

  test('adding a component in a remove observer keeps it, and the removal still happens', () => {
    const { w, T, U, V, ents } = threeInOneTable();
    w.observe(T, 'remove', (e) => { w.set(e, V, { v: 9 }); });
    w.remove(ents[1]!, T);
    expect(contents(w, U, ents)).toEqual(['A U,T 1', 'B U,V 2', 'C U,T 3']);
    expect(w.get(ents[1]!, V)).toEqual({ v: 9 });
  });

  test('deleting an entity whose remove observer changes it leaves the table\'s other entities whole', () => {
    const { w, T, U, ents } = threeInOneTable();
    w.observe(T, 'remove', (e) => { if (w.has(e, U)) w.remove(e, U); });
    w.delete(ents[0]!);
    expect(w.isAlive(ents[0]!)).toBe(false);
    expect(contents(w, U, ents.slice(1))).toEqual(['B U,T 2', 'C U,T 3']);
    w.delete(ents[2]!);
    expect(contents(w, U, [ents[1]!])).toEqual(['B U,T 2']);
  });
});

describe('an observer that asks again for the removal it is told of', () => {
  test('removing the same component in its own remove observer: told once, removed once, no endless recursion', () => {
    const { w, T, U, ents } = threeInOneTable();
    const told: string[] = [];
    w.observe(T, 'remove', (e) => { told.push(w.pathOf(e)); w.remove(e, T); });
    w.remove(ents[1]!, T);
    expect(told).toEqual(['B']);
    expect(contents(w, U, ents)).toEqual(['A U,T 1', 'B U 2', 'C U,T 3']);
  });

  test('deleting its entity in a remove observer: the entity goes, each observer is told once, the others stay whole', () => {
    const { w, T, U, ents } = threeInOneTable();
    const told: string[] = [];
    w.observe(T, 'remove', (e) => { told.push(`T ${w.pathOf(e)}`); w.delete(e); });
    w.observe(U, 'remove', (e) => { told.push(`U ${w.pathOf(e)}`); });
    w.remove(ents[0]!, T);
    expect(w.isAlive(ents[0]!)).toBe(false);
    expect(told).toEqual(['T A', 'U A']);
    expect(contents(w, U, ents.slice(1))).toEqual(['B U,T 2', 'C U,T 3']);
    // Deleting one whose observer deletes it again: the same.
    told.length = 0;
    w.delete(ents[2]!);
    expect(w.isAlive(ents[2]!)).toBe(false);
    expect(told.sort()).toEqual(['T C', 'U C']);
    expect(contents(w, U, [ents[1]!])).toEqual(['B U,T 2']);
  });
});
