// Where the host serves the Model Context Protocol on its REST port: the host mounts it there and
// the explorer shows it (About in the title bar), so it is written once, here.

/** The path MCP (Streamable HTTP) is served at on the REST port. */
export const MCP_PATH = '/mcp';
