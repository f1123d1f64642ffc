// Parsing does work linear in the input length, measured with the step counter (not time):
// no input, however pathological, may cost more than 20 steps per character.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { QueryParseError, parseQuery } from '../../../../../src/shared/query/parser';
import { anyText, validQuery } from './query-arbitraries';

const STEPS_PER_CHAR = 20;

/** Parses (ignoring a QueryParseError) and returns the counted steps. */
function stepsFor(text: string): number {
  const counter = { steps: 0 };
  try {
    parseQuery(text, { counter });
  } catch (e) {
    if (!(e instanceof QueryParseError)) throw e;
  }
  return counter.steps;
}

const PATHOLOGICAL: [string, string][] = [
  ['10,000 nested (', '('.repeat(10_000)],
  ['10,000 nested {', '{'.repeat(10_000)],
  ['10,000 nested !{', '!{'.repeat(10_000)],
  ['100,000 commas', ','.repeat(100_000)],
  ["'A||' x 50,000", 'A||'.repeat(50_000)],
  ["'A||' x 50,000 then A (valid)", 'A||'.repeat(50_000) + 'A'],
  ['30,000 terms (valid)', 'A, '.repeat(30_000)],
  ['a 100,000-segment path', 'Sun.'.repeat(100_000) + 'X'],
  ['an unterminated string of escapes', '$this == "' + '\\"'.repeat(50_000)],
  ['100,000 digits', '9'.repeat(100_000)],
  ['100,000 dollars', '$'.repeat(100_000)],
  ['100,000 spaces then a term', ' '.repeat(100_000) + 'A'],
  ['traversal soup', 'Position(' + 'self|'.repeat(20_000)],
  ['deep valid scopes', '{'.repeat(64) + 'A'.repeat(100_000) + '}'.repeat(64)],
  ['brackets', '['.repeat(50_000)],
  ['or-chain of pairs', '(A, B) || '.repeat(20_000) + '(A, B)'],
];

describe('linear work', () => {
  test.each(PATHOLOGICAL)(`%s: at most ${STEPS_PER_CHAR} steps per character`, (_label, text) => {
    expect(stepsFor(text)).toBeLessThanOrEqual(STEPS_PER_CHAR * (text.length + 1));
  });

  test('random text: at most 20 steps per character', () => {
    fc.assert(fc.property(anyText, (text) => stepsFor(text) <= STEPS_PER_CHAR * (text.length + 1)), { numRuns: 1000 });
  });

  test('valid queries: every character is consumed and counted, within the bound', () => {
    fc.assert(fc.property(validQuery, ({ text }) => {
      const steps = stepsFor(text);
      return steps >= text.length && steps <= STEPS_PER_CHAR * (text.length + 1);
    }), { numRuns: 1000 });
  });

  test('the counter accumulates across parses', () => {
    const counter = { steps: 0 };
    parseQuery('Position', { counter });
    const one = counter.steps;
    parseQuery('Position', { counter });
    expect(one).toBeGreaterThanOrEqual('Position'.length);
    expect(counter.steps).toBe(2 * one);
  });
});
