// Systems run on cached tables through per-table kernels (pipeline/table-kernel.ts): generated
// functions bound to the table's arrays. What a user relies on: a system writes and reads the
// arrays the table has now (after it grew, after entities moved in), fields from other entities
// still resolve, and a runtime that refuses generated code runs the same systems the plain way.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { addSystem, pipelineOf, type CachedResult } from '../../../../src/shared/pipeline';
import { ANY_ROWS, KERNEL_SHAPE, kernelShape, makeKernel, type KernelShape, type KernelTarget, type TableKernel } from '../../../../src/shared/pipeline/table-kernel';
import { World, type Entity } from '../../../../src/shared/ecs';
import { KERNEL_MIN_ROWS } from '../../../../src/shared/pipeline/system-iter';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');

/** A world with Position and Velocity and a Move system (x += vx * dt); returns a spawn function. */
function moving() {
  const w = new World();
  const P = w.component('Position', { x: 'f32', y: 'f32' });
  const V = w.component('Velocity', { x: 'f32', y: 'f32' });
  addSystem(w, 'Move', {
    query: 'Position, Velocity',
    run(it) {
      const p = it.field(0)!, v = it.field(1)!, dt = it.deltaTime;
      const px = p.x as Float32Array, py = p.y as Float32Array, vx = v.x as Float32Array, vy = v.y as Float32Array;
      for (let j = 0; j < it.count; j++) { px[j] += vx[j]! * dt; py[j] += vy[j]! * dt; }
    },
  });
  const spawn = (n: number, x: number): Entity[] => {
    const out: Entity[] = [];
    for (let i = 0; i < n; i++) { const e = w.entity(); w.set(e, P, { x, y: -x }); w.set(e, V, { x: 1, y: 2 }); out.push(e); }
    return out;
  };
  return { w, P, spawn };
}

