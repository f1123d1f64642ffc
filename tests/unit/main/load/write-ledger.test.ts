// The load test's bookkeeping: a lost write, a stale read or a stray change must be caught, and
// a write whose answer never came must not be reported as lost whichever way it went.
import { describe, expect, it } from 'vitest';
import { WriteLedger, type EntityState } from '../../../../bench/load/index';

const initial: EntityState = { scale: 0.05, disabled: false };

function ledgerOf(...entities: number[]): WriteLedger {
  const l = new WriteLedger();
  for (const e of entities) l.track(e, initial);
  return l;
}

describe('final state', () => {
  it('passes when every acknowledged write is visible and untouched entities are unchanged', () => {
    const l = ledgerOf(1, 2);
    const w = { entity: 1, field: 'scale', value: 7 } as const;
    l.send(w);
    l.settle(w, 200);
    const report = l.verify(new Map([[1, { scale: 7, disabled: false }], [2, initial]]));
    expect(report).toEqual({ checked: 2, lost: [], unexpected: [] });
  });

  it('reports an acknowledged write the world does not show as lost, with both values', () => {
    const l = ledgerOf(1);
    for (const value of [7, 8]) {
      const w = { entity: 1, field: 'scale', value } as const;
      l.send(w);
      l.settle(w, 200);
    }
    const report = l.verify(new Map([[1, { scale: 7, disabled: false }]]));
    expect(report.lost).toEqual([{ entity: 1, field: 'scale', expected: 8, seen: 7 }]);
  });

  it('reports a lost enable/disable', () => {
    const l = ledgerOf(1);
    const w = { entity: 1, field: 'disabled', value: true } as const;
    l.send(w);
    l.settle(w, 200);
    expect(l.verify(new Map([[1, initial]])).lost).toEqual([{ entity: 1, field: 'disabled', expected: true, seen: false }]);
  });

  it('accepts either outcome of a write that got no answer', () => {
    for (const seen of [0.05, 9]) {
      const l = ledgerOf(1);
      const w = { entity: 1, field: 'scale', value: 9 } as const;
      l.send(w);
      l.settle(w, undefined);
      expect(l.verify(new Map([[1, { scale: seen, disabled: false }]])).lost).toEqual([]);
      expect(l.unanswered).toBe(1);
    }
  });

  it('reports a refused write that was applied anyway (a failed request must change nothing)', () => {
    const l = ledgerOf(1);
    const w = { entity: 1, field: 'scale', value: 9 } as const;
    l.send(w);
    l.settle(w, 400);
    expect(l.refused).toBe(1);
    expect(l.verify(new Map([[1, { scale: 9, disabled: false }]])).lost).toHaveLength(1);
  });

  it('reports a change to an entity nobody wrote, and a written entity that disappeared', () => {
    const l = ledgerOf(1, 2);
    const w = { entity: 1, field: 'scale', value: 3 } as const;
    l.send(w);
    l.settle(w, 200);
    const report = l.verify(new Map([[2, { scale: 0.05, disabled: true }]]));
    expect(report.unexpected).toEqual([{ entity: 2, field: 'disabled', expected: false, seen: true }]);
    expect(report.lost.map((m) => m.field)).toEqual(['scale', 'disabled']);
  });
});

describe('reads during the run', () => {
  it('records a read that does not show the last acknowledged write as stale', () => {
    const l = ledgerOf(1);
    const w = { entity: 1, field: 'scale', value: 4 } as const;
    l.send(w);
    l.settle(w, 200);
    expect(l.checkRead(1, { scale: 4, disabled: false })).toBe(true);
    expect(l.checkRead(1, { scale: 0.05, disabled: false })).toBe(false);
    expect(l.staleReads).toEqual([{ entity: 1, field: 'scale', expected: 4, seen: 0.05 }]);
    expect(l.readsChecked).toBe(2);
  });

  it('does not judge a read while a write to the entity has an unknown outcome', () => {
    const l = ledgerOf(1);
    const w = { entity: 1, field: 'disabled', value: true } as const;
    l.send(w);
    l.settle(w, undefined);
    expect(l.checkRead(1, { scale: 0.05, disabled: false })).toBe(true);
    expect(l.readsChecked).toBe(0);
  });

  it('refuses writes to an entity it does not track (a bug in the mix, not a lost write)', () => {
    expect(() => ledgerOf(1).send({ entity: 5, field: 'scale', value: 1 })).toThrow(/entity 5 is not tracked/);
  });
});
