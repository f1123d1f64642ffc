// How many entities a query reply holds, and how much work a request's query may do, declared
// once for the server, its options and its clients.

/** Default largest `limit` of a query reply (entities); the server may configure another. */
export const DEFAULT_MAX_LIMIT = 10_000;
/** Default `limit` of a query reply (entities). */
export const DEFAULT_LIMIT = 100;
/** Default `limit` in compat mode (--compat flecs-3.2), as the reference server has it. */
export const COMPAT_DEFAULT_LIMIT = 1000;
/**
 * Default work a request may spend evaluating queries, in evaluation steps (--max-query-steps).
 * Sized from measurements: the most any query of the demo, the docs or the captures takes
 * (docs/security-and-limits.md), times ten, and a few milliseconds of one core at most, so a
 * refused request holds the frames for less than half a frame period.
 */
export const DEFAULT_MAX_QUERY_STEPS = 25_000;
/**
 * Default work all watch feeds together may spend after one frame re-evaluating their GETs, in
 * evaluation steps: the feeds share it, and those that don't fit are evaluated after the next
 * frame(s), least recently served first (each event's id is still the frame whose state it
 * shows). Never less than the server's --max-query-steps, so a feed any request could run always
 * fits a frame of its own. The same as one request's budget: 200 watches of heavy queries hold a
 * frame no longer than one heavy request.
 */
export const DEFAULT_WATCH_FRAME_STEPS = DEFAULT_MAX_QUERY_STEPS;
/**
 * Most terms one query may have: each term, each operand of an or-chain, each comparison
 * (`$x == y`) and each id an `AND | T` stands for counts. More is refused when the query is
 * compiled (400), before any evaluation. The rules engine goes one call deeper per term; it ran
 * out of stack near 700 terms, so this keeps it several times away from that.
 */
export const MAX_QUERY_TERMS = 128;
/** Most variables one query may name besides $this (as the reference's Flecs 4 allows); more is refused when compiled (400). */
export const MAX_QUERY_VARIABLES = 64;
/** Deepest nesting of scopes `{ … }` in a query; deeper is refused when parsed (400). */
export const MAX_QUERY_NESTING = 64;
