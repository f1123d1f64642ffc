// The iteration cases on our store, written the way a user would: components, systems, pipeline.
import { addSystem, pipelineOf } from '../../src/shared/pipeline';
import { World, type Entity } from '../../src/shared/ecs';

type Setup = () => () => void;
const N = 1000;

function world(letters: string[], type: 'f32' | 'f64' = 'f64') {
  const w = new World();
  const c: Record<string, Entity> = {};
  for (const l of letters) c[l] = w.component(l, { value: type });
  return { w, c, update: () => { pipelineOf(w).progress(0); } };
}

function doubler(w: World, name: string, query: string) {
  addSystem(w, name, {
    query,
    run(it) {
      const v = it.field(0)!.value as Float64Array;
      for (let j = 0, n = it.count; j < n; j++) v[j]! *= 2;
    },
  });
}

function swapper(w: World, name: string, query: string) {
  addSystem(w, name, {
    query,
    run(it) {
      const a = it.field(0)!.value as Float64Array, b = it.field(1)!.value as Float64Array;
      for (let j = 0, n = it.count; j < n; j++) { const t = a[j]!; a[j] = b[j]!; b[j] = t; }
    },
  });
}

export const cases: Record<string, Setup> = {
  packed_5() {
    const { w, c, update } = world(['A', 'B', 'C', 'D', 'E']);
    for (let i = 0; i < N; i++) { const e = w.entity(); for (const l of 'ABCDE') w.set(e, c[l]!, { value: 1 }); }
    for (const l of 'ABCDE') doubler(w, `Double${l}`, l);
    return update;
  },
  simple_iter() {
    const { w, c, update } = world(['A', 'B', 'C', 'D', 'E']);
    const spawn = (ls: string) => { for (let i = 0; i < N; i++) { const e = w.entity(); for (const l of ls) w.set(e, c[l]!, { value: 1 }); } };
    spawn('AB'); spawn('ABC'); spawn('ABCD'); spawn('ABCE');
    swapper(w, 'SwapAB', 'A, B');
    swapper(w, 'SwapCD', 'C, D');
    swapper(w, 'SwapCE', 'C, E');
    return update;
  },
  frag_iter() {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
    const { w, c, update } = world([...letters, 'Data']);
    for (const l of letters) for (let i = 0; i < 100; i++) { const e = w.entity(); w.set(e, c[l]!, { value: 1 }); w.set(e, c.Data!, { value: 1 }); }
    doubler(w, 'DoubleData', 'Data');
    return update;
  },
  entity_cycle() {
    const { w, c, update } = world(['A', 'B']);
    for (let i = 0; i < N; i++) { w.set(w.entity(), c.A!, { value: i }); w.set(w.entity(), c.B!, { value: i }); }
    const B = c.B!;
    addSystem(w, 'Spawn', { query: 'A', run(it) { for (let j = 0; j < it.count; j++) w.add(w.entity(), B); } });
    addSystem(w, 'Despawn', { query: 'B', run(it) { const es = it.entities; for (let j = 0; j < it.count; j++) w.delete(es[j]!); } });
    return update;
  },
  add_remove() {
    const { w, c, update } = world(['A', 'B']);
    for (let i = 0; i < N; i++) w.set(w.entity(), c.A!, { value: i });
    const B = c.B!;
    addSystem(w, 'AddB', { query: 'A', run(it) { const es = it.entities; for (let j = 0; j < it.count; j++) w.add(es[j]!, B); } });
    addSystem(w, 'RemoveB', { query: 'B', run(it) { const es = it.entities; for (let j = 0; j < it.count; j++) w.remove(es[j]!, B); } });
    return update;
  },
};

/** 100k entities with f32 Position and Velocity, one system integrating; returns a tick. */
export function move(n: number): () => void {
  const w = new World();
  const P = w.component('Position', { x: 'f32', y: 'f32' });
  const V = w.component('Velocity', { x: 'f32', y: 'f32' });
  for (let i = 0; i < n; i++) { const e = w.entity(); w.set(e, P, { x: i, y: i }); w.set(e, V, { x: 1, y: 0.5 }); }
  addSystem(w, 'Move', {
    query: 'Position, Velocity',
    run(it) {
      const p = it.field(0)!, v = it.field(1)!, dt = it.deltaTime;
      const px = p.x as Float32Array, py = p.y as Float32Array, vx = v.x as Float32Array, vy = v.y as Float32Array;
      for (let j = 0, n2 = it.count; j < n2; j++) { px[j] += vx[j]! * dt; py[j] += vy[j]! * dt; }
    },
  });
  const pipeline = pipelineOf(w);
  return () => { pipeline.progress(1 / 60); };
}

/** Creates n Position+Velocity entities and returns something that keeps them alive. */
export function populate(n: number): unknown {
  const w = new World();
  const P = w.component('Position', { x: 'f32', y: 'f32' });
  const V = w.component('Velocity', { x: 'f32', y: 'f32' });
  for (let i = 0; i < n; i++) { const e = w.entity(); w.set(e, P, { x: i, y: i }); w.set(e, V, { x: 1, y: 0.5 }); }
  return w;
}
