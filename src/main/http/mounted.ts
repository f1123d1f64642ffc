// A path handed to another protocol on the REST port (MCP's Streamable HTTP at /mcp), behind the
// same guard as REST: the Host check and target length have run before this; here the write
// policy of PUT applies to every request (any call may change the world: no Origin, a loopback
// or the app's own origin pass, another origin needs the token), and the body is read within
// maxBodyBytes and parsed as JSON before the handler sees it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultReporter, HttpCounters, HttpOptions, Mount } from './types';
import { corsFor } from './request-policy';

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** A JSON-RPC error object with a null id: what MCP clients expect from a refused HTTP request. */
function rpcError(code: number, message: string): unknown {
  return { jsonrpc: '2.0', id: null, error: { code, message } };
}

/** Serves one request of a mounted path: origin policy, body limit, JSON, then the handler. */
export function serveMounted(mount: Mount, req: IncomingMessage, res: ServerResponse, options: HttpOptions, appOrigins: ReadonlySet<string>, counters: HttpCounters, onFault: FaultReporter): void {
  res.once('close', () => {
    if (res.writableFinished && res.statusCode < 400) counters.request_handled_ok_count++;
    else counters.request_handled_error_count++;
  });
  const verdict = corsFor('PUT', req.headers, req.socket, options, appOrigins);
  if (verdict.refusal !== undefined) {
    sendJson(res, 403, rpcError(-32000, verdict.refusal.message.replace(/^PUT /, `${mount.path} `)), verdict.refusal.headers as Record<string, string>);
    return;
  }
  const max = options.maxBodyBytes;
  const tooLarge = () => sendJson(res, 413, rpcError(-32600, `request body is larger than ${max} bytes (the server's --max-body-bytes): send a smaller request`));
  if (Number(req.headers['content-length'] ?? 0) > max) { tooLarge(); return; }
  const chunks: Buffer[] = [];
  let size = 0, settled = false;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > max && !settled) { settled = true; tooLarge(); }
    else if (!settled) chunks.push(chunk);
  });
  req.on('error', () => {});
  req.on('end', () => {
    if (settled) return;
    settled = true;
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    if (text !== '') {
      try { body = JSON.parse(text); } catch (err) {
        sendJson(res, 400, rpcError(-32700, `the body is not JSON (${(err as Error).message}): send one JSON-RPC message or an array of them`));
        return;
      }
    }
    try {
      mount.handle(req, res, body);
    } catch (err) {
      // The mounted protocol's boundary: this request fails alone with a JSON-RPC error, and it is reported.
      onFault('mcp', `${req.method} ${mount.path}`, err);
      if (!res.headersSent) sendJson(res, 500, rpcError(-32603, `the ${mount.path} request failed: ${err instanceof Error ? err.message : String(err)}`));
      else res.destroy();
    }
  });
}
