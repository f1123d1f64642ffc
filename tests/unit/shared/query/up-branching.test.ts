// Traversal up a relationship with several targets per entity, and cycles: a ring where every
// entity Likes the next two. Paths up it multiply (a Fibonacci number of them within the depth
// bound), but the tables they pass are few, so an `up(Likes)` term must cost about what the
// tables cost. Each check runs under a budget far below the number of paths: a walk that searches
// the same table again from as deep or deeper runs out of it.
import { describe, expect, test } from 'vitest';
import { World, type Entity } from '../../../../src/shared/ecs';
import { QueryBudget, compileQuery, explainMatch } from '../../../../src/shared/query';

const RING = 40;
/** Far below the ~5 million paths of 33 steps through the ring, far above its 40 tables × 33 depths. */
const BUDGET = 100_000;

/** L0..L39, Li Likes L(i+1) and L(i+2) (mod 40); `holders` get the tag A. */
function ring(holders: number[]): { w: World; ls: Entity[] } {
  const w = new World();
  const A = w.tag('A');
  const likes = w.tag('Likes');
  w.add(likes, w.core.Traversable);
  const ls: Entity[] = [];
  for (let i = 0; i < RING; i++) ls.push(w.entity(`L${i}`));
  ls.forEach((e, i) => {
    w.add(e, w.pair(likes, ls[(i + 1) % RING]!));
    w.add(e, w.pair(likes, ls[(i + 2) % RING]!));
  });
  for (const h of holders) w.add(ls[h]!, A);
  return { w, ls };
}

describe('up(Likes) over a ring where every entity Likes two others', () => {
  test('with nobody holding A, nothing matches, within the budget, on every path the engine has', () => {
    const { w, ls } = ring([]);
    const q = compileQuery(w, 'A(up(Likes))');
    expect(q.count({}, new QueryBudget(BUDGET))).toBe(0);
    for (const e of ls) {
      expect(q.matches(e, new QueryBudget(BUDGET))).toBe(false);
      expect(explainMatch(q, e, {}, new QueryBudget(BUDGET)).matches).toBe(false);
    }
  });

  test('with only L20 holding A, every entity (L20 too, round the ring) matches with L20 as the source', () => {
    const { w, ls } = ring([20]);
    const q = compileQuery(w, 'A(up(Likes))');
    const found = new Map<Entity, Entity>();
    q.each((r) => { for (const e of r.table!.entities) found.set(e, r.sources[0]!); }, {}, new QueryBudget(BUDGET));
    expect(found.size).toBe(RING);
    for (const e of ls) {
      expect(found.get(e), w.pathOf(e)).toBe(ls[20]);
      expect(q.firstResultOf(e, new QueryBudget(BUDGET))?.sources[0], w.pathOf(e)).toBe(ls[20]);
      expect(explainMatch(q, e, {}, new QueryBudget(BUDGET)).matches).toBe(true);
    }
  });

  test('with A held only outside the ring, every walk fails on every path, within the budget, on every path the engine has', () => {
    // The case where a walk without the memo explodes: A's record exists, so each ring table is
    // walked up, and no path ever finds A (a find stops the first walk that reaches it, which
    // keeps the walks above short even without the memo).
    const { w, ls } = ring([]);
    const outsider = w.entity('Outsider');
    w.add(outsider, w.lookup('A')!);
    const q = compileQuery(w, 'A(up(Likes))');
    expect(q.count({}, new QueryBudget(BUDGET))).toBe(0);
    expect(q.entities({}, new QueryBudget(BUDGET))).toEqual([]);
    for (const e of [...ls, outsider]) {
      expect(q.matches(e, new QueryBudget(BUDGET))).toBe(false);
      expect(explainMatch(q, e, {}, new QueryBudget(BUDGET)).matches).toBe(false);
    }
    // With self|up, the outsider matches on its own A and the ring still finds nothing.
    expect(compileQuery(w, 'A(self|up(Likes))').entities({}, new QueryBudget(BUDGET))).toEqual([outsider]);
  });

  test('the first target in order still wins when both lead to a holder: L0 finds A on L1 before L2', () => {
    const { w, ls } = ring([1, 2]);
    const q = compileQuery(w, 'A(up(Likes))');
    expect(q.firstResultOf(ls[0]!, new QueryBudget(BUDGET))?.sources[0]).toBe(ls[1]);
    // L1 Likes L2 and L3: L2 holds A.
    expect(q.firstResultOf(ls[1]!, new QueryBudget(BUDGET))?.sources[0]).toBe(ls[2]);
  });
});
