import { describe, expect, test } from 'vitest';
import { parseError } from './parse-error';
import { MAX_ECHOED_CHARS } from '../../../../../src/shared/protocol';
import { MAX_SCOPE_DEPTH, QueryParseError, formatQueryError, parseQuery } from '../../../../../src/shared/query/parser';


/** [query, reason, caret position] */
const CASES: [string, string, number][] = [
  // separators
  [',', `unexpected character ','`, 0],
  [',,', `unexpected character ','`, 0],
  ['Position,,', `unexpected character ','`, 9],
  [', Position', `unexpected character ','`, 0],
  ['Position Velocity', `expected ',' between terms`, 9],
  ['(Eats, Apples) Position', `expected ',' between terms`, 15],
  ['Position !Velocity', `expected ',' between terms`, 9],
  ['Position +', `unexpected character '+'`, 9],
  ['Position)', `unexpected character ')': no '(' is open`, 8],
  ['Position }', `unexpected character '}': no scope '{' is open`, 9],
  ['A | B', `unexpected character '|'; write '||' between the alternatives of an or-chain`, 2],
  ['$this = Sun', `unexpected character '='; compare with '==', as in $this == Sun`, 6],
  // member comparisons
  ['$this < 3', `'<' compares a member's value with a number, as in Fuel.value < 10: its left side is Component.member`, 0],
  ['Fuel.value <', `unexpected end of query: expected a number or an enum constant after '<', as in Fuel.value < 10`, 12],
  ['Fuel.value >= $x', `unexpected character '$'; expected a number or an enum constant after '>=', as in Fuel.value >= 10`, 14],
  ['!Fuel.value < 3', `'!' cannot apply to a comparison: put it on a scope, as in !{ Fuel.value < 10 }, or write the opposite comparison`, 0],
  ['[in] Fuel.value < 3', `an access modifier cannot apply to a comparison such as Fuel.value < 10`, 0],
  ['Fuel.value < 1x', `invalid number '1x': write a decimal number such as 10, -2.5 or 1e3`, 13],
  ['Fuel.value < 1.', `unexpected end of query: expected a digit after the decimal point, as in 0.5`, 15],
  ['Fuel.value < 2e', `unexpected end of query: expected a digit in the exponent, as in 1e3`, 15],
  ['Fuel.value < -', `unexpected end of query: expected a digit after '-', as in -2.5`, 14],
  ['Fuel.value < 1e999', `number '1e999' is too large`, 13],
  ['Fuel.value < 1.x', `expected a digit after the decimal point, as in 0.5, found 'x'`, 15],
  ['-1', `unexpected character '-': ids are non-negative whole numbers`, 0],
  ['Position\u00a0', `unexpected character 'U+00A0'`, 8],
  ['A\u0007', `unexpected character 'U+0007'`, 1],
  // unclosed things
  ['(Foo', `unexpected end of query: missing ')'`, 4],
  ['(Foo, Bar', `unexpected end of query: missing ')'`, 9],
  ['Position(Sun', `unexpected end of query: missing ')'`, 12],
  ['Position(up(ChildOf)', `unexpected end of query: missing ')'`, 20],
  ['{ Position', `unexpected end of query: missing '}'`, 10],
  ['{ Position,', `unexpected end of query: missing '}'`, 11],
  ['[in', `unexpected end of query: missing ']'`, 3],
  ['Position(', 'unexpected end of query: expected a source or a traversal such as self or up', 9],
  ['!', `unexpected end of query: expected a term after '!'`, 1],
  ['[in] ', `unexpected end of query: expected a term after '[in]'`, 5],
  ['A ||', `unexpected end of query: expected a term after '||'`, 4],
  ['$this ==', `unexpected end of query: expected a value after '==', as in $this == Sun`, 8],
  ['AND |', `unexpected end of query: expected a type entity after 'AND |', as in AND | SpaceShip`, 5],
  ['Sun.', `unexpected end of query: expected a name after '.' in 'Sun.'`, 4],
  // pairs and arguments
  ['(Foo)', 'a pair needs a relationship and a target, as in (Eats, Apples)', 4],
  ['(A, B, C)', 'a pair has exactly two elements, (Rel, Target); found a third', 5],
  ['(Eats, )', `unexpected character ')'; expected the target of a pair`, 7],
  ['(, B)', `unexpected character ','; expected the relationship of a pair, as in (Eats, Apples)`, 1],
  ['Eats($this, Apples, x)', 'too many arguments: a term takes (Source) or (Source, Target)', 18],
  ['Position(Sun Moon)', `unexpected character 'M'; expected ')'`, 13],
  ['Sun..Earth', `expected a name after '.' in 'Sun.', found '.'`, 4],
  ['9abc', `invalid name '9abc': names start with a letter or '_', and ids are whole numbers`, 0],
  ['Sun.9', `expected a name after '.' in 'Sun.', found '9'`, 4],
  // $ and strings
  ['$', `'$' alone is only valid as a source, as in Position($)`, 0],
  ['(Eats, $)', `'$' alone is only valid as a source, as in Position($)`, 7],
  ['Eats($this, $)', `'$' alone is only valid as a source, as in Position($)`, 12],
  ['$this == $', `'$' alone is only valid as a source, as in Position($)`, 9],
  ['$9', `'$' must be followed by a variable name that starts with a letter or '_', found '9'`, 0],
  ['"Sun"', `quoted string '"Sun"' is only valid on the right of ==, != or ~=`, 0],
  ['Position("Sun")', `quoted string '"Sun"' is only valid on the right of ==, != or ~=`, 9],
  ['$this == "Sun', `unterminated string: missing closing '"'`, 9],
  ['$this == "a\\', `unterminated string: missing closing '"'`, 9],
  ['$this == "a\\nb"', `unknown escape '\\n' in string: only \\" and \\\\ are allowed`, 11],
  // numbers
  ['9007199254740993', 'number 9007199254740993 is not a safe integer id', 0],
  ['Position(99999999999999999999)', 'number 99999999999999999999 is not a safe integer id', 9],
  // traversal
  ['Position(upp(ChildOf))', `unknown traversal 'upp'; expected self, up, up(Rel), parent, cascade or desc`, 9],
  ['Position(self|upp)', `unknown traversal 'upp'; expected self, up, up(Rel), parent, cascade or desc`, 14],
  ['Position(Sun:upp)', `unknown traversal 'upp'; expected self, up, up(Rel), parent, cascade or desc`, 13],
  ['Position(Sun:$x)', `unknown traversal '$x'; expected self, up, up(Rel), parent, cascade or desc`, 13],
  ['Position(up:self)', `expected a source after ':', found traversal keyword 'self'; combine traversals with '|'`, 12],
  ['Position(Sun:up:Moon)', `a term's source takes one ':', as in Sun:up(ChildOf)`, 15],
  ['Position(self|self)', `'self' repeats a traversal already written in this term; write each of self, up, cascade, desc once`, 14],
  ['Position(up|parent)', `'parent' repeats a traversal already written in this term; write each of self, up, cascade, desc once`, 12],
  ['Position(up(IsA)|cascade(ChildOf))', 'the traversal relationship is given twice; write it once, as in up(ChildOf)|cascade', 25],
  ['Position(up())', `unexpected character ')'; expected the relationship of up(), as in up(ChildOf)`, 12],
  ['Position(up(A, B))', 'up() takes one relationship, as in up(ChildOf)', 13],
  ['Position(self|)', `unexpected character ')'; expected a traversal after '|'; expected self, up, up(Rel), parent, cascade or desc`, 14],
  // operators, scopes, modifiers
  ['!!Position', `'!' follows '!'; a term takes one operator: ! (not) or ? (optional)`, 1],
  ['!?Position', `'?' follows '!'; a term takes one operator: ! (not) or ? (optional)`, 1],
  ['[in][out] Position', 'a term takes one access modifier; found a second one', 4],
  ['[foo] Position', `unknown access modifier '[foo]'; expected [in], [out], [inout], [none] or [filter]`, 0],
  ['[] Position', `unknown access modifier '[]'; expected [in], [out], [inout], [none] or [filter]`, 0],
  ['[in Position', `unexpected character 'P'; expected ']' to close the access modifier`, 4],
  ['A || !B', `'!' cannot be combined with '||'; to apply it to the whole or-chain use a scope, as in !{ A || B }`, 5],
  ['?A || B', `'?' cannot be combined with '||'; to apply it to the whole or-chain use a scope, as in ?{ A || B }`, 0],
  ['A || { B }', `a scope cannot be an operand of '||'; put the or-chain inside it, as in { A || B }`, 5],
  ['{ A } || B', `a scope cannot be an operand of '||'; put the or-chain inside it, as in { A || B }`, 6],
  ['{}', `empty scope '{ }': write at least one term inside`, 0],
  ['!{ }', `empty scope '{ }': write at least one term inside`, 1],
  ['[in] { A }', 'an access modifier cannot apply to a scope; put it on the terms inside', 0],
  ['!AND | SpaceShip', `'!' cannot apply to 'AND |'`, 0],
  ['[in] OR | SpaceShip', `an access modifier cannot apply to 'OR |'`, 0],
  // equality
  ['!$this == Sun', `'!' cannot apply to an equality such as $this == Sun`, 0],
  ['Position(Sun) == Sun', `the left side of '==' must be a single name or variable, as in $this == Sun`, 0],
  // comparisons are or-chain operands, under the same rules as after a comma
  ['A || [in] $this == Sun', `an access modifier cannot apply to an equality such as $this == Sun`, 5],
  ['$this == Sun || !B', `'!' cannot be combined with '||'; to apply it to the whole or-chain use a scope, as in !{ A || B }`, 16],
  ['$this == Sun || $this ~=', `unexpected end of query: expected a value after '~=', as in $this ~= "ar"`, 24],
  ['$this == Sun || Position(Sun) == Sun', `the left side of '==' must be a single name or variable, as in $this == Sun`, 16],
  ['$this ~=', `unexpected end of query: expected a value after '~=', as in $this ~= "ar"`, 8],
  ['?$x ~= "ar"', `'?' cannot apply to an equality such as $this ~= "ar"`, 0],
  ['$this !~= "ar"', `'!~=' is not an operator; to match names without a text write $x ~= "!text"`, 6],
];

