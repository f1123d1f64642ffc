// Bounded evaluation: every evaluation counts its work against a budget and stops with a
// QueryBudgetError past it, so no query can hold the host however its terms multiply.
import { describe, expect, test } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { QueryBudget, QueryBudgetError, compileQuery, defineQuery, matchingQueries } from '../../../../src/shared/query';

/** A world of `n` entities with Position and nothing else in common. */
function world(n: number) {
  const w = new World();
  const Position = w.component('Position', { x: 'f32' });
  for (let i = 0; i < n; i++) w.set(w.entity(`E${i}`), Position, { x: i });
  return w;
}

function budgetError(fn: () => void): QueryBudgetError {
  try { fn(); } catch (err) { if (err instanceof QueryBudgetError) return err; throw err; }
  throw new Error('expected a QueryBudgetError');
}

describe('query budget', () => {
  const N = 40;
  const w = world(N);
  const cross = compileQuery(w, 'Position($a), Position($b)');

  test('a cross product within the budget gives every pair, and counts at least one step per result', () => {
    const budget = new QueryBudget(1_000_000);
    let results = 0;
    cross.each(() => { results++; }, {}, budget);
    expect(results).toBe(N * N);
    expect(budget.used).toBeGreaterThanOrEqual(N * N);
    expect(budget.used).toBeLessThanOrEqual(1_000_000);
  });

  test('past the budget the evaluation stops with the limit and the work done, having reported less than the limit', () => {
    const limit = 300;
    let results = 0;
    const err = budgetError(() => cross.each(() => { results++; }, {}, new QueryBudget(limit)));
    expect(err.limit).toBe(limit);
    expect(err.used).toBeGreaterThan(limit);
    // Checked at every step: it stops right past the limit, not after the next table or entity loop.
    expect(err.used).toBeLessThanOrEqual(limit + N);
    expect(results).toBeLessThan(limit);
    expect(err.message).toContain(`more than ${limit} evaluation steps`);
  });

  test('a chain of variables that grows as a power of the world is stopped too', () => {
    const freeze = compileQuery(w, Array.from({ length: 30 }, (_, i) => `Position($v${i})`).join(', '));
    expect(budgetError(() => freeze.count({}, new QueryBudget(10_000))).used).toBeLessThanOrEqual(10_000 + N);
  });

  test('evaluations that share a budget draw from one count', () => {
    const budget = new QueryBudget(1_000_000);
    compileQuery(w, 'Position($a)').count({}, budget);
    const one = budget.used;
    expect(one).toBeGreaterThanOrEqual(N);
    compileQuery(w, 'Position($a)').count({}, budget);
    expect(budget.used).toBe(2 * one);
  });

  test('every table walked counts, also the empty ones after the last result', () => {
    // `Planet` over 10 tables with an entity, then `empty` tables whose entity left again: a
    // one-term walk counts each candidate table as a step, whether or not it gives a result.
    const steps = (empty: number): number => {
      const v = new World();
      const Planet = v.tag('Planet');
      for (let i = 0; i < 10 + empty; i++) {
        const e = v.entity();
        v.add(e, Planet); v.add(e, v.tag(`T${i}`));
        if (i >= 10) v.remove(e, Planet);
      }
      const budget = new QueryBudget(Infinity);
      compileQuery(v, 'Planet').each(() => {}, {}, budget);
      return budget.used;
    };
    expect(steps(10)).toBe(steps(0) + 10);
  });

  test("matches against every named query draw from the request's budget", () => {
    const w2 = world(N);
    w2.component('Velocity', { x: 'f32' });
    // Matches nothing, after trying every pair: about N² steps each.
    const expr = 'Position, Position($a), Position($b), Velocity($b)';
    for (let i = 0; i < 5; i++) defineQuery(w2, `Pairs${i}`, expr);
    const e = w2.lookup('E0');
    const one = new QueryBudget(1_000_000);
    compileQuery(w2, expr).matches(e, one);
    expect(one.used).toBeGreaterThanOrEqual(N * N);
    expect(matchingQueries(w2, e, new QueryBudget(5 * one.used))).toEqual([]);
    expect(() => matchingQueries(w2, e, new QueryBudget(5 * one.used - 1))).toThrow(QueryBudgetError);
  });

  test("the app's own evaluations are unbounded; a budget must be a positive whole number", () => {
    expect(cross.count()).toBe(N * N);
    expect(QueryBudget.unbounded().limit).toBe(Infinity);
    for (const bad of [0, -1, 1.5, NaN]) expect(() => new QueryBudget(bad)).toThrow(RangeError);
  });
});
