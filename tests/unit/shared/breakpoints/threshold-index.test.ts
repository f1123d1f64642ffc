// Breakpoints comparing one member with many thresholds share a ThresholdIndex (one pass over the
// column per frame, only rows that crossed a threshold looked at further). Property: over random
// values (NaN and the thresholds themselves included), random thresholds and operators, values
// written by a system through its fields, through set(), and in place with World.modified, entities
// moving between tables or deleted, values inherited from a prefab whose own value changes, and
// breakpoints created, deleted, disabled and enabled again on the way, every frame's
// hits are exactly what a brute-force filter of the values read back says entered and left each
// breakpoint's condition. A frame without writes of the member lets the index skip its column, so
// every way of writing must be seen. Breakpoints of one shape (`Val.v < 1`, `Val.v >= 2`) form a
// family that vouches for all of them after a frame where nothing they depend on moved (frames
// without commands, or with writes that cross no threshold): that must never hide a hit.
import fc from 'fast-check';
import { expect, test, vi } from 'vitest';
import { Breakpoints, type BreakpointHit } from '../../../../src/shared/breakpoints';
import { World, type Entity } from '../../../../src/shared/ecs';
import { addSystem, pipelineOf } from '../../../../src/shared/pipeline';
import { MEMBER_OPS, type MemberOp } from '../../../../src/shared/protocol';

vi.setConfig({ testTimeout: 300_000 });

const N = 10;
/** Values and thresholds: small, exactly f32, so the thresholds are often hit exactly. */
const number = fc.integer({ min: -6, max: 6 }).map((n) => n / 2);
const value = fc.oneof({ weight: 12, arbitrary: number }, { weight: 1, arbitrary: fc.constant(Number.NaN) });
const condition = fc.record({ op: fc.constantFrom(...MEMBER_OPS), t: number, hot: fc.boolean(), two: fc.option(fc.record({ op: fc.constantFrom(...MEMBER_OPS), t: number }), { nil: undefined }) });
const command = fc.oneof(
  { weight: 4, arbitrary: fc.record({ c: fc.constant('poke' as const), i: fc.nat(N - 1), v: value }) },
  fc.record({ c: fc.constant('mod' as const), i: fc.nat(N - 1), v: value }),
  fc.record({ c: fc.constant('set' as const), i: fc.nat(N - 1), v: value }),
  // Exactly onto a breakpoint's threshold (the edge of an interval), by the system.
  { weight: 2, arbitrary: fc.record({ c: fc.constant('snap' as const), i: fc.nat(N - 1), k: fc.nat(20) }) },
  fc.record({ c: fc.constantFrom('hot' as const, 'unhot' as const, 'unval' as const, 'kill' as const), i: fc.nat(N - 1) }),
  // Inheriting Val from a prefab, and the prefab's value changing.
  { weight: 2, arbitrary: fc.record({ c: fc.constant('isa' as const), i: fc.nat(N - 1) }) },
  { weight: 2, arbitrary: fc.record({ c: fc.constant('base' as const), v: value }) },
  fc.record({ c: fc.constant('add' as const), cond: condition, on: fc.constantFrom('enter' as const, 'leave' as const) }),
  fc.record({ c: fc.constant('delete' as const), k: fc.nat(20) }),
  // Disabled, then enabled again some frames later (the world then is its baseline).
  fc.record({ c: fc.constant('toggle' as const), k: fc.nat(20) }),
);

type Cond = { op: MemberOp; t: number; hot: boolean; two?: { op: MemberOp; t: number } };

function holds(op: MemberOp, v: number, t: number): boolean {
  switch (op) {
    case '<': return v < t;
    case '<=': return v <= t;
    case '>': return v > t;
    case '>=': return v >= t;
    case '==': return v === t;
    case '!=': return v !== t;
    default: { const never: never = op; throw new Error(`op ${String(never)}`); }
  }
}

