// What a watch delta costs a slow reader: rows keep their identity (a query table by its parent and
// first entity, a list item by its path or name), so a row that goes away is one removal, not a
// change of every later row; a changed value carries only its new side. And how a client applies
// the events it does not rebuild a reply from (ids without a frame, unknown or 'end' events).
import type { Delta } from 'jsondiffpatch';
import { describe, expect, test } from 'vitest';
import { applyWatchEvent, createWatchDiffer } from '../../../../src/shared/protocol';

// Each test makes its own differ: one made when the file loads would be made before a mutation
// run switches its mutant on, and hide the mutant from the test.
/** The operations of a jsondiffpatch array delta (its keys but the '_t' marker). */
const ops = (delta: unknown) => Object.keys(delta as object).filter((k) => k !== '_t').sort();

/** A query reply's tables, one per name, with values that differ from table to table. */
const tables = (names: string[]) => names.map((n) => ({ parent: 'Sun', entities: [n, `${n}Moon`], values: [[{ x: n.charCodeAt(0) }]] }));

describe('watch deltas keep the identity of rows', () => {
  test('a query table that goes away is one removal, whatever follows it', () => {
    const differ = createWatchDiffer();
    const delta = differ.diff({ results: tables(['Earth', 'Mars', 'Venus']) }, { results: tables(['Mars', 'Venus']) }) as { results: object };
    expect(ops(delta.results)).toEqual(['_0']);
  });

  test('tables are told apart by their first entity, and by their parent', () => {
    const differ = createWatchDiffer();
    const a = [{ parent: 'Sun', entities: ['Earth'] }, { parent: 'Sun', entities: ['Mars'] }];
    expect(ops(differ.diff(a, [a[1]]))).toEqual(['_0']);
    const b = [{ parent: 'Sun', entities: ['Moon'] }, { parent: 'Earth', entities: ['Moon'] }];
    expect(ops(differ.diff(b, [b[1]]))).toEqual(['_0']);
  });

  test('list items are told apart by path, else by name; other items by position', () => {
    const differ = createWatchDiffer();
    const byPath = [{ path: 'Sun.Earth', v: 1 }, { path: 'Sun.Mars', v: 2 }, { path: 'Sun.Venus', v: 3 }];
    expect(ops(differ.diff(byPath, byPath.slice(1)))).toEqual(['_0']);
    const byName = [{ name: 'Earth', v: 1 }, { name: 'Mars', v: 2 }, { name: 'Venus', v: 3 }];
    expect(ops(differ.diff(byName, byName.slice(1)))).toEqual(['_0']);
    // A path that is not text does not identify an item: the name does.
    const namedOnly = [{ path: 1, name: 'Earth' }, { path: 1, name: 'Mars' }];
    expect(ops(differ.diff(namedOnly, namedOnly.slice(1)))).toEqual(['_0']);
    // Without an identity, the rows after a removed one change in place and the last goes.
    const plain = [{ v: 1 }, { v: 2 }, { v: 3 }];
    expect(ops(differ.diff(plain, plain.slice(1)))).toEqual(['0', '1', '_2']);
  });

  test('a changed value carries only its new side, and a reordered row is no move', () => {
    const differ = createWatchDiffer();
    expect(differ.diff({ a: 1, b: 'x' }, { a: 2, b: 'x' })).toEqual({ a: [0, 2] });
    const delta = differ.diff([{ name: 'A' }, { name: 'B' }], [{ name: 'B' }, { name: 'A' }]) as Delta & Record<string, unknown>;
    // A move would be ['', <new index>, 3]; without move detection the row is removed and added.
    for (const k of ops(delta)) expect((delta[k] as unknown[])[2], k).not.toBe(3);
    expect(differ.patch(structuredClone([{ name: 'A' }, { name: 'B' }]), delta)).toEqual([{ name: 'B' }, { name: 'A' }]);
  });
});

describe('applying watch events', () => {
  test('the frame comes from the event id; an event without one keeps the frame held, a first one without any is frame 0', () => {
    const s = applyWatchEvent(undefined, 'full', '{"a":1}', '12@1764100000123');
    expect(s).toEqual({ reply: { a: 1 }, error: undefined, frame: 12 });
    expect(applyWatchEvent(s, 'diff', '{"a":[0,2]}', undefined)).toEqual({ reply: { a: 2 }, error: undefined, frame: 12 });
    expect(applyWatchEvent(undefined, 'full', '{}', undefined).frame).toBe(0);
    expect(applyWatchEvent(undefined, 'full', '{}', 'not-an-id').frame).toBe(0);
  });

  test("'end' and unknown events change nothing; before any state they give an empty one", () => {
    const s = applyWatchEvent(undefined, 'full', '{"a":1}', '3');
    expect(applyWatchEvent(s, 'end', '{"reason":"stopping"}', '4')).toBe(s);
    expect(applyWatchEvent(s, 'heartbeat', '', '5')).toBe(s);
    expect(applyWatchEvent(undefined, 'end', '{"reason":"stopping"}', '6')).toEqual({ reply: undefined, error: undefined, frame: 6 });
  });

  test('a diff before any event, or after a fail (no reply held), is refused, naming the frame', () => {
    expect(() => applyWatchEvent(undefined, 'diff', '{}', '2')).toThrow(/'diff' event \(frame 2\) arrived before any 'full' event/);
    const failed = applyWatchEvent(undefined, 'fail', '{"status":404,"error":"gone"}', '8');
    expect(() => applyWatchEvent(failed, 'diff', '{}', '9')).toThrow(/'diff' event \(frame 9\) arrived before any 'full' event/);
  });
});
