// Memos kept per state of a world's names and parents (path texts, resolved request paths).
import { describe, expect, test } from 'vitest';
import { NamesMemo, World } from '../../../../src/shared/ecs';

describe('NamesMemo', () => {
  test('entries hold until a name or a parent changes, per world', () => {
    const w = new World(), other = new World();
    const memo = new NamesMemo<string, number>(100);
    const e = w.entity('Ship');
    const Mass = w.component('Mass', { value: 'f32' });
    memo.remember(memo.entries(w), 'Ship', e);
    memo.remember(memo.entries(other), 'Elsewhere', 1);
    w.set(w.entity(), Mass, { value: 1 }); // no name or parent changed
    expect(memo.entries(w).get('Ship')).toBe(e);
    w.setName(e, 'Boat');
    expect(memo.entries(w).size).toBe(0);
    memo.remember(memo.entries(w), 'Boat', e);
    w.add(e, w.pair(w.core.ChildOf, w.entity('Harbour')));
    expect(memo.entries(w).has('Boat')).toBe(false);
    expect(memo.entries(other).get('Elsewhere')).toBe(1);
  });

  test('past its bound the oldest half of the entries is dropped', () => {
    const w = new World();
    const memo = new NamesMemo<number, number>(8);
    const m = memo.entries(w);
    for (let i = 0; i < 9; i++) memo.remember(m, i, i);
    expect([...m.keys()]).toEqual([4, 5, 6, 7, 8]);
  });
});