describe('table kernels', () => {
  test('a system writes the arrays its table has after growing between frames', () => {
    const { w, P, spawn } = moving();
    // Enough entities for a kernel; then as many again, so the table's arrays are replaced.
    const first = spawn(KERNEL_MIN_ROWS, 10);
    const pipeline = pipelineOf(w);
    pipeline.progress(1);
    const later = spawn(KERNEL_MIN_ROWS + 3, 50);
    pipeline.progress(1);
    pipeline.progress(1);
    for (const e of first) expect(w.get(e, P)).toEqual({ x: 13, y: -4 });
    for (const e of later) expect(w.get(e, P)).toEqual({ x: 52, y: -46 });
  });

  test('a table of KERNEL_MIN_ROWS entities gets one kernel, kept while its arrays stay and made anew when they grow; smaller tables get none', () => {
    const { w, spawn } = moving();
    const pipeline = pipelineOf(w);
    const move = pipeline.list()[0]!;
    /** The kernel of each result of Move's query, in table order. */
    const kernels = (): (TableKernel | null)[] => { const out: (TableKernel | null)[] = []; move.query!.each((r) => { out.push((r as CachedResult).kernel); }); return out; };
    spawn(KERNEL_MIN_ROWS - 1, 0);
    pipeline.progress(1);
    expect(kernels()).toEqual([null]);
    spawn(1, 0);
    pipeline.progress(1);
    const [first] = kernels();
    expect(first).not.toBeNull();
    // The system's statistics count the kernel's table once, with all its entities.
    expect(move.stats.matchedTables).toBe(1);
    expect(move.stats.matchedEntities).toBe(KERNEL_MIN_ROWS);
    pipeline.progress(1);
    expect(kernels()[0]).toBe(first);
    spawn(KERNEL_MIN_ROWS, 0);
    pipeline.progress(1);
    expect(kernels()[0]).not.toBe(first);
    expect(kernels()[0]).not.toBeNull();
    expect(move.stats.matchedEntities).toBe(2 * KERNEL_MIN_ROWS);
  });

  test('a result with a field inherited from a prefab runs without a kernel', () => {
    const w = new World();
    const A = w.component('A', { v: 'f64' }), B = w.component('B', { v: 'f64' });
    const base = w.prefab('Base');
    w.set(base, A, { v: 7 });
    for (let i = 0; i < KERNEL_MIN_ROWS; i++) { const e = w.entity(); w.add(e, w.pair(w.core.IsA, base)); w.set(e, B, { v: i }); }
    let sum = 0;
    addSystem(w, 'Read', { query: 'A, B', run(it) { const a = it.field(0)!.v as Float64Array, b = it.field(1)!.v as Float64Array; for (let j = 0; j < it.count; j++) sum += a[it.sharedRow(0)]! + b[j]!; } });
    const p = pipelineOf(w);
    p.progress(0);
    const kernels: (TableKernel | null)[] = [];
    p.list()[0]!.query!.each((r) => { kernels.push((r as CachedResult).kernel); });
    expect(kernels).toEqual([null]);
    expect(sum).toBe(7 * KERNEL_MIN_ROWS + (KERNEL_MIN_ROWS * (KERNEL_MIN_ROWS - 1)) / 2);
  });

  test('a table whose match depends on other entities (a prefab instance\'s) runs without a kernel, its own fields written', () => {
    const w = new World();
    const B = w.component('B', { v: 'f64' });
    const base = w.prefab('Base');
    const ents: Entity[] = [];
    for (let i = 0; i < KERNEL_MIN_ROWS; i++) { const e = w.entity(); w.add(e, w.pair(w.core.IsA, base)); w.set(e, B, { v: i }); ents.push(e); }
    addSystem(w, 'Inc', { query: 'B', run(it) { const b = it.field(0)!.v as Float64Array; for (let j = 0; j < it.count; j++) b[j]! += 1; } });
    const p = pipelineOf(w);
    p.progress(0);
    p.progress(0);
    const kernels: (TableKernel | null)[] = [];
    p.list()[0]!.query!.each((r) => { kernels.push((r as CachedResult).kernel); });
    expect(kernels).toEqual([null]);
    expect(ents.map((e) => w.get(e, B)!.v)).toEqual(ents.map((_, i) => i + 2));
  });

  test('a field inherited from a prefab resolves to the prefab\'s value', () => {
    const w = new World();
    const A = w.component('A', { v: 'f64' }), B = w.component('B', { v: 'f64' });
    const base = w.prefab('Base');
    w.set(base, A, { v: 7 });
    const ents: Entity[] = [];
    for (let i = 0; i < KERNEL_MIN_ROWS; i++) { const e = w.entity(); w.add(e, w.pair(w.core.IsA, base)); w.set(e, B, { v: i }); ents.push(e); }
    const seen: string[] = [];
    addSystem(w, 'Read', {
      query: 'A, B',
      run(it) {
        const a = it.field(0)!.v!, b = it.field(1)!.v!;
        for (let j = 0; j < it.count; j++) seen.push(`${a[it.isSelf(0) ? j : it.sharedRow(0)]} ${b[j]}`);
      },
    });
    pipelineOf(w).progress(0);
    expect(pipelineOf(w).faults.count).toBe(0);
    expect(seen.sort()).toEqual(ents.map((_, i) => `7 ${i}`).sort());
  });

  test('every kernel hands its system the arrays of a component in objects of one hidden class, in every world', () => {
    // The history's replica is a second world running the same system functions, and V8 gives
    // those closures one feedback vector and one optimized code. A kernel's frozen views with a
    // hidden class of their own (an object spread's copy gets a new one per copy once its inline
    // cache has warmed) made a system's optimized code see a map it had not seen when the
    // replica's kernel called it: V8 dropped that code for both worlds, and the live world ran
    // the system's loop in on-stack-replaced code, 1.5-3 times slower, until its kernels were
    // optimized about 1,300 frames later. V8 compares hidden classes only with natives syntax,
    // hence the child process.
    const script = `
      import { World } from './src/shared/ecs';
      import { addSystem, pipelineOf } from './src/shared/pipeline';
      import { KERNEL_MIN_ROWS } from './src/shared/pipeline/system-iter';
      const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
      const seen = { P: [], V: [] };
      // Two worlds built by one function, four systems each: sixteen kernel views.
      function build() {
        const w = new World();
        const P = w.component('P', { x: 'f32', y: 'f32' }), V = w.component('V', { x: 'f32', y: 'f32', z: 'f32' });
        for (let i = 0; i < KERNEL_MIN_ROWS; i++) { const e = w.entity(); w.set(e, P, { x: i, y: 0 }); w.set(e, V, { x: 1, y: 1, z: 1 }); }
        for (const name of ['A', 'B', 'C', 'D']) {
          addSystem(w, name, { query: 'P, V', run(it) {
            const p = it.field(0), v = it.field(1);
            if (it.count >= KERNEL_MIN_ROWS) { seen.P.push(p); seen.V.push(v); }
            for (let j = 0; j < it.count; j++) p.x[j] += v.x[j];
          } });
        }
        return w;
      }
      const worlds = [build(), build()];
      for (let f = 0; f < 3; f++) for (const w of worlds) pipelineOf(w).progress(0);
      const report = (views) => ({ count: views.length, frozen: views.every((v) => Object.isFrozen(v)), maps: new Set(views.map((v) => views.findIndex((u) => sameMap(u, v)))).size });
      console.log(JSON.stringify({ P: report(seen.P), V: report(seen.V) }));`;
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    // Each world's four systems, three frames each: 24 views of P and of V, all frozen, one hidden class each.
    expect(JSON.parse(r.stdout)).toEqual({ P: { count: 24, frozen: true, maps: 1 }, V: { count: 24, frozen: true, maps: 1 } });
  });

  test('with generated code refused (--disallow-code-generation-from-strings) systems still run', () => {
    const n = KERNEL_MIN_ROWS;
    const script = `
      import { World } from './src/shared/ecs';
      import { addSystem, pipelineOf } from './src/shared/pipeline';
      let refused = false;
      try { new Function('return 1'); } catch { refused = true; }
      const w = new World();
      const P = w.component('P', { x: 'f64' });
      const es = [];
      for (let i = 0; i < ${n}; i++) { const e = w.entity(); w.set(e, P, { x: i }); es.push(e); }
      addSystem(w, 'Inc', { query: 'P', run(it) { const x = it.field(0).x; for (let j = 0; j < it.count; j++) x[j] += 1; } });
      pipelineOf(w).progress(0);
      pipelineOf(w).progress(0);
      console.log(JSON.stringify({ refused, xs: es.map((e) => w.get(e, P).x) }));`;
    const r = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { refused: boolean; xs: number[] };
    expect(out.refused).toBe(true);
    expect(out.xs).toEqual(Array.from({ length: n }, (_, i) => i + 2));
  });
});

