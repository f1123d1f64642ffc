// Parts of `npm run bench -- mcp`: the frame-interval window under MCP clients.
export { clientsWindow, POLLERS, SUBSCRIBED, type ClientsWindow } from './clients-window';
