// The router's query cache (compiled /query?q= texts with their matched tables) answers exactly
// what compiling and evaluating afresh answers — same results, same order, same paging — after
// any sequence of changes to the world: values, tags, pairs, parents, names, deletes, disables,
// prefab instances, traits. Replies are compared byte for byte, with the reply cache off.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { World, type Entity } from '../../../../src/shared/ecs';
import { QueryBudget, QueryCache, compileQuery, type CompiledQuery } from '../../../../src/shared/query';
import { createRouter } from '../../../../src/shared/rest';
import { FUZZ_SEED } from './fuzz-helpers';

const QUERIES = [
  'Position',
  'Position, Velocity',
  'Position, ?Velocity',
  'Position, !Planet',
  '(Eats, $food)',
  '(Eats, *)',
  '(Eats, _), Position',
  '(ChildOf, $p), Planet($p)',
  '(Eats, $food), Tasty($food)',
  'Position(up(ChildOf))',
  'Position(parent), Planet',
  'Position(self|up(IsA)), Velocity',
  'Planet, (ChildOf, $p), !Planet($p)',
  'Position(up(Orbits))',
  'Position(E1)',
  'Planet || Tasty',
  'Position, $this ~= "E1"',
  '$this == E2',
  'AND | E3',
  'E4',
  'Position, ?Disabled',
  'Velocity(parent|cascade)',
  'Position, ?(Eats, $this)',
  'Velocity, !(Eats, $this)',
];

type OpKind = 'planet' | 'unplanet' | 'tasty' | 'position' | 'unposition' | 'velocity' | 'eat' | 'reparent' | 'rename' | 'unname'
  | 'delete' | 'disable' | 'enable' | 'spawn' | 'instance' | 'traversable' | 'untraversable' | 'orbit';
interface Op { kind: OpKind; a: number; b: number }

const op: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom<OpKind>('planet', 'unplanet', 'tasty', 'position', 'unposition', 'velocity', 'eat', 'reparent', 'rename', 'unname',
    'delete', 'disable', 'enable', 'spawn', 'instance', 'traversable', 'untraversable', 'orbit'),
  a: fc.nat(13), b: fc.nat(13),
});

interface Ask { q: number; offset: number; limit: number; values: boolean; labels: boolean }

const ask: fc.Arbitrary<Ask> = fc.record({ q: fc.nat(QUERIES.length - 1), offset: fc.nat(6), limit: fc.integer({ min: 1, max: 12 }), values: fc.boolean(), labels: fc.boolean() });

function setup() {
  const w = new World();
  const Position = w.component('Position', { x: 'f32' });
  const Velocity = w.component('Velocity', { x: 'f32' });
  const Planet = w.tag('Planet'), Tasty = w.tag('Tasty'), Eats = w.tag('Eats'), Orbits = w.tag('Orbits');
  const ship = w.prefab('Ship');
  w.set(ship, Velocity, { x: 3 });
  const ents: Entity[] = [];
  for (let i = 0; i < 14; i++) ents.push(w.entity(`E${i}`));
  for (let i = 5; i < 14; i++) w.add(ents[i]!, w.pair(w.core.ChildOf, ents[i % 5]!));
  w.add(ents[0]!, Planet);
  w.set(ents[1]!, Position, { x: 1 });
  w.set(ents[2]!, Position, { x: 2 });
  return { w, Position, Velocity, Planet, Tasty, Eats, Orbits, ship, ents };
}

