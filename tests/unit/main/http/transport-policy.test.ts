// The policies of docs/security-and-limits.md, over real HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, parseRaw, rawExchange, send, start } from './helpers';

afterEach(closeAll);

describe('reads answer any origin', () => {
  it('GET from a foreign origin gets the reply with Access-Control-Allow-Origin: *', async () => {
    const { port, seen } = await start();
    const r = await send(port, 'GET', '/entity/Sun', { origin: 'https://explorer.example' });
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body)).toEqual({ ok: true, method: 'GET', url: '/entity/Sun' });
    expect(seen).toHaveLength(1);
  });

  it('passes the raw request target to the router untouched', async () => {
    const { port, seen } = await start();
    const target = '/set/Sun&data=%7B%22Position%22%3A%7B%22x%22%3A1%7D%7D+x';
    await send(port, 'PUT', target);
    expect(seen[0]!.url).toBe(target);
    expect(seen[0]!.method).toBe('PUT');
  });
});

describe('preflight (OPTIONS)', () => {
  const ask = { 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization' };

  it('a loopback origin may PUT: its origin is echoed with all methods', async () => {
    const { port, seen } = await start();
    const r = await send(port, 'OPTIONS', '/set/Sun', { origin: 'http://localhost:5173', ...ask });
    expect(r.status).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(r.headers['access-control-allow-methods']).toBe('GET, PUT, OPTIONS');
    expect(r.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
    expect(r.headers['access-control-max-age']).toBe('600');
    expect(r.headers.vary).toBe('Origin');
    expect(seen).toHaveLength(0);
  });

  it('the app\'s own origin (appOrigins) may PUT', async () => {
    const { port } = await start({ appOrigins: ['http://mybox.local:27750'] });
    const r = await send(port, 'OPTIONS', '/set/Sun', { origin: 'http://mybox.local:27750', ...ask });
    expect(r.status).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe('http://mybox.local:27750');
    expect(r.headers['access-control-allow-methods']).toBe('GET, PUT, OPTIONS');
  });

  it('a foreign origin without a configured token is offered reads only', async () => {
    const { port } = await start();
    const r = await send(port, 'OPTIONS', '/set/Sun', { origin: 'https://evil.example', ...ask });
    expect(r.status).toBe(204);
    expect(r.headers['access-control-allow-methods']).toBe('GET, OPTIONS');
    expect(r.headers['access-control-allow-origin']).toBe('*');
  });

  it('a foreign origin is offered PUT when a token is configured', async () => {
    const { port } = await start({ token: 's3cret' });
    const r = await send(port, 'OPTIONS', '/set/Sun', { origin: 'https://hosted.example', ...ask });
    expect(r.status).toBe(204);
    expect(r.headers['access-control-allow-methods']).toBe('GET, PUT, OPTIONS');
    expect(r.headers['access-control-allow-origin']).toBe('https://hosted.example');
  });

  it('answers Chrome\'s private-network preflight so a hosted explorer can reach localhost', async () => {
    const { port } = await start();
    const r = await send(port, 'OPTIONS', '/entity/Sun', { origin: 'https://hosted.example', 'access-control-request-private-network': 'true' });
    expect(r.headers['access-control-allow-private-network']).toBe('true');
  });
});

describe('PUT from browsers', () => {
  it('a foreign origin is refused with 403 JSON and the router is not called', async () => {
    const { port, seen } = await start({ token: 's3cret' });
    const r = await send(port, 'PUT', '/delete/Sun', { origin: 'https://evil.example' });
    expect(r.status).toBe(403);
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body)).toEqual({ error: "PUT from origin 'https://evil.example' is not allowed: use the access token (Authorization: Bearer <token>)" });
    expect(seen).toHaveLength(0);
  });

  it('a wrong token is refused', async () => {
    const { port, seen } = await start({ token: 's3cret' });
    const r = await send(port, 'PUT', '/delete/Sun', { origin: 'https://evil.example', authorization: 'Bearer guess' });
    expect(r.status).toBe(403);
    expect(seen).toHaveLength(0);
  });

  it('a foreign origin with the right token is allowed, its origin echoed with Vary', async () => {
    const { port, seen } = await start({ token: 's3cret' });
    const r = await send(port, 'PUT', '/delete/Sun', { origin: 'https://hosted.example', authorization: 'Bearer s3cret' });
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe('https://hosted.example');
    expect(r.headers.vary).toBe('Origin');
    expect(seen.map((s) => s.url)).toEqual(['/delete/Sun']);
  });

  it('a loopback origin is allowed without a token', async () => {
    const { port, seen } = await start();
    const r = await send(port, 'PUT', '/enable/Sun', { origin: `http://127.0.0.1:${port}` });
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe(`http://127.0.0.1:${port}`);
    expect(seen).toHaveLength(1);
  });

  it('a request without Origin (curl, scripts) is allowed', async () => {
    const { port, seen } = await start();
    const r = await send(port, 'PUT', '/disable/Sun');
    expect(r.status).toBe(200);
    expect(seen).toHaveLength(1);
  });
});

describe('Host check', () => {
  it('refuses a foreign Host with 403 JSON when bound to loopback', async () => {
    const { port, seen } = await start();
    const r = await send(port, 'GET', '/entity/Sun', { host: 'evil.example' });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body).error).toMatch(/^Host 'evil.example' is not allowed: /);
    expect(seen).toHaveLength(0);
  });

  it('accepts loopback names with any port', async () => {
    const { port } = await start();
    for (const host of ['localhost:1234', `127.0.0.1:${port}`, '[::1]:80']) {
      expect((await send(port, 'GET', '/entity/Sun', { host })).status).toBe(200);
    }
  });

  it('accepts a request without Host (HTTP/1.0)', async () => {
    const { port } = await start();
    const r = parseRaw(await rawExchange(port, 'GET /entity/Sun HTTP/1.0\r\n\r\n'));
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).url).toBe('/entity/Sun');
  });
});