describe('kernels made for one row count', () => {
  /** A world with one table of P entities (x: f64, tag: string) and a system adding 1 to x, recording the counts it was given. */
  function counting() {
    const w = new World();
    const P = w.component('P', { x: 'f64', tag: 'string' });
    const counts: number[] = [];
    addSystem(w, 'Inc', { query: 'P', run(it) { counts.push(it.count); const x = it.field(0)!.x as Float64Array; for (let j = 0; j < it.count; j++) x[j]! += 1; } });
    const spawn = (n: number): Entity[] => Array.from({ length: n }, () => { const e = w.entity(); w.set(e, P, { x: 0, tag: 't' }); return e; });
    const pipeline = pipelineOf(w);
    const inc = pipeline.list()[0]!;
    const kernel = (): TableKernel | null => { let k: TableKernel | null = null; inc.query!.each((r) => { k = (r as CachedResult).kernel; }); return k; };
    return { w, P, spawn, pipeline, counts, kernel };
  }

  test('a table whose count moves between frames, its arrays kept, has every row written and the system told each count', () => {
    const { w, P, spawn, pipeline, counts, kernel } = counting();
    // 33 rows in arrays of 64: rows come and go below that without the arrays being replaced.
    const ents = spawn(KERNEL_MIN_ROWS + 1);
    pipeline.progress(0);
    const exact = kernel();
    expect(exact?.rows).toBe(KERNEL_MIN_ROWS + 1);
    ents.push(...spawn(2));
    pipeline.progress(0);
    w.delete(ents.shift()!);
    pipeline.progress(0);
    expect(counts).toEqual([KERNEL_MIN_ROWS + 1, KERNEL_MIN_ROWS + 3, KERNEL_MIN_ROWS + 2]);
    expect(ents.map((e) => w.get(e, P)!.x)).toEqual(ents.map((_, i) => (i < KERNEL_MIN_ROWS ? 3 : 2)));
    // Once the count has moved, the table's kernel takes any count: one compilation, not one per count.
    const any = kernel();
    expect(any?.rows).toBe(ANY_ROWS);
    ents.push(...spawn(1));
    pipeline.progress(0);
    expect(kernel()).toBe(any);
  });

  test('a kernel for any count writes the last row of a full table (its arrays are the column\'s whole)', () => {
    const { w, P, spawn, pipeline, kernel } = counting();
    const ents = spawn(KERNEL_MIN_ROWS + 1);
    pipeline.progress(0);
    // Up to 64 rows: the arrays hold 64, so they stay, and the kernel for any count serves the full table.
    ents.push(...spawn(2 * KERNEL_MIN_ROWS - ents.length));
    pipeline.progress(0);
    pipeline.progress(0);
    expect(kernel()?.rows).toBe(ANY_ROWS);
    expect(ents.map((e) => w.get(e, P)!.x)).toEqual(ents.map((_, i) => (i <= KERNEL_MIN_ROWS ? 3 : 2)));
  });

  test('a kernel for any count writes the arrays its table has after growing between frames', () => {
    const { w, P, spawn, pipeline, kernel } = counting();
    const ents = spawn(KERNEL_MIN_ROWS + 1);
    pipeline.progress(0);
    ents.push(...spawn(1));
    pipeline.progress(0);
    const any = kernel();
    expect(any?.rows).toBe(ANY_ROWS);
    // Past 64 rows the table's arrays are replaced: the kernel bound to the old ones must go.
    ents.push(...spawn(2 * KERNEL_MIN_ROWS));
    pipeline.progress(0);
    expect(kernel()).not.toBe(any);
    expect(kernel()?.rows).toBe(ANY_ROWS);
    expect(ents.map((e) => w.get(e, P)!.x)).toEqual(ents.map((_, i) => (i <= KERNEL_MIN_ROWS ? 3 : i === KERNEL_MIN_ROWS + 1 ? 2 : 1)));
  });

  test('a kernel made for the count hands its system arrays that end at the count (the loop\'s bound is their length)', () => {
    const w = new World();
    const P = w.component('P', { x: 'f64', tag: 'string' });
    const seen: string[] = [];
    addSystem(w, 'Look', { query: 'P', run(it) { const f = it.field(0)!; seen.push(`${it.count} ${f.x!.length} ${f.tag!.length >= it.count}`); } });
    for (let i = 0; i < KERNEL_MIN_ROWS + 1; i++) w.set(w.entity(), P, { x: i, tag: 't' });
    pipelineOf(w).progress(0);
    pipelineOf(w).progress(0);
    // Typed arrays are cut to the count; a string leaf is the column's own array.
    expect(seen).toEqual([`${KERNEL_MIN_ROWS + 1} ${KERNEL_MIN_ROWS + 1} true`, `${KERNEL_MIN_ROWS + 1} ${KERNEL_MIN_ROWS + 1} true`]);
  });

  test.each(['direct', 'stepped'] as KernelShape[])('a %s kernel made for a count sets that count whatever it is called with', (shape) => {
    const it: KernelTarget = { deltaTime: 0, time: 0, frame: 0, count: -1 };
    const seen: number[] = [];
    const k = makeKernel(it, 0, (t) => { seen.push(t.count); }, shape, 40)!;
    expect(k.rows).toBe(40);
    k.run({ deltaTime: 0, time: 0, frame: 1 }, 40);
    k.run({ deltaTime: 0, time: 0, frame: 2 }, 7);
    expect(seen).toEqual([40, 40]);
  });
});

