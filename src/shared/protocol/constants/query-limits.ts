// How many entities a query reply holds, declared once for the server, its options and its clients.

/** Default largest `limit` of a query reply (entities); the server may configure another. */
export const DEFAULT_MAX_LIMIT = 10_000;
/** Default `limit` of a query reply (entities). */
export const DEFAULT_LIMIT = 100;
/** Default `limit` in compat mode (--compat flecs-3.2), as the reference server has it. */
export const COMPAT_DEFAULT_LIMIT = 1000;
