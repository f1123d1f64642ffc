// The row cache reuses a row's text while its numbers hold still, and a whole run of rows while
// none of them changed. Whatever a reader asks for, in whatever order, between whatever writes and
// deletions (which move rows), the text must be that of the values stored now: checked against
// JSON.stringify of a model the test keeps itself, for the three kinds of template (numbers written
// as bytes, numbers with a non-ASCII enum constant written as strings, and values with strings that
// are never cached).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { World, type Entity } from '../../../../src/shared/ecs';
import { templateOf } from '../../../../src/shared/json';
import { keptRuns, rowText, rowsText } from '../../../../src/shared/json/row-cache';

const MODES = ['Ruhe', 'Läuft'];
interface Model { x: number; y: number; mode: number; label: string }

/** What each component of an entity must print, from the model alone. */
const expected = {
  P: (m: Model) => JSON.stringify({ x: m.x, y: m.y }),
  E: (m: Model) => JSON.stringify({ mode: MODES[m.mode], n: m.y }),
  S: (m: Model) => JSON.stringify({ label: m.label, n: m.y }),
};

const value = fc.record({
  x: fc.integer({ min: -40, max: 40 }).map((n) => n / 2),
  y: fc.integer({ min: -5, max: 5 }),
  mode: fc.integer({ min: 0, max: 1 }),
  label: fc.constantFrom('', 'a', 'b c', 'q"z'),
});
const step = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('set' as const), who: fc.nat(), value }), weight: 4 },
  // Rarely: a world emptied early would end the run.
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), who: fc.nat() }), weight: 1 },
  // Few distinct runs, so that a run is often read again after what happened in between.
  { arbitrary: fc.record({ kind: fc.constant('run' as const), comp: fc.constantFrom('P', 'E', 'S'), start: fc.nat({ max: 2 }), count: fc.constantFrom(1, 2, Infinity) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('rows' as const), comp: fc.constantFrom('P', 'E', 'S'), pick: fc.array(fc.nat(), { maxLength: 8 }), start: fc.nat({ max: 3 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('row' as const), comp: fc.constantFrom('P', 'E', 'S'), who: fc.nat() }), weight: 4 },
);

describe('row cache', () => {
  test('every text read is that of the values stored now, across writes, deletions and any order of reads', () => {
    fc.assert(fc.property(fc.array(value, { minLength: 1, maxLength: 8 }), fc.array(step, { maxLength: 80 }), (initial, steps) => {
      const w = new World();
      const comps = {
        P: w.component('P', { x: 'f64', y: 'i32' }),
        E: w.component('E', { mode: { enum: MODES }, n: 'i32' }),
        S: w.component('S', { label: 'string', n: 'i32' }),
      };
      const model = new Map<Entity, Model>();
      const write = (e: Entity, m: Model) => {
        w.set(e, comps.P, { x: m.x, y: m.y });
        w.set(e, comps.E, { mode: m.mode, n: m.y });
        w.set(e, comps.S, { label: m.label, n: m.y });
        model.set(e, m);
      };
      for (const m of initial) write(w.entity(), m);
      for (const s of steps) {
        const alive = [...model.keys()];
        if (alive.length === 0) break;
        if (s.kind === 'set') { write(alive[s.who % alive.length]!, s.value); continue; }
        if (s.kind === 'delete') { const e = alive[s.who % alive.length]!; w.delete(e); model.delete(e); continue; }
        const { table } = w.locate(alive[0]!);
        const col = table.column(comps[s.comp])!;
        const t = templateOf(col.info.schema!);
        const text = (row: number) => expected[s.comp](model.get(table.entities[row]!)!);
        if (s.kind === 'row') {
          const row = s.who % table.count;
          expect(rowText(col, t, row, w)).toBe(text(row));
        } else if (s.kind === 'run') {
          const start = Math.min(s.start, table.count - 1), count = Math.min(s.count, table.count - start);
          const rows = Array.from({ length: count }, (_, i) => start + i);
          expect(rowsText(col, t, null, start, count, w)).toBe(rows.map(text).join(','));
        } else {
          const list = s.pick.map((p) => p % table.count);
          const start = Math.min(s.start, list.length);
          expect(rowsText(col, t, list, start, list.length - start, w)).toBe(list.slice(start).map(text).join(','));
        }
      }
    }), { numRuns: 300 });
  });

  test('a row printed alone between two reads of the same run shows in the second read', () => {
    const w = new World();
    const P = w.component('P', { x: 'f64', y: 'i32' });
    const ents = [1, 2, 3].map((x) => { const e = w.entity(); w.set(e, P, { x, y: 0 }); return e; });
    const { table } = w.locate(ents[0]!);
    const col = table.column(P)!;
    const t = templateOf(col.info.schema!);
    expect(rowsText(col, t, null, 0, 3, w)).toBe('{"x":1,"y":0},{"x":2,"y":0},{"x":3,"y":0}');
    w.set(ents[1]!, P, { x: 2, y: 7 });
    expect(rowText(col, t, w.locate(ents[1]!).row, w)).toBe('{"x":2,"y":7}');
    expect(rowsText(col, t, null, 0, 3, w)).toBe('{"x":1,"y":0},{"x":2,"y":7},{"x":3,"y":0}');
  });

  // A kept run is checked row by row (several rows a step, then the rest one by one): a change
  // in any leaf of any row, wherever it falls in those steps, must show in the next read.
  test('a run of 1 to 9 rows shows a change in any leaf of any of its rows, written to the world or printed alone since', () => {
    for (let n = 1; n <= 9; n++) {
      for (let row = 0; row < n; row++) {
        for (const leaf of ['x', 'y', 'z'] as const) {
          for (const printedAlone of [false, true]) {
            const w = new World();
            const V = w.component('V', { x: 'f32', y: 'f32', z: 'f32' });
            const ents = Array.from({ length: n }, (_, i) => { const e = w.entity(); w.set(e, V, { x: i + 0.5, y: -i, z: i * 2 }); return e; });
            const { table } = w.locate(ents[0]!);
            const col = table.column(V)!;
            const t = templateOf(col.info.schema!);
            const run = () => ents.map((e) => JSON.stringify(w.get(e, V))).join(',');
            expect(rowsText(col, t, null, 0, n, w)).toBe(run());
            // Asked again unchanged (kept), then one leaf of one row changes.
            expect(rowsText(col, t, null, 0, n, w)).toBe(run());
            w.set(ents[row]!, V, { ...(w.get(ents[row]!, V) as object), [leaf]: 100.25 });
            if (printedAlone) rowText(col, t, row, w);
            expect(rowsText(col, t, null, 0, n, w), `${n} rows, ${leaf} of row ${row}${printedAlone ? ', printed alone' : ''}`).toBe(run());
          }
        }
      }
    }
  });

  test('pages read in turn keep their texts, and a row one page printed anew shows in the other page that holds it', () => {
    const w = new World();
    const P = w.component('P', { x: 'f32', y: 'f32' });
    const ents = Array.from({ length: 8 }, (_, i) => { const e = w.entity(); w.set(e, P, { x: i + 0.5, y: -i }); return e; });
    const { table } = w.locate(ents[0]!);
    const col = table.column(P)!;
    const t = templateOf(col.info.schema!);
    const page = (start: number, count: number) => Array.from({ length: count }, (_, k) => {
      const v = w.get(ents[start + k]!, P) as { x: number; y: number };
      return JSON.stringify({ x: v.x, y: v.y });
    }).join(',');
    const first = rowsText(col, t, null, 0, 4, w), second = rowsText(col, t, null, 2, 4, w);
    expect([first, second]).toEqual([page(0, 4), page(2, 4)]);
    // Asked again with nothing changed: the same texts.
    expect(rowsText(col, t, null, 0, 4, w)).toBe(first);
    expect(rowsText(col, t, null, 2, 4, w)).toBe(second);
    // Row 3 is in both pages; the second page prints it anew, so the first page's text is stale.
    w.set(ents[3]!, P, { x: 30.25, y: 3 });
    expect(rowsText(col, t, null, 2, 4, w)).toBe(page(2, 4));
    expect(rowsText(col, t, null, 0, 4, w)).toBe(page(0, 4));
  });

  test('of runs printed from moved rows only the last is kept, unless read again: pages of moving rows leave no texts behind', () => {
    const w = new World();
    const P = w.component('P', { x: 'f32', y: 'f32' });
    const ents = Array.from({ length: 9 }, (_, i) => { const e = w.entity(); w.set(e, P, { x: i + 0.25, y: i }); return e; });
    const { table } = w.locate(ents[0]!);
    const col = table.column(P)!;
    const t = templateOf(col.info.schema!);
    const page = (start: number) => ents.slice(start, start + 3).map((e) => JSON.stringify(w.get(e, P))).join(',');
    const move = (frame: number) => { for (const e of ents) w.set(e, P, { x: frame * 10 + e, y: -frame }); };
    // Every row moves before each frame's reads, as moving asteroids do, and each page is asked
    // once a frame: however many pages, one run at most is kept.
    for (let frame = 1; frame <= 3; frame++) {
      move(frame);
      for (const start of [0, 3, 6]) {
        expect(rowsText(col, t, null, start, 3, w)).toBe(page(start));
        expect(keptRuns(col)).toBe(1);
      }
    }
    // A page asked twice within a frame is read back, and kept when other pages are printed after it.
    move(4);
    expect(rowsText(col, t, null, 0, 3, w)).toBe(page(0));
    expect(rowsText(col, t, null, 0, 3, w)).toBe(page(0));
    expect(rowsText(col, t, null, 3, 3, w)).toBe(page(3));
    expect(rowsText(col, t, null, 6, 3, w)).toBe(page(6));
    expect(keptRuns(col)).toBe(2);
    expect(rowsText(col, t, null, 0, 3, w)).toBe(page(0));
    // One of its rows moves: printed anew, and it is the fresh run now (the last page's is dropped).
    w.set(ents[1]!, P, { x: 99.5, y: 1 });
    expect(rowsText(col, t, null, 0, 3, w)).toBe(page(0));
    expect(keptRuns(col)).toBe(1);
  });
});
