// How a tool writes its result, read directly: text results (an error flag only on errors), JSON
// results refused past MAX_RESULT_CHARS with their length and how to ask for less (one of exactly
// MAX_RESULT_CHARS still fits), and fitRows: the most rows whose result fits, found by asking for
// about log2 of the rows, never one more than fits.
import { describe, expect, test } from 'vitest';
import { MAX_RESULT_CHARS, fitRows, guarded, jsonResult, textResult, tooLong } from '../../../../src/main/mcp/tool-result';
import { App } from '../../../../src/shared/app';
import { World } from '../../../../src/shared/ecs';

/** A result of n rows, each `width` characters of JSON text with its comma. */
const rows = (n: number, width: number) => ({ rows: Array.from({ length: n }, () => 'x'.repeat(width - 3)) });

describe('results', () => {
  test('text results carry isError only when they are errors', () => {
    expect(textResult('ok')).toEqual({ content: [{ type: 'text', text: 'ok' }] });
    expect(textResult('bad', true)).toEqual({ content: [{ type: 'text', text: 'bad' }], isError: true });
  });

  test('a JSON result of exactly the cap is returned; one character more is refused naming its length and how to ask for less', () => {
    // '{"s":"…"}' is 8 characters around the string.
    const exact = { s: 'y'.repeat(MAX_RESULT_CHARS - 8) };
    expect(JSON.stringify(exact)).toHaveLength(MAX_RESULT_CHARS);
    expect(jsonResult(exact, 'ask for less')).toEqual(textResult(JSON.stringify(exact)));
    const over = { s: 'y'.repeat(MAX_RESULT_CHARS - 7) };
    expect(jsonResult(over, 'ask for less')).toEqual(tooLong(MAX_RESULT_CHARS + 1, 'ask for less'));
    expect(tooLong(40_000, 'ask for less')).toEqual({ content: [{ type: 'text', text: `the result is 40000 characters, more than the ${MAX_RESULT_CHARS} a tool returns: ask for less` }], isError: true });
  });
});

describe('fitRows', () => {
  test('all rows when they fit, asking once', () => {
    const asked: number[] = [];
    const r = fitRows(10, (n) => { asked.push(n); return rows(n, 100); });
    expect(r).toEqual({ rows: 10, text: JSON.stringify(rows(10, 100)) });
    expect(asked).toEqual([10]);
  });

  test('too many: the most that fit, found in about log2 asks; none fits: 0 rows', () => {
    // 100-character rows: '{"rows":[' and ']}' take 11, so (32,000 - 11 + 1) / 100 = 319 rows fit (the last without its comma).
    const fits = Math.floor((MAX_RESULT_CHARS - 11 + 1) / 100);
    expect(JSON.stringify(rows(fits, 100)).length).toBeLessThanOrEqual(MAX_RESULT_CHARS);
    expect(JSON.stringify(rows(fits + 1, 100)).length).toBeGreaterThan(MAX_RESULT_CHARS);
    let asked = 0;
    const r = fitRows(1000, (n) => { asked++; return rows(n, 100); });
    expect(r).toEqual({ rows: fits, text: JSON.stringify(rows(fits, 100)) });
    expect(asked).toBeLessThanOrEqual(2 + Math.ceil(Math.log2(1000)));
    // Exactly one row more than fits.
    expect(fitRows(fits + 1, (n) => rows(n, 100)).rows).toBe(fits);
    // Results of exactly the cap fit, whole or cut: '{"s":"…"}' with n characters is n + 8 long.
    const chars = (k: number) => (n: number) => ({ s: 'y'.repeat(n * k) });
    expect(fitRows(8, chars((MAX_RESULT_CHARS - 8) / 8)).rows).toBe(8);
    expect(fitRows(40_000, chars(1)).rows).toBe(MAX_RESULT_CHARS - 8);
    const none = fitRows(3, (n) => rows(n, MAX_RESULT_CHARS));
    expect(none).toEqual({ rows: 0, text: JSON.stringify(rows(0, 0)) });
  });
});

describe('guarded', () => {
  test('a handler that throws or rejects, with an Error or anything else, answers an error result naming the tool and the fault, reported once each; an answer passes through', async () => {
    const app = new App(new World(), { manual: true });
    const logged: string[] = [];
    app.pipeline.faults.log = (line) => { logged.push(line); };
    const link = { app };
    expect(await guarded(link, 'query', (n: number) => textResult(`row ${n}`))(3)).toEqual(textResult('row 3'));
    const after = '(the session goes on; read the state again before retrying a write)';
    expect(await guarded(link, 'get_entity', () => { throw 'not an Error'; })()).toEqual(textResult(`the get_entity tool failed: not an Error ${after}`, true));
    expect(await guarded(link, 'stats', async () => { await Promise.resolve(); throw new Error('later'); })()).toEqual(textResult(`the stats tool failed: later ${after}`, true));
    expect(await guarded(link, 'query', () => { throw undefined; })()).toEqual(textResult(`the query tool failed: undefined ${after}`, true));
    expect(app.pipeline.faults.byKind.mcp).toBe(3);
    expect(logged.map((l) => /^ecs-live: mcp '([^']+)' threw/.exec(l)?.[1])).toEqual(['tool get_entity', 'tool stats', 'tool query']);
  });
});
