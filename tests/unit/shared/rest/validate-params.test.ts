// The parameter step parses a row's parameters one at a time and keeps each one's outcome by its
// text; its answer must be the row's object schema's answer, parameter for parameter and refusal
// for refusal, whatever was asked before. Checked against the object schema itself (zod parsing
// the whole record) over every row of every dialect, with values each schema accepts and refuses,
// names it does not know, and the same texts asked again in new records.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { COMPAT_MODES, dialectOf, type CompatMode } from '../../../../src/shared/rest';
import { paramTable, readParams, validateWhole } from '../../../../src/shared/rest/validate-params';
import { FUZZ_SEED } from './fuzz-helpers';

/** Texts for any parameter: booleans, numbers in and out of range, queries, enum values, odd text. */
const TEXTS = ['true', 'false', 'TRUE', '0', '1', '7', '100', '500', '501', '1000', '1001', '-1', '1.5', '0x10', ' 1', '', 'yes',
  'Position', '(Eats, $food)', 'food:Apples', '*', '1s', '1m', '1h', '1w', '2s', 'enter', 'leave', 'change', 'exit',
  '{"ids":[["Position"]]}', '9'.repeat(16), '9007199254740991', '9007199254740992'];
/** Names no table has, and names an object's prototype has. */
const STRANGERS = ['unknown', '__proto__', 'constructor', 'toString', 'hasOwnProperty'];

/** A decoded parameters record, built as parseTarget builds it (no prototype, frozen). */
function record(entries: readonly (readonly [string, string])[]): Readonly<Record<string, string>> {
  const r = Object.create(null) as Record<string, string>;
  for (const [n, v] of entries) if (!Object.hasOwn(r, n)) r[n] = v;
  return Object.freeze(r);
}

const DIALECTS: (CompatMode | undefined)[] = [undefined, ...COMPAT_MODES];

describe.each(DIALECTS.map((d) => [d ?? 'contract', d] as const))('parameters of the %s table, one at a time', (_name, compat) => {
  const rows = dialectOf(compat).rows({ maxLimit: 500 }).filter((r) => Object.keys(r.params).length > 0);

  test('give what the object schema gives: the same values in the same order, or the same 400', () => {
    // One compiled table per row for the whole run, so outcomes kept from earlier records are reused.
    const tables = new Map(rows.map((r) => [r, paramTable(r.params)]));
    const entry = (names: readonly string[]) => fc.tuple(fc.constantFrom(...names, ...STRANGERS), fc.constantFrom(...TEXTS));
    const cases = fc.constantFrom(...rows).chain((row) => fc.tuple(fc.constant(row), fc.array(entry(Object.keys(row.params)), { maxLength: 6 })));
    fc.assert(fc.property(cases, ([row, entries]) => {
      const table = tables.get(row)!;
      const raw = record(entries);
      const got = readParams(table, raw), want = validateWhole(table, raw);
      if ('value' in want) {
        expect('value' in got, `${row.path} ${JSON.stringify(raw)}`).toBe(true);
        const value = (got as { value: Record<string, unknown> }).value;
        expect(Object.keys(value)).toEqual(Object.keys(want.value));
        expect(value).toEqual(want.value);
        expect(Object.isFrozen(value)).toBe(true);
      } else {
        expect(got, `${row.path} ${JSON.stringify(raw)}`).toEqual(want);
      }
    }), { seed: FUZZ_SEED, numRuns: Number(process.env.FUZZ_RUNS ?? 2000) });
  });
});

describe('outcomes kept by parameter text', () => {
  const rows = dialectOf(undefined).rows({ maxLimit: 500 });
  const query = rows.find((r) => r.path === '/query')!;

  test('a value asked again in another record, and after many other texts, parses the same', () => {
    const table = paramTable(query.params);
    const first = readParams(table, record([['limit', '7'], ['values', 'true']]));
    // More offsets than a parameter keeps texts of, so its memo is emptied on the way.
    for (let i = 0; i < 200; i++) readParams(table, record([['offset', String(i)], ['limit', String(i % 9)]]));
    const again = readParams(table, record([['values', 'true'], ['limit', '7']]));
    expect(again).toEqual(first);
    expect((again as { value: Record<string, unknown> }).value).toMatchObject({ limit: 7, values: true, offset: 0 });
    expect((readParams(table, record([['offset', '150']])) as { value: Record<string, unknown> }).value.offset).toBe(150);
  });

  test('a refused text is refused again in a new record, naming it, and the reply is a copy each time', () => {
    const table = paramTable(query.params);
    const a = readParams(table, record([['limit', '501']])), b = readParams(table, record([['q', 'X'], ['limit', '501']]));
    expect(a).toEqual(b);
    expect('reply' in a && a.reply.status).toBe(400);
    expect('reply' in a && a.reply.body).toContain("parameter 'limit' must be an integer from 0 to 500, got '501'");
    expect((a as { reply: object }).reply).not.toBe((b as { reply: object }).reply);
  });

  test('a required parameter missing is refused by name, even once its texts were kept', () => {
    const set = rows.find((r) => r.path.startsWith('/set'))!;
    const table = paramTable(set.params);
    expect('value' in readParams(table, record([['data', '{}']]))).toBe(true);
    const missing = readParams(table, record([['other', '{}']]));
    expect('reply' in missing && missing.reply.body).toContain("missing parameter 'data'");
  });
});
