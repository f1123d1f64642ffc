// Query engine cases: each returns { ours, peer } closures doing the same work; the runner times
// them. "peer" is a hand-written loop over the same tables (the practical limit of an engine).
import { CachedQuery } from '../../src/shared/pipeline';
import { World, makePair, type Entity, type Table } from '../../src/shared/ecs';
import { QueryBudget, QueryCache, compileQuery, parseQuery, type Query } from '../../src/shared/query';

export interface Case { ours: () => number; peer: () => number; entities: number }

function sumResults(q: { each(fn: (r: { table: Table | null; rows: readonly number[] | null; count: number }) => void): void }, pos: Entity): number {
  let s = 0;
  q.each((r) => {
    const x = r.table!.column(pos)!.views.x as Float32Array;
    const rows = r.rows;
    let local = 0;   // a local accumulator: writing a captured variable per entity would dominate
    if (rows) for (let j = 0; j < rows.length; j++) local += x[rows[j]!]!;
    else for (let j = 0, n = r.count; j < n; j++) local += x[j]!;
    s += local;
  });
  return s;
}

function positionsWorld(n: number, tables: number) {
  const w = new World();
  const P = w.component('Position', { x: 'f32', y: 'f32' });
  const V = w.component('Velocity', { x: 'f32', y: 'f32' });
  const tags = Array.from({ length: tables }, (_, i) => w.tag(`T${i}`));
  for (let i = 0; i < n; i++) {
    const e = w.entity();
    w.set(e, P, { x: i, y: 0 });
    w.set(e, V, { x: 1, y: 0 });
    w.add(e, tags[i % tables]!);
  }
  return { w, P, V };
}

export const cases: Record<string, () => Case> = {
  position_velocity_100k_cached() {
    const { w, P } = positionsWorld(100_000, 10);
    const cached = new CachedQuery(compileQuery(w, 'Position, Velocity'));
    const tables = [...w.record(P)!.tables];
    return {
      entities: 100_000,
      ours: () => sumResults(cached, P),
      peer: () => { let s = 0; for (const t of tables) { const x = t.column(P)!.views.x as Float32Array; for (let j = 0; j < t.count; j++) s += x[j]!; } return s; },
    };
  },
  position_velocity_100k_uncached() {
    const { w, P, V } = positionsWorld(100_000, 10);
    const q = compileQuery(w, 'Position, Velocity');
    return {
      entities: 100_000,
      ours: () => sumResults(q, P),
      peer: () => { let s = 0; for (const t of w.record(P)!.tables) { if (!t.has(V)) continue; const x = t.column(P)!.views.x as Float32Array; for (let j = 0; j < t.count; j++) s += x[j]!; } return s; },
    };
  },
  eats_var_10k: () => eatsVar('fresh'),
  eats_var_10k_cached: () => eatsVar('cached'),
  eats_var_10k_by_text: () => eatsVar('text'),
  childof_planet_10k: () => childofPlanet('fresh'),
  childof_planet_10k_cached: () => childofPlanet('cached'),
  childof_planet_10k_by_text: () => childofPlanet('text'),
  up_childof_10k: () => upChildof('fresh'),
  up_childof_10k_cached: () => upChildof('cached'),
  up_childof_10k_by_text: () => upChildof('text'),
};

/**
 * How a case runs its query: `fresh` evaluates the compiled query each time; `cached` iterates a
 * system's CachedQuery of it; `text` looks the text up in a query cache on every call and iterates
 * what it keeps, as GET /query?q= does for a text asked before.
 */
type Mode = 'fresh' | 'cached' | 'text';

function queryIn(w: World, expr: string, mode: Mode): { each: Query['each'] } {
  if (mode === 'text') {
    const texts = new QueryCache(w);
    return { each: (fn) => texts.get(expr).each(fn, undefined, QueryBudget.unbounded()) };
  }
  const q = compileQuery(w, expr);
  return mode === 'cached' ? new CachedQuery(q) : q;
}

