// The same cases on bitECS 0.4 (the peer), written in its fastest documented form:
// - every query is registered once with `registerQuery` at setup, and each tick reads that
//   query's dense entity array (`q.dense`, a sparse set kept up to date by bitECS as components
//   come and go), so no tick hashes the terms or allocates; `query()` instead hashes its terms
//   into a string on every call before it finds the same registered query;
// - removals are committed once per tick with `commitRemovals(world)`, which is what `query()`
//   does before answering (bitECS defers removals from queries until then), so iterating a
//   dense array while removing from it is safe without copying it;
// - component arrays are module-level typed arrays indexed by entity id (bitECS's SoA style),
//   hoisted into locals before each loop so V8 sees one array per loop.
// The plain (non-buffered) dense array is used: its identity never changes, while the buffered
// Uint32Array is replaced when it grows.
import { addComponent, addEntity, commitRemovals, createWorld, registerQuery, removeComponent, removeEntity, type World } from 'bitecs';

type Setup = () => () => void;
const N = 1000;
const CAP = 200_000;
const comp = () => ({ value: new Float64Array(CAP) });
type Comp = ReturnType<typeof comp>;

/** The dense entity array of a query registered once (updated in place by bitECS). */
function denseOf(world: World, terms: object[]): readonly number[] {
  return registerQuery(world, terms).dense as number[];
}

export const cases: Record<string, Setup> = {
  packed_5() {
    const world = createWorld();
    const cs = [comp(), comp(), comp(), comp(), comp()];
    for (let i = 0; i < N; i++) { const e = addEntity(world); for (const c of cs) { addComponent(world, e, c); c.value[e] = 1; } }
    const systems = cs.map((c) => {
      const es = denseOf(world, [c]), v = c.value;
      return () => { for (let i = 0; i < es.length; i++) v[es[i]!]! *= 2; };
    });
    const [s0, s1, s2, s3, s4] = systems as [() => void, () => void, () => void, () => void, () => void];
    return () => { commitRemovals(world); s0(); s1(); s2(); s3(); s4(); };
  },
  simple_iter() {
    const world = createWorld();
    const [A, B, C, D, E] = [comp(), comp(), comp(), comp(), comp()];
    const spawn = (cs: Comp[]) => { for (let i = 0; i < N; i++) { const e = addEntity(world); for (const c of cs) { addComponent(world, e, c); c.value[e] = 1; } } };
    spawn([A, B]); spawn([A, B, C]); spawn([A, B, C, D]); spawn([A, B, C, E]);
    const swapper = (x: Comp, y: Comp) => {
      const es = denseOf(world, [x, y]), xv = x.value, yv = y.value;
      return () => { for (let i = 0; i < es.length; i++) { const e = es[i]!; const t = xv[e]!; xv[e] = yv[e]!; yv[e] = t; } };
    };
    const ab = swapper(A, B), cd = swapper(C, D), ce = swapper(C, E);
    return () => { commitRemovals(world); ab(); cd(); ce(); };
  },
  frag_iter() {
    const world = createWorld();
    const Data = comp();
    for (let l = 0; l < 26; l++) {
      const L = comp();
      for (let i = 0; i < 100; i++) { const e = addEntity(world); addComponent(world, e, L); addComponent(world, e, Data); L.value[e] = 1; Data.value[e] = 1; }
    }
    const es = denseOf(world, [Data]), v = Data.value;
    return () => { commitRemovals(world); for (let i = 0; i < es.length; i++) v[es[i]!]! *= 2; };
  },
  entity_cycle() {
    const world = createWorld();
    const A = comp(), B = comp();
    for (let i = 0; i < N; i++) { const a = addEntity(world); addComponent(world, a, A); const b = addEntity(world); addComponent(world, b, B); }
    const as = denseOf(world, [A]), bs = denseOf(world, [B]);
    return () => {
      commitRemovals(world);
      for (let i = 0, n = as.length; i < n; i++) { const e = addEntity(world); addComponent(world, e, B); }
      // Removals stay pending until the next commit, so `bs` does not shrink under this loop.
      for (let i = 0; i < bs.length; i++) removeEntity(world, bs[i]!);
    };
  },
  add_remove() {
    const world = createWorld();
    const A = comp(), B = comp();
    for (let i = 0; i < N; i++) { const e = addEntity(world); addComponent(world, e, A); }
    const as = denseOf(world, [A]), bs = denseOf(world, [B]);
    return () => {
      commitRemovals(world);
      for (let i = 0; i < as.length; i++) addComponent(world, as[i]!, B);
      for (let i = 0; i < bs.length; i++) removeComponent(world, bs[i]!, B);
    };
  },
};

/** 100k entities with f32 Position and Velocity, one system integrating; returns a tick. */
export function move(n: number): () => void {
  const world = createWorld();
  const P = { x: new Float32Array(n + 1), y: new Float32Array(n + 1) };
  const V = { x: new Float32Array(n + 1), y: new Float32Array(n + 1) };
  for (let i = 0; i < n; i++) { const e = addEntity(world); addComponent(world, e, P); addComponent(world, e, V); P.x[e] = i; P.y[e] = i; V.x[e] = 1; V.y[e] = 0.5; }
  const es = denseOf(world, [P, V]);
  const px = P.x, py = P.y, vx = V.x, vy = V.y;
  const dt = 1 / 60;
  return () => {
    commitRemovals(world);
    for (let i = 0; i < es.length; i++) { const e = es[i]!; px[e] += vx[e]! * dt; py[e] += vy[e]! * dt; }
  };
}

/** Creates n Position+Velocity entities and returns something that keeps them alive. */
export function populate(n: number): unknown {
  const world = createWorld();
  const P = { x: new Float32Array(n + 1), y: new Float32Array(n + 1) };
  const V = { x: new Float32Array(n + 1), y: new Float32Array(n + 1) };
  for (let i = 0; i < n; i++) { const e = addEntity(world); addComponent(world, e, P); addComponent(world, e, V); P.x[e] = i; V.x[e] = 1; }
  return { world, P, V };
}