test('hits of breakpoints sharing a threshold index equal a brute-force filter of the values, every frame', () => {
  fc.assert(fc.property(number, fc.array(condition, { minLength: 1, maxLength: 8 }), fc.array(fc.array(command, { maxLength: 6 }), { minLength: 1, maxLength: 20 }), (start, initial, frames) => {
    const w = new World();
    const Val = w.component('Val', { v: 'f32' });
    const Hot = w.tag('Hot');
    const base = w.prefab('Base');
    w.set(base, Val, { v: start });
    const es: Entity[] = [];
    for (let i = 0; i < N; i++) {
      // Half without a name: deleting one changes no name, only its table's rows.
      const e = i % 2 === 0 ? w.entity(`E${i}`) : w.entity();
      // All start alike (every row of a table in one interval, the index's fast case) until written.
      w.set(e, Val, { v: start });
      if (i % 3 === 0) w.add(e, Hot);
      es.push(e);
    }
    // The system writes the values poked this frame through its field (default access: a write);
    // it is enabled only in frames with pokes, so other frames write Val by other means or not at all.
    const pokes = new Map<Entity, number>();
    const poker = addSystem(w, 'Poke', { query: 'Val', run: (it) => {
      if (!it.isSelf(0)) return;
      const v = it.field(0)!.v as Float32Array;
      for (let j = 0; j < it.count; j++) {
        const p = pokes.get(it.entity(j));
        if (p !== undefined) v[it.rows === null ? j : it.rows[j]!] = p;
      }
    } });
    // Reads Val only: its runs mark nothing written.
    addSystem(w, 'Read', { query: '[in] Val', run: () => {} });
    let frame = 0;
    const bps = new Breakpoints(w, { pause: () => {}, frame: () => frame, ranSystems: () => true, frameSteps: 1_000_000, requestSteps: 100_000 });
    const hits: BreakpointHit[] = [];
    bps.onHit((h) => { hits.push(...h); });
    // Brute force: which entities each breakpoint's condition holds for, from the values read back.
    const conds = new Map<string, { cond: Cond; on: 'enter' | 'leave'; seen: Set<Entity>; enabled: boolean }>();
    const matching = (c: Cond): Set<Entity> => new Set(es.filter((e) => {
      if (!w.isAlive(e) || (c.hot && !w.has(e, Hot))) return false;
      // Its own value or the one it inherits.
      const own = w.get(e, Val) as { v: number } | undefined;
      if (own === undefined) return false;
      const v = own.v;
      return holds(c.op, v, c.t) && (c.two === undefined || holds(c.two.op, v, c.two.t));
    }));
    let made = 0;
    const add = (cond: Cond, on: 'enter' | 'leave') => {
      const q = `${cond.hot ? 'Hot, ' : ''}Val.v ${cond.op} ${cond.t}${cond.two ? `, Val.v ${cond.two.op} ${cond.two.t}` : ''}`;
      const name = `b${made++}`;
      bps.set(name, { q, on, once: false, enabled: true });
      conds.set(name, { cond, on, seen: matching(cond), enabled: true });
    };
    initial.forEach((c, i) => add(c, i % 2 === 0 ? 'enter' : 'leave'));
    for (const cmds of frames) {
      for (const cmd of cmds) {
        switch (cmd.c) {
          case 'poke': pokes.set(es[cmd.i]!, cmd.v); break;
          case 'mod': {
            if (!w.isAlive(es[cmd.i]!)) break;
            const e = es[cmd.i]!, col = w.tableOf(e).column(Val);
            if (col) { (col.arrays[0] as Float32Array)[w.locate(e).row] = cmd.v; w.modified([Val]); }
            break;
          }
          case 'set': if (w.isAlive(es[cmd.i]!)) w.set(es[cmd.i]!, Val, { v: cmd.v }); break;
          case 'snap': {
            const c = [...conds.values()][cmd.k % Math.max(1, conds.size)];
            if (c) pokes.set(es[cmd.i]!, c.cond.t);
            break;
          }
          case 'hot': if (w.isAlive(es[cmd.i]!)) w.add(es[cmd.i]!, Hot); break;
          case 'unhot': if (w.isAlive(es[cmd.i]!)) w.remove(es[cmd.i]!, Hot); break;
          case 'unval': if (w.isAlive(es[cmd.i]!)) w.remove(es[cmd.i]!, Val); break;
          case 'kill': if (w.isAlive(es[cmd.i]!)) w.delete(es[cmd.i]!); break;
          case 'isa': if (w.isAlive(es[cmd.i]!)) { w.remove(es[cmd.i]!, Val); w.add(es[cmd.i]!, w.pair(w.core.IsA, base)); } break;
          case 'base': w.set(base, Val, { v: cmd.v }); break;
          case 'add': add(cmd.cond, cmd.on); break;
          case 'delete': {
            const name = [...conds.keys()][cmd.k % Math.max(1, conds.size)];
            if (name !== undefined) { bps.delete(name); conds.delete(name); }
            break;
          }
          case 'toggle': {
            const name = [...conds.keys()][cmd.k % Math.max(1, conds.size)];
            if (name === undefined) break;
            const c = conds.get(name)!;
            c.enabled = !c.enabled;
            bps.setEnabled(name, c.enabled);
            if (c.enabled) c.seen = matching(c.cond);
            break;
          }
          default: { const never: never = cmd; throw new Error(`unknown command ${JSON.stringify(never)}`); }
        }
      }
      if (pokes.size > 0) w.enable(poker); else w.disable(poker);
      pipelineOf(w).progress(1 / 60);
      pokes.clear();
      frame++;
      hits.length = 0;
      bps.afterFrame();
      const got = new Map(hits.map((h) => [h.breakpoint, [...h.ids].sort()]));
      for (const [name, c] of conds) {
        if (!c.enabled) { expect(got.get(name), `${name} is disabled`).toBeUndefined(); continue; }
        const now = matching(c.cond);
        // One created this frame has the world as it was then as its baseline (seen at creation).
        const want = (c.on === 'enter' ? [...now].filter((e) => !c.seen.has(e)) : [...c.seen].filter((e) => !now.has(e))).sort();
        expect(got.get(name) ?? [], `${name} (${c.on} ${JSON.stringify(c.cond)}) at frame ${frame}`).toEqual(want);
        c.seen = now;
      }
    }
  }), { numRuns: 200 });
});
