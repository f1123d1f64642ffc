// The reads that once froze or crashed the host (issue "bounded evaluation"), as URLs, for the
// hostile-read test and the bench case: each must be refused with a 4xx, quickly, on a world with
// about a thousand entities that have a Position.

const q = (text: string) => encodeURIComponent(text);

/** Name → URL of each hostile read. */
export const HOSTILE_READS: Readonly<Record<string, string>> = {
  /** 200 variables over Position: held the event loop for good before the limits. */
  freeze: `/query?q=${q(Array.from({ length: 200 }, (_, i) => `Position($v${i})`).join(', '))}&count=true`,
  /** Every pair of entities with a Position: millions of rows. */
  crossProduct: `/query?q=${q('Position($a), Position($b)')}&count=true`,
  /** 1,500 repeated terms (15 KB): a stack overflow (500) before the limits. */
  repeatedTerms: `/query?q=${q(Array(1500).fill('Position').join(', '))}`,
  /** 200 levels of nested scopes. */
  deepNesting: `/query?q=${q(`Position, ${'!{'.repeat(200)}Velocity${'}'.repeat(200)}`)}`,
  /** 4,000 variable values (55 KB of vars=, under the 64 KiB a request target may have). */
  hugeVars: `/query?q=${q('Position($a)')}&vars=${q(Array.from({ length: 4000 }, (_, i) => `a${i}:Sun`).join(','))}`,
};
