// The contract between the planner (plan.ts, which orders the steps) and the evaluator
// (evaluate.ts, which takes shortcuts that are only right in that order). Both import it; a
// change to one side's assumptions is made here, where the other side can see it.
//
// Ranks, lowest first; steps of equal rank keep the order they were written in:
//   0 FIXED_SOURCE  terms on a constant source (`Position(Sun)`): they bind variables cheaply.
//   1 SEED          `$x == <constant>` (an entity, not a string or variable). The evaluator relies
//                   on this rank: `$this == Sun.Earth` starts $this at that one entity (before any
//                   $this term) and `$x == Sun` binds $x, so the right side must be known without
//                   any other step having run. isSeed() says which comparisons qualify.
//   2 THIS          positive terms and `{ … }` scopes on $this: they choose the $this tables.
//   3 OTHER_SOURCE  positive terms on another variable's source: they run once $this is narrowed.
//   4 FILTER        optional terms, every other comparison (`$f == $g`, `$this == $o`, `!=`,
//                   `~=`) and every or-chain with a comparison operand (`$this == Sun.Earth ||
//                   $this == Sun.Mars`, even of constants: the chain is one step). The evaluator
//                   relies on this rank: by then every variable some positive term binds is
//                   bound, so a comparison between two variables compares values. A side no
//                   positive term binds is still unbound there; the evaluator then binds it from
//                   the other side (`==`) or lets nothing pass (`!=`, `~=`). An or-chain that
//                   compares $this is decided one entity at a time (the first operand that holds
//                   for that entity wins).
//   5 EXCLUDE       not terms and `!{ … }` / `?{ … }` scopes: they only test what is bound.
//   6 SHOW          terms without a source (`X()`): they only show their id once all is bound.
// Scope bodies are ordered by the same ranks.
// One exception, made by the evaluator alone (plan-bind.ts): a top-level `$this == $o` runs right
// after the $this terms and binds $o, and the terms on $o that name constant ids are also asked of
// $this ahead of them; printed and explained plans keep the order above.
/** Evaluation ranks of plan steps (see the contract above). */
export const RANK = { FIXED_SOURCE: 0, SEED: 1, THIS: 2, OTHER_SOURCE: 3, FILTER: 4, EXCLUDE: 5, SHOW: 6 } as const;

/** True for `$x == <entity>`: ranked SEED, so the evaluator may start $this or bind $x from its right side. */
export function isSeed(eq: { readonly op: string; readonly right: { readonly kind: string } }): boolean {
  return eq.op === '==' && eq.right.kind === 'const';
}
