// What breakpoints read after every frame (MatchTracker: kept tables, member filters on kept
// tables, one read per frame shared) equals a full evaluation of the query, every frame, over
// random writes: values set through the world and written in place into columns (as systems do),
// tags and components added and removed, parents and bases changed, a base's value changed (an
// inherited value), entities created, renamed, disabled and deleted. The entities that entered and
// left between two reads equal the differences of the full evaluations' sets. Each query is
// tracked twice: alone, and attached to threshold indexes shared by all (what breakpoints do).
import fc from 'fast-check';
import { expect, test, vi } from 'vitest';
import { MatchTracker } from '../../../../src/shared/breakpoints/match-tracker';
import { ThresholdIndexes } from '../../../../src/shared/breakpoints/threshold-index';
import { World, type Entity } from '../../../../src/shared/ecs';
import { QueryBudget, compileQuery } from '../../../../src/shared/query';

vi.setConfig({ testTimeout: 300_000 });

/** Kinds of query: types only, top-level comparisons (kept tables), and ones evaluated in full. */
const QUERIES = [
  'Mass', 'Mass, Hot', 'Mass, !Hot', 'Hot, (ChildOf, P1)', 'Mass, ?Kind',
  'Mass.v < 5', 'Mass.v >= 2, !Cold', 'Kind.k == Ring', 'Mass.v > 3, Kind.k != Rock', 'Hot, Mass.v <= 4',
  'Hot || Cold', 'Mass, !{ Mass.v > 6 }', '$this ~= "E1"',
];

const N = 12;
const command = fc.oneof(
  fc.record({ c: fc.constant('set' as const), i: fc.nat(N - 1), v: fc.integer({ min: 0, max: 8 }) }),
  fc.record({ c: fc.constant('poke' as const), i: fc.nat(N - 1), v: fc.integer({ min: 0, max: 8 }) }),
  fc.record({ c: fc.constant('kind' as const), i: fc.nat(N - 1), v: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ c: fc.constantFrom('hot' as const, 'cold' as const, 'unhot' as const, 'uncold' as const, 'unmass' as const, 'unkind' as const), i: fc.nat(N - 1) }),
  fc.record({ c: fc.constantFrom('parent' as const, 'unparent' as const, 'isa' as const, 'disable' as const, 'enable' as const, 'delete' as const, 'rename' as const), i: fc.nat(N - 1) }),
  fc.record({ c: fc.constant('base' as const), v: fc.integer({ min: 0, max: 8 }) }),
  fc.record({ c: fc.constant('create' as const) }),
);

