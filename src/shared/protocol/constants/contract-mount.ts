// Where every host also answers in the contract, whatever dialect it speaks at its root: its own
// pages (the explorer) and tools (MCP) speak the contract only, so they work unchanged on a host
// started with --compat. The host strips the prefix and routes to a contract router; the explorer
// puts it before every request target. Written once, here, for both.

/** The path prefix of the contract on every host: `/contract/entity/Sun` is the contract's `/entity/Sun`. */
export const CONTRACT_MOUNT = '/contract';
