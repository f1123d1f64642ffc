// Property-based robustness: any text gives a syntax tree or a QueryParseError (never another
// exception), generated valid queries parse to the tree they were written from, and every
// accepted input survives printQuery -> parseQuery.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { QueryParseError, formatQueryError, parseQuery, printQuery, type QueryAst } from '../../../../../src/shared/query/parser';
import { strip } from './ast-shape';
import { anyText, mutationChar, validQuery } from './query-arbitraries';

const RUNS = 1500;

/** Checks the parse outcome of any input; returns the tree when it was accepted. */
function checkOutcome(text: string): QueryAst | undefined {
  let ast: QueryAst;
  try {
    ast = parseQuery(text);
  } catch (e) {
    if (!(e instanceof QueryParseError)) throw e;
    expect(e.expr).toBe(text);
    expect(e.position).toBeGreaterThanOrEqual(0);
    expect(e.position).toBeLessThanOrEqual(text.length);
    expect(e.message).toBe(formatQueryError(e.reason, text, e.position));
    return undefined;
  }
  expect(ast.text).toBe(text);
  for (const node of ast.nodes) {
    expect(node.pos).toBeGreaterThanOrEqual(0);
    expect(node.end).toBeGreaterThan(node.pos);
    expect(node.end).toBeLessThanOrEqual(text.length);
  }
  expect(strip(parseQuery(printQuery(ast)).nodes)).toEqual(strip(ast.nodes));
  return ast;
}

describe('fuzzing', () => {
  test('arbitrary text (unicode, control characters, bracket soup) parses or fails with QueryParseError', () => {
    fc.assert(fc.property(anyText, (text) => { checkOutcome(text); }), { numRuns: RUNS });
  });

  test('generated valid queries parse to the tree they were written from, and round-trip', () => {
    fc.assert(fc.property(validQuery, ({ shape, text }) => {
      const ast = checkOutcome(text);
      expect(ast, text).toBeDefined();
      expect(strip(ast!.nodes)).toEqual(shape);
    }), { numRuns: RUNS });
  });

  test('valid queries with one character inserted or deleted parse or fail with QueryParseError', () => {
    fc.assert(fc.property(validQuery, fc.nat(), fc.boolean(), mutationChar, ({ text }, at, insert, ch) => {
      const i = at % (text.length + 1);
      checkOutcome(insert ? text.slice(0, i) + ch + text.slice(i) : text.slice(0, i) + text.slice(i + 1));
    }), { numRuns: RUNS });
  });
});
