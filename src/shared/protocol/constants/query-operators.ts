// The query language's comparison operators (zod-free, for the explorer's bundle too): the parser
// reads them, the planner checks them, every printer writes them, clients offer them.

/**
 * The comparison operators of the language, the one list the parser reads (longest first), the
 * planner checks and every printer writes: entities compare with `==` and `!=`, names match with
 * `~=`, a member's value compares with all but `~=`.
 */
export const COMPARE_OPS = ['==', '!=', '~=', '<=', '>=', '<', '>'] as const;

/** One of COMPARE_OPS. */
export type CompareOp = (typeof COMPARE_OPS)[number];

/** The operators that compare a member's value: every one but `~=`. */
export type MemberOp = Exclude<CompareOp, '~='>;

/** The operators of MemberOp, as a list (`Fuel.value < 10`). */
export const MEMBER_OPS: readonly MemberOp[] = COMPARE_OPS.filter((op): op is MemberOp => op !== '~=');
