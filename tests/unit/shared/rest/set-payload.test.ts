// A /set payload of the usual shape is read without the schema's parse (plainPayload); whatever
// it reads must be what setPayloadSchema makes of the same JSON, and anything the schema refuses
// or changes must be left to the schema. Checked against the schema itself on JSON of every
// shape (fast-check's JSON values) and on payloads near the usual shape, each part mutated.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { setPayloadSchema } from '../../../../src/shared/protocol';
import { plainPayload } from '../../../../src/shared/rest/contract/put-set';
import { FUZZ_SEED } from './fuzz-helpers';

/** Parts of an id: names, the empty string, and non-strings. */
const part = fc.oneof(fc.constantFrom('Position', 'Eats', 'Apples', 'ecs.core.Disabled', ''), fc.string({ maxLength: 3 }), fc.constantFrom(0, null, true, [], {}) as fc.Arbitrary<unknown>);
/** Ids near the usual shape: arrays of zero to three parts, sometimes not an array. */
const id = fc.oneof({ weight: 5, arbitrary: fc.array(part, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.jsonValue() });
/** Payload objects near the usual shape: ids, values, sometimes other keys, sometimes not an array. */
const nearPayload = fc.record({
  ids: fc.oneof({ weight: 5, arbitrary: fc.array(id, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.jsonValue() }),
  values: fc.oneof({ weight: 5, arbitrary: fc.array(fc.jsonValue(), { maxLength: 3 }) }, { weight: 1, arbitrary: fc.jsonValue() }),
  other: fc.jsonValue(),
}, { requiredKeys: [] });

/** The check: plainPayload reads JSON text only as the schema would, or leaves it to the schema. */
function agrees(text: string): void {
  const json = JSON.parse(text) as unknown;
  const mine = plainPayload(json);
  if (mine === undefined) return;
  const theirs = setPayloadSchema.safeParse(JSON.parse(text));
  expect(theirs.success, text).toBe(true);
  expect(mine, text).toEqual(theirs.data);
  expect(Object.keys(mine), text).toEqual(Object.keys(theirs.data!));
}

describe('a /set payload read without the schema', () => {
  test('reads what the schema reads, on JSON near the usual shape', () => {
    fc.assert(fc.property(nearPayload, (p) => agrees(JSON.stringify(p))), { seed: FUZZ_SEED, numRuns: 3000 });
  });

  test('reads what the schema reads, on any JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => agrees(JSON.stringify(v))), { seed: FUZZ_SEED, numRuns: 2000 });
  });

  test('reads the usual payloads itself, and leaves the schema what it must refuse', () => {
    expect(plainPayload(JSON.parse('{"ids":[["Scale"]],"values":[{"value":3}]}'))).toEqual({ ids: [['Scale']], values: [{ value: 3 }] });
    expect(plainPayload(JSON.parse('{"ids":[["Eats","Apples"]]}'))).toEqual({ ids: [['Eats', 'Apples']] });
    expect(plainPayload(JSON.parse('{}'))).toEqual({ ids: [] });
    for (const text of ['{"ids":[[]]}', '{"ids":[["a","b","c"]]}', '{"ids":[[""]]}', '{"ids":[[1]]}', '{"ids":["Position"]}', '{"ids":{}}',
      '{"values":{}}', '{"ids":[],"extra":1}', '{"__proto__":[]}', '[]', 'null', '"ids"', '{"ids":null}']) {
      expect(plainPayload(JSON.parse(text)), text).toBeUndefined();
    }
  });
});
