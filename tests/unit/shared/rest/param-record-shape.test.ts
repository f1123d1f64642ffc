// Handlers read a parsed parameter record on every request asked with its text, so the record
// must stay an object with fast properties. One whose keys are added one by one through computed
// names becomes a dictionary in V8 past sixteen keys (the /query row has over twenty) unless some
// other code already added the same keys in the same order: zod's object parse does for the
// records it makes, so this file parses nothing through the object schema, and each record here
// is of a combination of keys asked for the first time. With dictionary records the 1,000-entity
// query reply counted 1.6 times the instructions. V8's own predicate tells.
import { setFlagsFromString } from 'node:v8';
import { describe, expect, test } from 'vitest';
import { COMPAT_MODES, dialectOf, type CompatMode } from '../../../../src/shared/rest';
import { paramTable, readParams } from '../../../../src/shared/rest/validate-params';

setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

/** Texts to try for each parameter: the first its schema accepts is given. */
const TEXTS = ['true', '7', 'Position', '(Eats, $food)', '1s', 'enter', '{"ids":[["Position"]]}', 'x'];

/** A decoded parameters record, built as parseTarget builds it (no prototype, frozen). */
function record(entries: readonly (readonly [string, string])[]): Readonly<Record<string, string>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, string>, Object.fromEntries(entries)));
}

describe.each([undefined, ...COMPAT_MODES].map((d) => [d ?? 'contract', d] as const))('a parsed record of the %s table', (_name, compat: CompatMode | undefined) => {
  test('keeps fast properties, whichever parameters were given', () => {
    let checked = 0;
    for (const row of dialectOf(compat).rows({ maxLimit: 500 })) {
      const table = paramTable(row.params);
      const given = Object.entries(row.params).flatMap(([n, spec]) => TEXTS.filter((t) => spec.schema.safeParse(t).success).slice(0, 1).map((t) => [n, t] as const));
      // Each parameter alone, then all of them, then none.
      for (const entries of [...given.map((g) => [g]), given, []]) {
        const got = readParams(table, record(entries));
        if (!('value' in got)) continue; // a required parameter left out
        expect(hasFastProperties(got.value), `${row.path} with ${entries.map(([n]) => n).join(', ') || 'nothing'}: ${Object.keys(got.value).length} keys`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