/** `(Eats, $food)` over 10k entities eating one or two of 10 foods. */
function eatsVar(mode: Mode): Case {
  const w = new World();
  const P = w.component('Position', { x: 'f32', y: 'f32' });
  const Eats = w.tag('Eats');
  const foods = Array.from({ length: 10 }, (_, i) => w.entity(`Food${i}`));
  for (let i = 0; i < 10_000; i++) { const e = w.entity(); w.set(e, P, { x: i, y: 0 }); w.add(e, w.pair(Eats, foods[i % 10]!)); if (i % 3 === 0) w.add(e, w.pair(Eats, foods[(i + 1) % 10]!)); }
  const q = queryIn(w, '(Eats, $food)', mode);
  const rec = w.record(makePair(Eats, w.core.Wildcard))!;
  return {
    entities: 10_000,
    ours: () => { let n = 0; q.each((r) => { n += r.count + r.vars[1]!; }); return n; },
    peer: () => { let n = 0; for (const t of rec.tables) for (const ti of rec.indices.get(t)!) n += t.count + w.pairSecond(t.type[ti]!); return n; },
  };
}

/** `(ChildOf, $p), Planet($p)` over 10k children of 200 parents, half of them planets. */
function childofPlanet(mode: Mode): Case {
  const w = new World();
  const Planet = w.tag('Planet');
  const parents: Entity[] = [];
  for (let i = 0; i < 200; i++) { const p = w.entity(`P${i}`); if (i % 2 === 0) w.add(p, Planet); parents.push(p); }
  for (let i = 0; i < 10_000; i++) w.entity({ parent: parents[i % 200] });
  const q = queryIn(w, '(ChildOf, $p), Planet($p)', mode);
  const rec = w.record(makePair(w.core.ChildOf, w.core.Wildcard))!;
  return {
    entities: 10_000,
    ours: () => { let n = 0; q.each((r) => { n += r.count; }); return n; },
    peer: () => { let n = 0; for (const t of rec.tables) { const p = w.aliveAt(t.flags.parentIndex); if (p && w.tableOf(p).has(Planet)) n += t.count; } return n; },
  };
}

/** `Position(up(ChildOf))` over 10k children of 100 parents with a Position. */
function upChildof(mode: Mode): Case {
  const w = new World();
  const P = w.component('Position', { x: 'f32', y: 'f32' });
  const parents: Entity[] = [];
  for (let i = 0; i < 100; i++) { const p = w.entity(`P${i}`); w.set(p, P, { x: i, y: 0 }); parents.push(p); }
  for (let i = 0; i < 10_000; i++) w.entity({ parent: parents[i % 100] });
  const q = queryIn(w, 'Position(up(ChildOf))', mode);
  const rec = w.record(makePair(w.core.ChildOf, w.core.Wildcard))!;
  return {
    entities: 10_000,
    ours: () => { let s = 0; q.each((r) => { const src = w.locate(r.sources[0]!); s += r.count * (src.table.column(P)!.views.x as Float32Array)[src.row]!; }); return s; },
    peer: () => { let s = 0; for (const t of rec.tables) { const p = w.aliveAt(t.flags.parentIndex); const loc = w.locate(p); const c = loc.table.column(P); if (c) s += t.count * (c.views.x as Float32Array)[loc.row]!; } return s; },
  };
}

/** Typical expressions for the parse + plan case. */
export const EXPRESSIONS = [
  'Position, Velocity',
  'Position, ?Mass, (Eats, $food)',
  'Planet, (ChildOf, $parent), !Disabled',
  'Position(self|up(IsA)), Velocity || Mass, $this ~= "ar"',
];

/** Parse + plan of the typical expressions on a small world, against JSON.parse of their ASTs. */
export function parsePlan(): Case {
  const w = new World();
  for (const c of ['Position', 'Velocity', 'Mass']) w.component(c, { x: 'f32' });
  for (const t of ['Planet', 'Eats']) w.tag(t);
  const asts = EXPRESSIONS.map((e) => JSON.stringify(parseQuery(e)));
  return {
    entities: EXPRESSIONS.length,
    ours: () => { let n = 0; for (const e of EXPRESSIONS) n += compileQuery(w, e).fields.length; return n; },
    peer: () => { let n = 0; for (const a of asts) n += (JSON.parse(a) as { nodes: unknown[] }).nodes.length; return n; },
  };
}
