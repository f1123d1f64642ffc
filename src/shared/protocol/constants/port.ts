// The REST interface's default port, for every part that needs it (the transport's and the
// command line's default, the explorer's fallback address and curl lines). The store's built-in
// ecs.rest.Rest component carries the same default (the store imports nothing of ours); a test
// holds the two together.

/** TCP port of the REST interface and the pages unless --port says otherwise. */
export const DEFAULT_PORT = 27750;
