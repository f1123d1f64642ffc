// The store's index of pair records by target (IdRecord.byTarget): after any sequence of adds,
// removes, reparents, deletes (of holders, targets and relationships) and restores, each `(R, *)`
// record lists exactly the `(R, t)` records that a scan of every table's type finds, each the
// world's own record of that pair, holding the tables the scan finds; no other record lists any.
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { World, entityIndex, isPair, makePair, pairFirstIndex, pairSecondIndex, type Entity, type Table } from '../../../../src/shared/ecs';

// A property over many worlds: the bound is generous for a loaded machine (it only stops a hung test).
vi.setConfig({ testTimeout: 120_000 });

/** One change, as numbers only: [kind, pick, other, value]. */
type Op = [number, number, number, number];

interface Env { w: World; rels: Entity[]; made: Entity[]; image: ReturnType<World['snapshot']> | null }

function makeEnv(): Env {
  const w = new World();
  const P = w.component('Position', { x: 'f32' });
  const rels = [w.tag('Eats'), w.tag('Likes'), w.core.ChildOf, w.core.IsA];
  const made: Entity[] = [];
  for (let i = 0; i < 4; i++) { const e = w.entity(`e${i}`); w.set(e, P, { x: i }); made.push(e); }
  return { w, rels, made, image: null };
}

/** Applies one op; ops the store refuses (a cycle, a dead entity) are skipped. */
function apply(env: Env, [kind, pick, other, value]: Op): void {
  const { w, rels, made } = env;
  const alive = made.filter((e) => w.isAlive(e));
  const e = alive.length ? alive[pick % alive.length]! : 0;
  const f = alive.length ? alive[other % alive.length]! : 0;
  const liveRels = rels.filter((r) => w.isAlive(r));
  const rel = liveRels.length ? liveRels[value % liveRels.length]! : 0;
  try {
    switch (kind % 10) {
      case 0: made.push(w.entity()); return;
      case 1: if (e && f && rel) w.add(e, w.pair(rel, f)); return;
      case 2: if (e && f && rel) w.remove(e, w.pair(rel, f)); return;
      case 3: if (e && f) w.add(e, w.pair(w.core.ChildOf, f)); return;   // reparent (ChildOf is exclusive)
      case 4: if (e) w.delete(e); return;                                   // a holder, a target or a relationship
      case 5: { const r = w.tag(`R${value % 5}`); rels.push(r); made.push(r); return; }   // a relationship that may be deleted
      case 6: if (e && f) w.add(f, w.pair(e, alive[value % alive.length]!)); return;   // any entity as a relationship
      case 7: env.image = w.snapshot(); return;
      case 8: if (env.image) w.restore(env.image); return;
      default: if (e && rel) w.remove(e, w.pair(rel, w.core.Wildcard)); return;
    }
  } catch {
    // refused by the store (cycles, dead ids): nothing changed that the check cares about
  }
}

/** By scanning every table: relationship index → target index → the tables holding that pair. */
function scan(w: World): Map<number, Map<number, Set<Table>>> {
  const w0 = entityIndex(w.core.Wildcard), out = new Map<number, Map<number, Set<Table>>>();
  for (const t of w.tables.values()) {
    for (const id of t.type) {
      if (!isPair(id)) continue;
      const r = pairFirstIndex(id), target = pairSecondIndex(id);
      if (r === w0 || target === w0) continue;
      let byT = out.get(r);
      if (!byT) out.set(r, byT = new Map());
      let set = byT.get(target);
      if (!set) byT.set(target, set = new Set());
      set.add(t);
    }
  }
  return out;
}

function check(w: World): void {
  const W = w.core.Wildcard, expected = scan(w);
  for (const [r, byT] of expected) {
    const all = w.record(makePair(r, W));
    expect(all, `the (${r}, *) record`).toBeDefined();
    expect([...all!.byTarget!.keys()].sort((a, b) => a - b)).toEqual([...byT.keys()].sort((a, b) => a - b));
    for (const [target, tables] of byT) {
      const rec = all!.byTarget!.get(target)!;
      expect(rec).toBe(w.record(makePair(r, target)));
      expect(new Set(rec.tables)).toEqual(tables);
    }
  }
  // No record lists targets the scan does not find, or a table the world no longer has.
  for (const rec of w.records.values()) {
    for (const t of rec.tables) expect(w.tables.get(t.id), `record ${rec.id} holds deleted table ${t.id}`).toBe(t);
    if (rec.byTarget === undefined || rec.byTarget.size === 0) continue;
    expect(isPair(rec.id) && pairSecondIndex(rec.id) === entityIndex(W)).toBe(true);
    expect(expected.has(pairFirstIndex(rec.id)), `record ${rec.id} lists targets`).toBe(true);
  }
}

const op = fc.tuple(fc.nat(9), fc.nat(1000), fc.nat(1000), fc.nat(1000)) as fc.Arbitrary<Op>;

describe('pair records by target', () => {
  test('match a scan of every table after random adds, removes, reparents, deletes and restores', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
      const env = makeEnv();
      for (const o of ops) { apply(env, o); check(env.w); }
    }), { numRuns: 200 });
  });

  test('a relationship deleted before the table holding its pair (a child used as a relationship) leaves no record behind', () => {
    // Found by the property above: deleting the parent first deletes its child e1, used as the
    // relationship of the parent's own (e1, e0); the parent's table then went with e1 already dead,
    // and the (e1, *) record kept that table and listed e0 as a target.
    const env = makeEnv(), { w } = env;
    const [e0, e1] = env.made as [Entity, Entity];
    w.add(e1, w.pair(w.core.ChildOf, e0));
    w.add(e0, w.pair(e1, e0));
    const all = w.record(w.pair(e1, w.core.Wildcard))!;
    expect(all.byTarget!.has(entityIndex(e0))).toBe(true);
    w.delete(e0);
    expect(w.isAlive(e1)).toBe(false);
    expect(w.record(makePair(e1, w.core.Wildcard))).toBeUndefined();
    check(w);
  });

  test('a deleted target leaves its relationship\'s list, and a new pair to it lists a new record', () => {
    const env = makeEnv(), { w } = env;
    const [a, b] = env.made as [Entity, Entity];
    const Eats = env.rels[0]!, food = w.entity('food');
    w.add(a, w.pair(Eats, food)); w.add(b, w.pair(Eats, food));
    const all = w.record(w.pair(Eats, w.core.Wildcard))!;
    const first = all.byTarget!.get(entityIndex(food))!;
    expect(first.tables.length).toBe(1);
    w.delete(food);
    expect(all.byTarget!.has(entityIndex(food))).toBe(false);
    const again = w.entity('food2');
    w.add(a, w.pair(Eats, again));
    expect(w.record(w.pair(Eats, w.core.Wildcard))!.byTarget!.get(entityIndex(again))).toBe(w.record(w.pair(Eats, again)));
    check(w);
  });
});
