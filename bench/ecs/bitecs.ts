// The same cases on bitECS 0.4 (the peer), in its idiomatic style: typed arrays indexed by id.
import { addComponent, addEntity, createWorld, query, removeComponent, removeEntity } from 'bitecs';

type Setup = () => () => void;
const N = 1000;
const CAP = 200_000;
const comp = () => ({ value: new Float64Array(CAP) });

export const cases: Record<string, Setup> = {
  packed_5() {
    const world = createWorld();
    const cs = [comp(), comp(), comp(), comp(), comp()];
    for (let i = 0; i < N; i++) { const e = addEntity(world); for (const c of cs) { addComponent(world, e, c); c.value[e] = 1; } }
    return () => {
      for (const c of cs) { const es = query(world, [c]); for (let i = 0; i < es.length; i++) c.value[es[i]!]! *= 2; }
    };
  },
  simple_iter() {
    const world = createWorld();
    const [A, B, C, D, E] = [comp(), comp(), comp(), comp(), comp()];
    const spawn = (cs: { value: Float64Array }[]) => { for (let i = 0; i < N; i++) { const e = addEntity(world); for (const c of cs) { addComponent(world, e, c); c.value[e] = 1; } } };
    spawn([A, B]); spawn([A, B, C]); spawn([A, B, C, D]); spawn([A, B, C, E]);
    const swap = (x: { value: Float64Array }, y: { value: Float64Array }) => {
      const es = query(world, [x, y]);
      for (let i = 0; i < es.length; i++) { const e = es[i]!; const t = x.value[e]!; x.value[e] = y.value[e]!; y.value[e] = t; }
    };
    return () => { swap(A, B); swap(C, D); swap(C, E); };
  },
  frag_iter() {
    const world = createWorld();
    const Data = comp();
    for (let l = 0; l < 26; l++) {
      const L = comp();
      for (let i = 0; i < 100; i++) { const e = addEntity(world); addComponent(world, e, L); addComponent(world, e, Data); L.value[e] = 1; Data.value[e] = 1; }
    }
    return () => { const es = query(world, [Data]); for (let i = 0; i < es.length; i++) Data.value[es[i]!]! *= 2; };
  },
  entity_cycle() {
    const world = createWorld();
    const A = comp(), B = comp();
    for (let i = 0; i < N; i++) { const a = addEntity(world); addComponent(world, a, A); const b = addEntity(world); addComponent(world, b, B); }
    return () => {
      const as = query(world, [A]);
      for (let i = 0; i < as.length; i++) { const e = addEntity(world); addComponent(world, e, B); }
      const bs = Array.from(query(world, [B]));
      for (let i = 0; i < bs.length; i++) removeEntity(world, bs[i]!);
    };
  },
  add_remove() {
    const world = createWorld();
    const A = comp(), B = comp();
    for (let i = 0; i < N; i++) { const e = addEntity(world); addComponent(world, e, A); }
    return () => {
      const as = Array.from(query(world, [A]));
      for (let i = 0; i < as.length; i++) addComponent(world, as[i]!, B);
      const bs = Array.from(query(world, [B]));
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
  const dt = 1 / 60;
  return () => {
    const es = query(world, [P, V]);
    for (let i = 0; i < es.length; i++) { const e = es[i]!; P.x[e] += V.x[e]! * dt; P.y[e] += V.y[e]! * dt; }
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
