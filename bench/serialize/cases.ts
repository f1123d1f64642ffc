// The serializer benchmark's cases: the query reply of `Position, Velocity` with values=true over
// N entities (ours: written from the columns), against JSON.stringify of the same reply built in
// advance as plain objects (the peer does no building, only the text).
import { World } from '../../src/shared/ecs';
import { formatF32, queryReplyOptions, serializeQuery } from '../../src/shared/json';
import { compileQuery } from '../../src/shared/query';

/** One case: a function per side that returns the reply text. */
export interface SerializeCase {
  entities: number;
  ours: () => string;
  peer: () => string;
}

function world(n: number) {
  const w = new World();
  const P = w.component('Position', { x: 'f32', y: 'f32' });
  const V = w.component('Velocity', { x: 'f32', y: 'f32' });
  for (let i = 0; i < n; i++) {
    const e = w.entity();
    // Values with fractions, as a simulation has them (so numbers need real formatting).
    w.set(e, P, { x: i * 0.37 - 1000, y: (i % 977) * 1.13 });
    w.set(e, V, { x: Math.sin(i) * 3, y: Math.cos(i) * 3 });
  }
  return { w, P, V };
}

/** The reply as plain objects, numbers as the reply prints them. */
function plainReply(w: World, P: number, V: number): unknown {
  const results: unknown[] = [];
  compileQuery(w, 'Position, Velocity').each((r) => {
    const entities: number[] = [], ps: unknown[] = [], vs: unknown[] = [];
    for (const e of r.table!.entities) {
      entities.push(e);
      const p = w.get<{ x: number; y: number }>(e, P)!, v = w.get<{ x: number; y: number }>(e, V)!;
      ps.push({ x: Number(formatF32(p.x)), y: Number(formatF32(p.y)) });
      vs.push({ x: Number(formatF32(v.x)), y: Number(formatF32(v.y)) });
    }
    results.push({ entities, values: [ps, vs] });
  });
  return { results };
}

/** Flattens a (possibly concatenated) string, as writing it to a socket does. */
function flat(s: string): string {
  void s.charCodeAt(s.length >> 1);
  return s;
}

/** Query reply over n entities; `moving` changes every value before each of our replies. */
export function iteratorCase(n: number, moving = false): SerializeCase {
  const { w, P, V } = world(n);
  const q = compileQuery(w, 'Position, Velocity');
  const opts = queryReplyOptions({ values: true, limit: n });
  const reply = plainReply(w, P, V);
  let frame = 0;
  const move = () => {
    frame++;
    q.each((r) => {
      const px = r.table!.column(P)!.arrays[0] as Float32Array;
      for (let i = 0; i < r.count; i++) px[i]! += 0.016 * frame;
    });
  };
  return {
    entities: n,
    ours: () => { if (moving) move(); return flat(serializeQuery(w, q, opts)); },
    peer: () => JSON.stringify(reply),
  };
}

/** The cases by name. */
export const cases: Record<string, () => SerializeCase> = {
  iterator_10k: () => iteratorCase(10_000),
  iterator_100k: () => iteratorCase(100_000),
  iterator_10k_all_changed: () => iteratorCase(10_000, true),
};
