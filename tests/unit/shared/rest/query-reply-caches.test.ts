// The query reply's remembered parts — each table's `"parent":…,"entities":[…]` head, kept per
// page part while the table's rows, the names and the dialect stand — answer what the world holds
// after any sequence of spawns, deletes, renames, moves between parents and pages asked, and
// each dialect reads its own names.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { World, type Entity } from '../../../../src/shared/ecs';
import { createRouter } from '../../../../src/shared/rest';
import { FUZZ_SEED } from './fuzz-helpers';

type OpKind = 'spawn' | 'spawnAnonymous' | 'delete' | 'rename' | 'reparent' | 'unparent' | 'unposition';
interface Op { kind: OpKind; a: number; b: number; offset: number; limit: number }

const op: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom<OpKind>('spawn', 'spawnAnonymous', 'delete', 'rename', 'reparent', 'unparent', 'unposition'),
  a: fc.nat(11), b: fc.nat(11), offset: fc.nat(12), limit: fc.integer({ min: 1, max: 14 }),
});

interface Result { parent?: string; entities: (string | number)[] }

/** What a listing shows for an entity: its name, or its id when it has none. */
function shownAs(w: World, e: Entity): string | number {
  return w.nameOf(e) ?? e;
}

describe('query reply: remembered result heads', () => {
  test('pages equal what the world holds, after any sequence of changes, asked again unchanged and changed', () => {
    fc.assert(fc.property(fc.array(op, { minLength: 1, maxLength: 25 }), (ops) => {
      const w = new World();
      const Position = w.component('Position', { x: 'f32' });
      const ents: Entity[] = [];
      let n = 0;
      for (let i = 0; i < 12; i++) {
        const e = i % 3 === 2 ? w.entity() : w.entity(`E${n++}`);
        w.set(e, Position, { x: i });
        ents.push(e);
      }
      for (let i = 6; i < 9; i++) w.add(ents[i]!, w.pair(w.core.ChildOf, ents[i - 6]!));
      const router = createRouter(w, { replyCache: false });
      const made = new Set<Entity>(ents);
      const alive = (i: number) => (w.isAlive(ents[i]!) ? ents[i]! : 0);
      for (const o of ops) {
        const a = alive(o.a), b = alive(o.b);
        try {
          switch (o.kind) {
            case 'spawn': ents[o.a] = w.entity(`N${n++}`); w.set(ents[o.a]!, Position, { x: 1 }); break;
            case 'spawnAnonymous': ents[o.a] = w.entity(); w.set(ents[o.a]!, Position, { x: 2 }); break;
            case 'delete': if (a) w.delete(a); break;
            case 'rename': if (a && w.nameOf(a) !== undefined) w.setName(a, `R${n++}`); break;
            case 'reparent': if (a && b && a !== b) w.add(a, w.pair(w.core.ChildOf, b)); break;
            case 'unparent': if (a) w.remove(a, w.pair(w.core.ChildOf, w.core.Wildcard)); break;
            case 'unposition': if (a) w.remove(a, Position); break;
          }
        } catch { /* a cycle or a name clash is refused; the world is unchanged */ }
        made.add(ents[o.a]!);
        // Every entity with Position, each once, under its parent's path, as the world has them.
        const all = JSON.parse(router.route('GET', '/query?q=Position&limit=1000').body) as { results: Result[] };
        const listed: (string | number)[] = [];
        for (const r of all.results) {
          for (const shown of r.entities) {
            const e = typeof shown === 'number' ? shown : w.lookup(r.parent === undefined ? shown : `${r.parent}.${shown}`);
            expect(w.isAlive(e) && w.has(e, Position), `${String(shown)} after ${o.kind}`).toBe(true);
            expect(shownAs(w, e)).toEqual(shown);
            const parent = w.parentOf(e);
            expect(r.parent, `parent of ${String(shown)} after ${o.kind}`).toBe(parent === 0 ? undefined : w.pathOf(parent));
            listed.push(shown);
          }
        }
        const expected = [...made].filter((e) => w.isAlive(e) && w.has(e, Position)).map((e) => shownAs(w, e));
        expect([...listed].sort()).toEqual([...expected].sort());
        // A page, asked twice, and the page after it (often the same table's next rows) are their parts of that listing.
        for (const offset of [o.offset, o.offset, o.offset + o.limit]) {
          const url = `/query?q=Position&offset=${offset}&limit=${o.limit}`;
          const page = JSON.parse(router.route('GET', url).body) as { results: Result[] };
          expect(page.results.flatMap((r) => r.entities), `${url} after ${o.kind}`).toEqual(listed.slice(offset, offset + o.limit));
        }
      }
    }), { seed: FUZZ_SEED, numRuns: Number(process.env.FUZZ_RUNS ?? 100) });
  });

  test('two dialects asking for the same tables in turn each read their own names', () => {
    const w = new World();
    const contract = createRouter(w, { replyCache: false });
    const compat = createRouter(w, { replyCache: false, compat: 'flecs-3.2' });
    const parents = (body: string) => (JSON.parse(body) as { results: Result[] }).results.map((r) => r.parent ?? '');
    for (let i = 0; i < 2; i++) {
      const ours = parents(contract.route('GET', '/query?q=Component&limit=1000').body);
      const theirs = parents(compat.route('GET', '/query?q=Component&limit=1000').body);
      expect(ours).toContain('ecs.core');
      expect(ours.some((p) => p.startsWith('flecs'))).toBe(false);
      expect(theirs).toContain('flecs.core');
      expect(theirs.some((p) => p.startsWith('ecs'))).toBe(false);
    }
  });

  test('values written in place between two requests (texts of the same length) are read back', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(7), fc.nat(9)), { minLength: 1, maxLength: 20 }), (writes) => {
      const w = new World();
      const Position = w.component('Position', { x: 'f32' });
      const ents = Array.from({ length: 8 }, (_, i) => w.entity(`E${i}`));
      for (const e of ents) w.set(e, Position, { x: 0 });
      const router = createRouter(w, { replyCache: false });
      const url = '/query?q=Position&values=true&limit=100';
      for (const [i, x] of writes) {
        // Written as a system does: straight into the column, no change recorded.
        const { table, row } = w.locate(ents[i]!);
        table.column(Position)!.arrays[0]![row] = x;
        const reply = JSON.parse(router.route('GET', url).body) as { results: { entities: string[]; values: { x: number }[][] }[] };
        const seen = new Map(reply.results.flatMap((r) => r.entities.map((name, k) => [name, r.values[0]![k]!.x] as const)));
        for (const e of ents) expect(seen.get(w.nameOf(e)!), `${w.nameOf(e)} after writing ${x} to E${i}`).toBe(w.get(e, Position)!.x);
      }
    }), { seed: FUZZ_SEED, numRuns: Number(process.env.FUZZ_RUNS ?? 100) });
  });
});
