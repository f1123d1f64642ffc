// Error replies in the one shape the contract allows: JSON `{"error": "..."}`.
import { STATUS_CODES } from 'node:http';

/** JSON text of an error reply; JSON.stringify does the escaping. */
export function errorBody(message: string): string {
  return JSON.stringify({ error: message });
}

/**
 * A complete HTTP/1.1 reply as bytes, for sockets that have no ServerResponse (parse
 * errors, refused upgrades, refused connections). Always closes the connection.
 */
export function rawJsonReply(status: number, body: string, headers: Record<string, string> = {}): Buffer {
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Access-Control-Allow-Origin: *',
    'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'utf8');
}
