// Size limits and stack safety: a query with more terms, variables or levels of nesting than the
// protocol's limits is refused when it is compiled, at the first term past the limit, with a
// reason naming the limit; everything within the limits evaluates without running out of stack,
// whatever its shape (a property test over random long and deep expressions).
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { World } from '../../../../src/shared/ecs';
import { MAX_QUERY_NESTING, MAX_QUERY_TERMS, MAX_QUERY_VARIABLES } from '../../../../src/shared/protocol';
import { QueryBudget, QueryBudgetError, QueryParseError, compileQuery } from '../../../../src/shared/query';

vi.setConfig({ testTimeout: 300_000 });

function smallWorld() {
  const w = new World();
  const Position = w.component('Position', { x: 'f32' });
  const Velocity = w.component('Velocity', { x: 'f32' });
  const Likes = w.tag('Likes');
  w.tag('Foo');
  const es = Array.from({ length: 12 }, (_, i) => w.entity(`E${i}`));
  es.forEach((e, i) => {
    w.set(e, Position, { x: i });
    if (i % 2) w.set(e, Velocity, { x: 1 });
    w.add(e, w.pair(Likes, es[(i + 1) % es.length]!));
  });
  return w;
}

function parseError(fn: () => unknown): QueryParseError {
  try { fn(); } catch (err) { if (err instanceof QueryParseError) return err; throw err; }
  throw new Error('expected a QueryParseError');
}

const repeat = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join(', ');
/** Offset of the i-th (0-based) item of a ', '-joined list of equal items of `width` characters. */
const itemAt = (i: number, width: number) => i * (width + 2);

describe('query size limits', () => {
  const w = smallWorld();

  test(`1,500 repeated terms (the 15 KB query that overflowed the stack) are refused at term ${MAX_QUERY_TERMS + 1}, naming the limit`, () => {
    const err = parseError(() => compileQuery(w, repeat(1500, () => 'Position')));
    expect(err.reason).toContain(`at most ${MAX_QUERY_TERMS}`);
    expect(err.position).toBe(itemAt(MAX_QUERY_TERMS, 'Position'.length));
  });

  test(`${MAX_QUERY_TERMS} terms are served; or-chain operands and comparisons count as terms`, () => {
    expect(compileQuery(w, repeat(MAX_QUERY_TERMS, () => 'Position')).count()).toBe(12);
    const half = MAX_QUERY_TERMS / 2;
    expect(parseError(() => compileQuery(w, repeat(half + 1, () => 'Position || Velocity'))).reason).toContain('too many terms');
    expect(parseError(() => compileQuery(w, 'Position, ' + repeat(MAX_QUERY_TERMS, () => '$this != E0'))).reason).toContain('too many terms');
  });

  test(`the ${MAX_QUERY_VARIABLES + 1}th variable is refused at its position (the 200-variable freeze query never runs)`, () => {
    const freeze = repeat(200, (i) => `Position($v${i})`);
    const err = parseError(() => compileQuery(w, freeze));
    expect(err.reason).toContain(`at most ${MAX_QUERY_VARIABLES}`);
    expect(err.reason).toContain(`$v${MAX_QUERY_VARIABLES}`);
    expect(freeze.slice(err.position)).toMatch(new RegExp(`^\\$v${MAX_QUERY_VARIABLES}\\)`));
    expect(() => compileQuery(w, repeat(MAX_QUERY_VARIABLES, (i) => `Position($v${i})`))).not.toThrow();
  });

  test(`scopes nested ${MAX_QUERY_NESTING + 1} deep are refused; ${MAX_QUERY_NESTING} deep evaluate`, () => {
    const nest = (d: number) => 'Position, ' + '{'.repeat(d) + 'Velocity' + '}'.repeat(d);
    expect(parseError(() => compileQuery(w, nest(MAX_QUERY_NESTING + 1))).reason).toContain(`at most ${MAX_QUERY_NESTING} levels`);
    expect(compileQuery(w, nest(MAX_QUERY_NESTING)).count()).toBe(6);
  });

  test('AND | T counts as the ids of T: a type entity with more ids than the limit is refused, naming it', () => {
    const big = w.entity('Big');
    for (let i = 0; i < MAX_QUERY_TERMS + 1; i++) w.add(big, w.tag(`T${i}`));
    const err = parseError(() => compileQuery(w, 'AND | Big'));
    expect(err.reason).toContain(`at most ${MAX_QUERY_TERMS}`);
    expect(err.reason).toContain(`'AND | Big' (it stands for ${MAX_QUERY_TERMS + 1} ids)`);
    expect(err.position).toBe(0);
  });
});

/** A term of one of the shapes that take the most stack per term (measured: plain, pair variables, optional, not, split rows). */
const termShape = fc.constantFrom(
  'Position', '?Velocity', '!Foo', 'Position($this)', '(Likes, $x)', '?Foo($this, $this)', '!Foo($this, $this)',
  'Velocity || Position', '?{Foo || Velocity}', '$this != E3', 'Position(self|up)', 'Likes($y, $this)',
);

/** A random long and deep expression, up to 1,500 terms (the stack ran out near 700) and past the nesting limit. */
const hostileExpression = fc.record({
  terms: fc.oneof(
    fc.array(termShape, { minLength: 1, maxLength: MAX_QUERY_TERMS + 8 }),
    fc.array(termShape, { minLength: 600, maxLength: 1500 }),
    // One shape repeated: the deepest evaluations (a mix often stops early at a term that matches nothing).
    fc.tuple(termShape, fc.integer({ min: 1, max: 1500 })).map(([shape, n]) => Array<string>(n).fill(shape)),
  ),
  depth: fc.nat(MAX_QUERY_NESTING + 8),
  opener: fc.constantFrom('{', '!{', '?{'),
  nestAt: fc.nat(),
}).map(({ terms, depth, opener, nestAt }) => {
  const at = nestAt % terms.length;
  const inner = terms.slice(at).join(', ');
  return [...terms.slice(0, at), opener.repeat(1) + '{'.repeat(Math.max(depth - 1, 0)) + inner + '}'.repeat(Math.max(depth, 1))].join(', ');
});

describe('stack safety', () => {
  const w = smallWorld();

  test('random long and deep expressions compile and evaluate, or are refused with a QueryParseError or QueryBudgetError: never a RangeError', () => {
    let evaluated = 0, refused = 0;
    fc.assert(fc.property(hostileExpression, (expr) => {
      try {
        compileQuery(w, expr).count({}, new QueryBudget(200_000));
        evaluated++;
      } catch (err) {
        if (!(err instanceof QueryParseError || err instanceof QueryBudgetError)) throw err;
        refused++;
      }
    }), { numRuns: 300, seed: 30 });
    // Both sides of the limits were reached.
    expect(evaluated).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(20);
  });

  test(`the deepest shapes at the limit (${MAX_QUERY_TERMS} terms) run to the end`, () => {
    for (const shape of ['Position', '?Velocity', 'Position, (Likes, $x)', '!Foo($this, $this)', 'Position($this), Likes($y, $this)']) {
      const n = shape.split(',').length;
      const expr = repeat(MAX_QUERY_TERMS / n, () => shape);
      expect(() => compileQuery(w, expr).count({}, new QueryBudget(10_000_000)), expr.slice(0, 40)).not.toThrow();
    }
  });
});
