// A small seeded pseudo-random generator (mulberry32). The demo scene must come out the same for
// the same seed on every run and every host, so Math.random is never used.

/** A deterministic stream of pseudo-random numbers. */
export interface Rng {
  /** Next number in [0, 1). */
  next(): number;
  /** Next number in [min, max). */
  range(min: number, max: number): number;
  /** Next integer in [0, n). */
  int(n: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

/** Creates a generator from a 32-bit seed (other numbers are folded into 32 bits). */
export function createRng(seed: number): Rng {
  // Mixing the seed once keeps small neighbouring seeds (1, 2, 3…) from giving similar streams.
  let state = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (n) => Math.floor(next() * n),
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}
