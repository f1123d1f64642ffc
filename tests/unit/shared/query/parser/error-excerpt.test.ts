// A long expression is not echoed whole in its parse error: the error shows the characters
// around the caret (at most MAX_ECHOED_CHARS, '…' where cut), and the caret stays under the
// offending character of the excerpt.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_ECHOED_CHARS } from '../../../../../src/shared/protocol';
import { QueryParseError, formatQueryError, parseQuery } from '../../../../../src/shared/query/parser';

/** The expression line and the caret column of a formatted error. */
function lines(message: string): { excerpt: string; caret: number } {
  const [, excerpt, caretLine] = message.split('\n');
  return { excerpt: excerpt!, caret: caretLine!.indexOf('^') };
}

describe('error excerpts', () => {
  test('a 20 KB expression with an error in the middle: an excerpt of at most MAX_ECHOED_CHARS around the caret, cut on both sides', () => {
    const text = 'Position, '.repeat(1000) + 'Position + ' + 'Position, '.repeat(1000);
    let err: QueryParseError | undefined;
    try { parseQuery(text); } catch (e) { err = e as QueryParseError; }
    expect(err).toBeInstanceOf(QueryParseError);
    expect(err!.position).toBe(10_000 + 'Position '.length);
    expect(err!.message.length).toBeLessThan(err!.reason.length + 2 * MAX_ECHOED_CHARS + 10);
    const { excerpt, caret } = lines(err!.message);
    expect(excerpt.startsWith('…') && excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBe(MAX_ECHOED_CHARS + 2);
    expect(excerpt[caret]).toBe('+');
  });

  test('short expressions are shown whole; a long one cut only on the side away from the caret', () => {
    expect(formatQueryError('r', 'A, B', 3)).toBe('r\nA, B\n   ^');
    const long = 'X'.repeat(200);
    expect(lines(formatQueryError('r', long, 0))).toEqual({ excerpt: 'X'.repeat(MAX_ECHOED_CHARS) + '…', caret: 0 });
    expect(lines(formatQueryError('r', long, 200))).toEqual({ excerpt: '…' + 'X'.repeat(MAX_ECHOED_CHARS), caret: MAX_ECHOED_CHARS + 1 });
  });

  test('for any expression and position the excerpt is bounded and the caret is under the character at the position', () => {
    fc.assert(fc.property(fc.string({ maxLength: 600, size: 'max' }), fc.nat(), (text, at) => {
      const position = at % (text.length + 1);
      const { excerpt, caret } = lines(formatQueryError('r', text, position));
      expect(excerpt.length).toBeLessThanOrEqual(MAX_ECHOED_CHARS + 2);
      const ch = text[position];
      if (ch !== undefined) expect(excerpt[caret]).toBe(/[\t\n\v\f\r]/.test(ch) ? ' ' : ch);
      else expect(caret).toBe(excerpt.length - (excerpt.endsWith('…') ? 1 : 0));
    }), { numRuns: 2000, seed: 30 });
  });
});
