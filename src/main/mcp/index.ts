// Public exports of the MCP server: the endpoint a host mounts at /mcp and its tools' limits.
export { McpEndpoint, MCP_PATH, MAX_MCP_SESSIONS, MCP_SESSION_IDLE_MS, type McpEndpointOptions } from './mcp-endpoint';
export { ENTITY_URI, QUERY_URI, MAX_SUBSCRIPTIONS_PER_SESSION, resourceTarget } from './resources';
export { createMcpServer } from './tools';
export { MAX_RESULT_CHARS, textResult, type McpLink, type McpTimers } from './tool-result';
export { WAIT_DEFAULT_FRAMES, WAIT_MAX_FRAMES, WAIT_MAX_SECONDS } from './wait-for';