describe('kernel shape per runtime', () => {
  test.each(['direct', 'stepped'] as KernelShape[])('a %s kernel calls run once per call, with the frame values and count of that call', (shape) => {
    const it: KernelTarget = { deltaTime: -1, time: -1, frame: -1, count: -1 };
    const seen: string[] = [];
    const k = makeKernel(it, 0, (t) => { seen.push(`${t === it} ${t.deltaTime} ${t.time} ${t.frame} ${t.count}`); }, shape)!;
    k.run({ deltaTime: 0.5, time: 2, frame: 3 }, 40);
    k.run({ deltaTime: 0.25, time: 2.25, frame: 4 }, 41);
    expect(seen).toEqual(['true 0.5 2 3 40', 'true 0.25 2.25 4 41']);
  });

  test.each(['direct', 'stepped'] as KernelShape[])('two %s kernels of one system each run on their own target', (shape) => {
    const a: KernelTarget = { deltaTime: 0, time: 0, frame: 0, count: 0 }, b: KernelTarget = { deltaTime: 0, time: 0, frame: 0, count: 0 };
    const seen: KernelTarget[] = [];
    const run = (t: KernelTarget) => { seen.push(t); };
    const ka = makeKernel(a, 0, run, shape)!, kb = makeKernel(b, 0, run, shape)!;
    kb.run({ deltaTime: 1, time: 1, frame: 1 }, 7);
    ka.run({ deltaTime: 1, time: 1, frame: 1 }, 9);
    expect(seen).toEqual([b, a]);
    expect([a.count, b.count]).toEqual([9, 7]);
  });

  test('V8 before 11.7 (no Maglev tier: Node 20 and older) gets direct kernels, later or unknown engines stepped ones', () => {
    for (const v of ['11.3.244.8-node.30', '11.6.189.22', '10.2.154.26-node.36', '10.10.0', '9.4.146.26-node.26']) expect(kernelShape(v), v).toBe('direct');
    for (const v of ['11.7.439.19', '11.8.172.17-node.19', '12.4.254.21-node.33', '13.6.233.17-node.29', '100.0.1']) expect(kernelShape(v), v).toBe('stepped');
    for (const v of [undefined, '', 'eleven', '11', 'node 11.3.244']) expect(kernelShape(v), String(v)).toBe('stepped');
  });

  test('the shape of this runtime follows its Node major version (20 and older: direct)', () => {
    const major = Number(process.versions.node.split('.')[0]);
    expect(KERNEL_SHAPE).toBe(major <= 20 ? 'direct' : 'stepped');
  });
});