describe('malformed queries', () => {
  test.each(CASES)('%j: reason and caret', (q, reason, position) => {
    const e = parseError(q);
    expect({ reason: e.reason, position: e.position }).toEqual({ reason, position });
    expect(e.expr).toBe(q);
    expect(e.message).toBe(formatQueryError(reason, q, position));
  });

  test('the caret lines up under the offending character', () => {
    const e = parseError('Position, Velocity Mass');
    const [, expr, caret] = e.message.split('\n');
    expect(expr![caret!.indexOf('^')]).toBe('M');
  });

  test('line breaks and tabs in the query are shown as spaces so the caret lines up', () => {
    const e = parseError('Position,\n\tVelocity +');
    expect(e.message).toBe(`unexpected character '+'\nPosition,  Velocity +\n                    ^`);
  });

  test('very long tokens are shortened in the reason', () => {
    const long = 'x'.repeat(MAX_ECHOED_CHARS + 20);
    expect(parseError(`Position(${long}:oops)`).reason).toBe(`unknown traversal 'oops'; expected self, up, up(Rel), parent, cascade or desc`);
    expect(parseError(`Position(Sun:up(A)|${long})`).reason).toBe(
      `unknown traversal '${'x'.repeat(MAX_ECHOED_CHARS)}…'; expected self, up, up(Rel), parent, cascade or desc`,
    );
  });

  test(`scopes nested deeper than ${MAX_SCOPE_DEPTH} levels are rejected at the first extra '{'`, () => {
    const q = '{'.repeat(MAX_SCOPE_DEPTH + 1) + 'A' + '}'.repeat(MAX_SCOPE_DEPTH + 1);
    const e = parseError(q);
    expect(e.reason).toBe(`scopes are nested too deeply: at most ${MAX_SCOPE_DEPTH} levels of '{' are allowed`);
    expect(e.position).toBe(MAX_SCOPE_DEPTH);
  });

  test('a non-string query is a parse error, not a TypeError', () => {
    const e = (() => { try { parseQuery(42 as unknown as string); } catch (x) { return x; } })();
    expect(e).toBeInstanceOf(QueryParseError);
    expect((e as QueryParseError).reason).toBe('the query must be a string, got number');
  });
});

describe('QueryParseError and formatQueryError', () => {
  test('the reference format: reason, expression, caret', () => {
    expect(formatQueryError('unexpected end of term', '(Foo', 4)).toBe('unexpected end of term\n(Foo\n    ^');
  });
  test('out-of-range positions are clamped instead of throwing', () => {
    expect(formatQueryError('r', 'ab', -3)).toBe('r\nab\n^');
    expect(formatQueryError('r', 'ab', 99)).toBe('r\nab\n  ^');
    expect(formatQueryError('r', 'ab', Number.NaN)).toBe('r\nab\n^');
  });
  test('the error is an Error with its parts as fields', () => {
    const e = parseError('(Foo');
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('QueryParseError');
    expect([e.reason, e.expr, e.position]).toEqual([`unexpected end of query: missing ')'`, '(Foo', 4]);
  });
});