test('incremental reads equal full evaluation every frame, and their differences equal the full sets\' differences', () => {
  fc.assert(fc.property(fc.array(fc.array(command, { maxLength: 5 }), { minLength: 1, maxLength: 25 }), (frames) => {
    const w = new World();
    const Mass = w.component('Mass', { v: 'f32' });
    const Kind = w.component('Kind', { k: { enum: ['Rock', 'Ring', 'Ship'] } });
    const Hot = w.tag('Hot'), Cold = w.tag('Cold');
    const P1 = w.entity('P1');
    const base = w.prefab('Base');
    w.set(base, Mass, { v: 3 });
    const es: Entity[] = [];
    for (let i = 0; i < N; i++) {
      const e = w.entity(`E${i}`);
      if (i % 3 !== 2) w.set(e, Mass, { v: i % 7 });
      if (i % 2 === 0) w.set(e, Kind, { k: ['Rock', 'Ring', 'Ship'][i % 3]! });
      if (i % 4 === 0) w.add(e, Hot);
      es.push(e);
    }
    const queries = QUERIES.map((q) => compileQuery(w, q));
    const indexes = new ThresholdIndexes(w);
    const alone = queries.map((q) => new MatchTracker(w, q, w.hierarchy.version));
    const attached = queries.map((q) => new MatchTracker(w, q, w.hierarchy.version));
    attached.forEach((t) => t.attach(indexes));
    const trackers = [...alone, ...attached];
    const query = (i: number) => i % queries.length;
    const budget = () => new QueryBudget(1_000_000);
    const full = (i: number) => new Set(queries[i]!.entities());
    let prev = trackers.map((t) => t.read(budget(), 0));
    let prevSets = trackers.map((_, i) => full(query(i)));
    let made = 0;
    frames.forEach((cmds, f) => {
      for (const cmd of cmds) {
        const e = 'i' in cmd ? es[cmd.i]! : 0;
        if (e !== 0 && !w.isAlive(e)) continue;
        switch (cmd.c) {
          case 'set': w.set(e, Mass, { v: cmd.v }); break;
          case 'poke': {
            // A write in place, told as the pipeline tells a system's (World.modified of what it may write).
            const t = w.tableOf(e), col = t.column(Mass);
            if (col) (col.arrays[0] as Float32Array)[w.locate(e).row] = cmd.v;
            w.modified([Mass]);
            break;
          }
          case 'kind': w.set(e, Kind, { k: ['Rock', 'Ring', 'Ship'][cmd.v]! }); break;
          case 'hot': w.add(e, Hot); break;
          case 'cold': w.add(e, Cold); break;
          case 'unhot': w.remove(e, Hot); break;
          case 'uncold': w.remove(e, Cold); break;
          case 'unmass': w.remove(e, Mass); break;
          case 'unkind': w.remove(e, Kind); break;
          case 'parent': w.add(e, w.pair(w.core.ChildOf, P1)); break;
          case 'unparent': w.remove(e, w.pair(w.core.ChildOf, P1)); break;
          case 'isa': w.remove(e, Mass); w.add(e, w.pair(w.core.IsA, base)); break;
          case 'disable': w.disable(e); break;
          case 'enable': w.enable(e); break;
          case 'delete': w.delete(e); break;
          case 'rename': w.setName(e, `R${f}x${cmd.i}`); break;
          case 'base': w.set(base, Mass, { v: cmd.v }); break;
          case 'create': { const n = w.entity(`New${made++}`); w.set(n, Mass, { v: made % 9 }); w.add(n, Hot); break; }
          default: { const never: never = cmd; throw new Error(`unknown command ${JSON.stringify(never)}`); }
        }
      }
      const token = f + 1;
      trackers.forEach((t, i) => {
        const now = t.read(budget(), token);
        // A second read in the same frame is the same snapshot, not another look.
        expect(t.read(budget(), token)).toBe(now);
        const want = full(query(i)), q = QUERIES[query(i)];
        expect([...now.set].sort(), `${q} after frame ${f}`).toEqual([...want].sort());
        const d = t.diff(prev[i]!);
        expect([...d.entered].sort(), `entered ${q}`).toEqual([...want].filter((e) => !prevSets[i]!.has(e)).sort());
        expect([...d.left].sort(), `left ${q}`).toEqual([...prevSets[i]!].filter((e) => !want.has(e)).sort());
      });
      prev = trackers.map((t) => t.current);
      prevSets = trackers.map((_, i) => full(query(i)));
    });
  }), { numRuns: 150 });
});

test('a query whose tables and rows did not move is not evaluated again; a comparison reads values every time', () => {
  const w = new World();
  const Mass = w.component('Mass', { v: 'f32' });
  const Hot = w.tag('Hot');
  const e = w.entity('E');
  w.set(e, Mass, { v: 1 });
  const types = new MatchTracker(w, compileQuery(w, 'Mass'), w.hierarchy.version);
  const values = new MatchTracker(w, compileQuery(w, 'Mass.v > 2'), w.hierarchy.version);
  const read = () => { types.read(new QueryBudget(1000)); return values.read(new QueryBudget(1000)); };
  read();
  expect(types.evaluations).toBe(1);
  (w.tableOf(e).column(Mass)!.arrays[0] as Float32Array)[w.locate(e).row] = 5;
  expect(read().entities).toEqual([e]);
  expect(types.evaluations).toBe(1);
  expect(values.evaluations).toBe(1);
  w.add(e, Hot);
  expect(read().entities).toEqual([e]);
  expect(types.evaluations).toBe(2);
});
