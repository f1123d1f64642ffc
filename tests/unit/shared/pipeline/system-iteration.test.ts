// The systems' fast path (CachedQuery.runSystem pointing one SystemIter at each cached result)
// must show a system exactly what evaluating its query afresh shows: the same entities, the same
// field values (own, inherited through IsA, or from a fixed source), whatever the world went through.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addSystem, pipelineOf, type SystemIter } from '../../../../src/shared/pipeline';
import { World, type Entity } from '../../../../src/shared/ecs';
import { compileQuery } from '../../../../src/shared/query';

const QUERIES = [
  'A',
  'A, B',
  'A, ?C',
  'B, !C',
  'A, Tag',
  'A(Base), B',
  'A, B(up(ChildOf))',
  'B, C',
];

type Op = { kind: 'spawn' | 'setA' | 'setB' | 'setC' | 'removeA' | 'removeB' | 'removeC' | 'baseB' | 'tag' | 'disable' | 'enable' | 'inherit' | 'parent' | 'delete' | 'setBase'; a: number; b: number };

const op: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('spawn', 'setA', 'setB', 'setC', 'removeA', 'removeB', 'removeC', 'baseB', 'tag', 'disable', 'enable', 'inherit', 'parent', 'delete', 'setBase'),
  a: fc.nat(15), b: fc.nat(99),
});

function setup() {
  const w = new World();
  const A = w.component('A', { v: 'f64' }), B = w.component('B', { v: 'f64' }), C = w.component('C', { v: 'i32' });
  const Tag = w.tag('Tag');
  const base = w.prefab('Base');
  w.set(base, A, { v: 1000 });
  const ents: Entity[] = [];
  for (let i = 0; i < 16; i++) ents.push(w.entity());
  return { w, A, B, C, Tag, base, ents };
}

/** What a system sees each frame, as sorted text: entity and the value of every set field. */
function seenBySystem(it: SystemIter, fields: number, out: string[]): void {
  for (let j = 0; j < it.count; j++) {
    const parts = [String(it.entity(j))];
    for (let i = 0; i < fields; i++) {
      const views = it.field(i);
      if (!views) { parts.push('-'); continue; }
      const row = it.isSelf(i) ? it.row(j) : it.sharedRow(i);
      parts.push(String(views.v![row]));
    }
    out.push(parts.join(' '));
  }
}

/** The same, from evaluating the query afresh and reading values with world.get. */
function seenByEvaluation(w: World, text: string, fields: number): string[] {
  const out: string[] = [];
  compileQuery(w, text).each((r) => {
    for (let j = 0; j < r.count; j++) {
      const e = r.table!.entities[r.rows ? r.rows[j]! : j]!;
      const parts = [String(e)];
      for (let i = 0; i < fields; i++) {
        const src = r.sources[i] === 0 ? e : r.sources[i]!;
        const value = r.isSet[i] ? w.get<{ v: number }>(src, r.ids[i]!)?.v : undefined;
        parts.push(value === undefined ? '-' : String(value));
      }
      out.push(parts.join(' '));
    }
  });
  return out.sort();
}

describe('system iteration', () => {
  test('systems see what evaluating their query afresh gives, after any sequence of changes', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
      const { w, A, B, C, Tag, base, ents } = setup();
      const fieldCount = QUERIES.map((q) => compileQuery(w, q).plan.fields.length);
      const seen: string[][] = QUERIES.map(() => []);
      QUERIES.forEach((q, k) => addSystem(w, `S${k}`, { query: q, run: (it) => seenBySystem(it, fieldCount[k]!, seen[k]!) }));
      const pipeline = pipelineOf(w);
      const alive = (i: number) => (w.isAlive(ents[i]!) ? ents[i]! : 0);
      for (const o of ops) {
        if (o.kind === 'spawn') { ents[o.a] = w.entity(); continue; }
        const e = alive(o.a);
        if (e === 0) continue;
        switch (o.kind) {
          case 'setA': w.set(e, A, { v: o.b }); break;
          case 'setB': w.set(e, B, { v: o.b }); break;
          case 'setC': w.set(e, C, { v: o.b }); break;
          case 'removeA': w.remove(e, A); break;
          case 'removeB': w.remove(e, B); break;
          case 'removeC': w.remove(e, C); break;
          case 'baseB': if (w.owns(base, B)) w.remove(base, B); else w.set(base, B, { v: o.b }); break;
          case 'tag': w.add(e, Tag); break;
          case 'disable': w.disable(e); break;
          case 'enable': w.enable(e); break;
          case 'inherit': w.add(e, w.pair(w.core.IsA, base)); break;
          case 'setBase': w.set(base, A, { v: o.b }); break;
          case 'parent': { const p = alive(o.b % 16); if (p !== 0 && p !== e) { try { w.add(e, w.pair(w.core.ChildOf, p)); } catch { /* a cycle is refused */ } } break; }
          case 'delete': w.delete(e); break;
        }
        for (const s of seen) s.length = 0;
        pipeline.progress(0);
        QUERIES.forEach((q, k) => expect(seen[k]!.sort(), q).toEqual(seenByEvaluation(w, q, fieldCount[k]!)));
      }
    }), { numRuns: 120, seed: 20261125 });
  });
});