describe('query cache', () => {
  test('a text asked again is compiled once and served from the cache while nothing it names changed', () => {
    const { w, Position, ents } = setup();
    const cache = new QueryCache(w);
    const first = cache.get('Position, Velocity');
    expect(cache.get('Position, Velocity')).toBe(first);
    w.set(ents[3]!, Position, { x: 7 });                 // a new match, no change to what the plan names
    expect(cache.get('Position, Velocity')).toBe(first);
    expect(collect(first)).toEqual(compileQuery(w, 'Position, Velocity').entities());
    w.setName(ents[4]!, 'Renamed');                      // a name changed: paths are resolved again
    expect(cache.get('Position, Velocity')).not.toBe(first);
  });

  test('kept results follow the entities that the variables of a rule name, though no table appears or goes', () => {
    const { w, Planet, ents } = setup();
    const cache = new QueryCache(w);
    const rule = cache.get('(ChildOf, $p), Planet($p)');
    const children = (e: Entity) => [...w.childrenOf(e)].sort((x, y) => x - y);
    expect(collect(rule).sort((x, y) => x - y)).toEqual(children(ents[0]!));
    const tables = w.counters.tablesCreated;
    w.remove(ents[0]!, Planet);                          // E0 moves to the table E1..E4 are in
    w.add(ents[3]!, Planet);                             // E3 moves to the table E0 was in
    expect(w.counters.tablesCreated).toBe(tables);
    expect(collect(cache.get('(ChildOf, $p), Planet($p)'))).toEqual(children(ents[3]!));
  });

  test('is bounded: the least recently used text goes first', () => {
    const { w } = setup();
    const cache = new QueryCache(w, { maxEntries: 2, maxTextChars: 100 });
    const a = cache.get('Position');
    cache.get('Velocity');
    expect(cache.get('Position')).toBe(a);              // Position is now the most recent
    cache.get('Planet');                                // evicts Velocity
    expect(cache.size).toBe(2);
    expect(cache.get('Position')).toBe(a);
  });

  test('keeps no failed compilation: a name that appears later resolves', () => {
    const { w } = setup();
    const cache = new QueryCache(w);
    expect(() => cache.get('Comet')).toThrow(/unresolved identifier 'Comet'/);
    const comet = w.tag('Comet');
    w.add(w.entity(), comet);
    expect(cache.get('Comet').query.count()).toBe(1);
  });

  // The cap only stops a hung run: on a loaded two-core machine this property takes 10–20 s.
  test('replies equal those of compiling afresh, after any sequence of changes', { timeout: 90_000 }, () => {
    fc.assert(fc.property(fc.array(fc.tuple(op, fc.array(ask, { minLength: 1, maxLength: 4 })), { maxLength: 25 }), (steps) => {
      const s = setup();
      const { w, ents } = s;
      const cached = createRouter(w, { replyCache: false });
      const fresh = createRouter(w, { replyCache: false, queryCache: false });
      const alive = (i: number) => { const e = ents[i]!; return w.isAlive(e) ? e : 0; };
      for (const [o, asks] of steps) {
        apply(s, o, alive(o.a), alive(o.b));
        for (const a of asks) {
          const url = `/query?q=${encodeURIComponent(QUERIES[a.q]!)}&offset=${a.offset}&limit=${a.limit}${a.values ? '&values=true' : ''}${a.labels ? '&entity_labels=true&variable_labels=true&ids=true&sources=true' : ''}`;
          const expected = fresh.route('GET', url);
          expect(cached.route('GET', url), `${url} after ${o.kind} ${o.a} ${o.b}`).toEqual(expected);
        }
      }
    }), { seed: FUZZ_SEED, numRuns: Number(process.env.FUZZ_RUNS ?? 120) });
  });
});

function collect(c: CompiledQuery): Entity[] {
  const out: Entity[] = [];
  c.each((r) => { out.push(...r.table!.entities.slice(0, r.count)); }, undefined, QueryBudget.unbounded());
  return out;
}

function apply(s: ReturnType<typeof setup>, o: Op, a: Entity, b: Entity): void {
  const { w, Position, Velocity, Planet, Tasty, Eats, Orbits, ship, ents } = s;
  try {
    if (o.kind === 'spawn') { ents[o.a] = w.entity(o.b % 2 ? `E${o.a}` : undefined); return; }
    if (a === 0) return;
    switch (o.kind) {
      case 'planet': w.add(a, Planet); break;
      case 'unplanet': w.remove(a, Planet); break;
      case 'tasty': w.add(a, Tasty); break;
      case 'position': w.set(a, Position, { x: o.b }); break;
      case 'unposition': w.remove(a, Position); break;
      case 'velocity': w.set(a, Velocity, { x: o.b }); break;
      case 'eat': if (b !== 0) w.add(a, w.pair(Eats, b)); break;
      case 'reparent': if (b !== 0 && a !== b) w.add(a, w.pair(w.core.ChildOf, b)); break;
      case 'orbit': if (b !== 0 && a !== b) w.add(a, w.pair(Orbits, b)); break;
      case 'rename': w.setName(a, `E${o.b}`); break;
      case 'unname': w.setName(a, undefined); break;
      case 'delete': w.delete(a); break;
      case 'disable': w.disable(a); break;
      case 'enable': w.enable(a); break;
      case 'instance': w.add(a, w.pair(w.core.IsA, ship)); break;
      case 'traversable': w.add(Orbits, w.core.Traversable); break;
      case 'untraversable': w.remove(Orbits, w.core.Traversable); break;
    }
  } catch {
    // A refused change (a name clash, a cycle) leaves the world as it was; the replies must still agree.
  }
}
