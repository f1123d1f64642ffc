// A mounted path (MCP's /mcp) on the transport, with a handler the test holds (no MCP server): the
// write policy applies to every method (a foreign Origin needs the token), the body is read within
// maxBodyBytes (by its Content-Length, or as it streams) and parsed as JSON before the handler sees
// it, and a handler that throws fails its request alone (a JSON-RPC error, or a cut when its reply
// began), reported once. Every refusal is a JSON-RPC error with a null id, as MCP clients expect.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { MountHandler } from '../../../../src/main/http';
import { closeAll, openSocket, parseRaw, rawExchange, send, start } from './helpers';

afterEach(closeAll);

/** A transport with /mcp mounted: the handler answers 200 with what it got, unless `fail` says how to fail. */
async function mounted(options: Parameters<typeof start>[0] = {}) {
  const { transport, port } = await start(options);
  const got: { method: string; body: unknown }[] = [];
  const faults: { kind: string; part: string; message: string }[] = [];
  transport.onFault((kind, part, err) => faults.push({ kind, part, message: (err as Error).message }));
  let fail: 'before' | 'after' | undefined;
  const handle: MountHandler = (req: IncomingMessage, res: ServerResponse, body: unknown) => {
    if (fail === 'before') throw new Error('handler fell over');
    if (fail === 'after') { res.writeHead(200, { 'Content-Type': 'text/event-stream' }); res.flushHeaders(); throw new Error('handler fell over late'); }
    got.push({ method: req.method!, body });
    const text = JSON.stringify({ ok: true });
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  };
  transport.onMount('/mcp', handle);
  return { transport, port, got, faults, failWith: (f: typeof fail) => { fail = f; } };
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

describe('a mounted path', () => {
  it('hands the parsed JSON body to its handler, for any method and with a query; an empty body is undefined', async () => {
    const { transport, port, got } = await mounted();
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect((await send(port, 'POST', '/mcp?x=1', JSON_HEADERS, body)).status).toBe(200);
    expect((await send(port, 'GET', '/mcp')).status).toBe(200);
    expect((await send(port, 'DELETE', '/mcp')).status).toBe(200);
    expect(got).toEqual([{ method: 'POST', body: { jsonrpc: '2.0', id: 1, method: 'ping' } }, { method: 'GET', body: undefined }, { method: 'DELETE', body: undefined }]);
    expect(transport.counters.request_handled_ok_count).toBe(3);
    expect(transport.counters.request_handled_error_count).toBe(0);
    // Another path that starts the same is not the mount: it goes to REST.
    expect(JSON.parse((await send(port, 'GET', '/mcpx')).body)).toMatchObject({ ok: true, url: '/mcpx' });
    expect(got).toHaveLength(3);
  });

  it('a body that is not JSON is refused with a parse error (-32700) naming why; the handler never sees it', async () => {
    const { transport, port, got } = await mounted();
    const r = await send(port, 'POST', '/mcp', JSON_HEADERS, '{"jsonrpc": ');
    expect(r.status).toBe(400);
    expect(r.headers['content-type']).toBe('application/json');
    expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(r.body));
    const reply = JSON.parse(r.body);
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect(reply.error.message).toMatch(/^the body is not JSON \(.+\): send one JSON-RPC message or an array of them$/);
    expect(got).toEqual([]);
    expect(transport.counters.request_handled_error_count).toBe(1);
  });

  it('a body over maxBodyBytes is refused (-32600) by its Content-Length, and as it streams without one; exactly the limit passes', async () => {
    const { port, got } = await mounted({ maxBodyBytes: 64 });
    const message = 'request body is larger than 64 bytes (the server\'s --max-body-bytes): send a smaller request';
    const exact = JSON.stringify({ pad: 'x'.repeat(64 - 10) });
    expect(exact).toHaveLength(64);
    expect((await send(port, 'POST', '/mcp', JSON_HEADERS, exact)).status).toBe(200);
    const long = JSON.stringify({ pad: 'x'.repeat(64 - 9) });
    const declared = await send(port, 'POST', '/mcp', JSON_HEADERS, long);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message } });
    // Chunked, no Content-Length: refused once the bytes read pass the limit.
    const chunked = parseRaw(await rawExchange(port, `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n28\r\n${'{"pad":"'.padEnd(40, 'y')}\r\n28\r\n${'y'.repeat(40)}\r\n0\r\n\r\n`));
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).error).toEqual({ code: -32600, message });
    // A declared length over the limit is refused at once, before any of the body is sent.
    const socket = await openSocket(port);
    const early = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (c: Buffer) => { text += c.toString('utf8'); if (text.includes('"code":-32600')) resolve(text); });
    });
    socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`);
    expect(parseRaw(await early).status).toBe(413);
    socket.destroy();
    expect(got).toHaveLength(1);
  });

  it('a foreign Origin is refused without the token, naming the mount, and passes with it', async () => {
    const { port, got } = await mounted({ token: 'sesame' });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const refused = await send(port, 'GET', '/mcp', { Origin: 'http://evil.example' });
    expect(refused.status).toBe(403);
    const reply = JSON.parse(refused.body);
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    expect(reply.error.message).toMatch(/^\/mcp /);
    expect(reply.error.message).toContain("origin 'http://evil.example' is not allowed");
    expect((await send(port, 'POST', '/mcp', { ...JSON_HEADERS, Origin: 'http://evil.example', Authorization: 'Bearer sesame' }, body)).status).toBe(200);
    expect(got).toHaveLength(1);
  });

  it('a handler that throws before its reply: a 500 JSON-RPC error (-32603) naming the fault, reported once; the next request is served', async () => {
    const { transport, port, faults, failWith } = await mounted();
    failWith('before');
    const r = await send(port, 'POST', '/mcp', JSON_HEADERS, '{}');
    expect(r.status).toBe(500);
    expect(JSON.parse(r.body)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'the /mcp request failed: handler fell over' } });
    expect(faults).toEqual([{ kind: 'mcp', part: 'POST /mcp', message: 'handler fell over' }]);
    expect(transport.counters.request_handled_error_count).toBe(1);
    failWith(undefined);
    expect((await send(port, 'POST', '/mcp', JSON_HEADERS, '{}')).status).toBe(200);
  });

  it('a handler that throws after its reply began: the connection is cut, reported once; the next request is served', async () => {
    const { transport, port, faults, failWith } = await mounted();
    failWith('after');
    await expect(send(port, 'GET', '/mcp')).rejects.toThrow();
    expect(faults).toEqual([{ kind: 'mcp', part: 'GET /mcp', message: 'handler fell over late' }]);
    failWith(undefined);
    expect((await send(port, 'GET', '/mcp')).status).toBe(200);
    expect(transport.counters.request_handled_error_count).toBe(1);
  });
});
