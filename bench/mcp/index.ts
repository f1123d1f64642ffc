// Parts of `npm run bench -- mcp` (the frame-interval window under MCP clients) and the MCP agents of the soak.
export { clientsWindow, POLLERS, SUBSCRIBED, type ClientsWindow } from './clients-window';
export { startMcpAgents, AGENTS, type McpSoakTally } from './soak-agents';
