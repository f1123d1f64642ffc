// The built pages served next to the REST interface.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeAll, parseRaw, rawExchange, send, start } from './helpers';

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ecs-pages-'));
  for (const page of ['viewport', 'explorer']) {
    mkdirSync(join(root, page));
    writeFileSync(join(root, page, 'index.html'), `<!doctype html><title>${page}</title>`);
  }
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'app-1234.js'), 'console.log("app");');
  writeFileSync(join(root, 'secret.txt'), 'not a page');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(closeAll);

describe('static pages', () => {
  it.each(['viewport', 'explorer'])('serves /%s/ as HTML with a strict Content-Security-Policy', async (page) => {
    const { port, seen } = await start({ staticRoot: root });
    const r = await send(port, 'GET', `/${page}/`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain(`<title>${page}</title>`);
    const csp = r.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(seen).toHaveLength(0);
  });

  it('serves assets', async () => {
    const { port } = await start({ staticRoot: root });
    const r = await send(port, 'GET', '/assets/app-1234.js');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.body).toBe('console.log("app");');
  });

  it('redirects /viewport and /explorer to the slash form, keeping the query', async () => {
    const { port } = await start({ staticRoot: root });
    const a = await send(port, 'GET', '/viewport');
    expect(a.status).toBe(301);
    expect(a.headers.location).toBe('/viewport/');
    const b = await send(port, 'GET', '/explorer?remote=true');
    expect(b.status).toBe(301);
    expect(b.headers.location).toBe('/explorer/?remote=true');
  });

  it('answers a missing page with 404 JSON', async () => {
    const { port } = await start({ staticRoot: root });
    const r = await send(port, 'GET', '/viewport/missing.html');
    expect(r.status).toBe(404);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(r.body).error).toMatch(/no page or asset at '\/viewport\/missing.html'/);
  });

  it('does not serve files outside the page folders', async () => {
    const { port } = await start({ staticRoot: root });
    const r = parseRaw(await rawExchange(port, 'GET /assets/../secret.txt HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
    expect(r.body).not.toContain('not a page');
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(() => JSON.parse(r.body)).not.toThrow();
  });

  it('hands every other path, including /, to the REST router', async () => {
    const { port, seen } = await start({ staticRoot: root });
    expect((await send(port, 'GET', '/')).status).toBe(200);
    expect((await send(port, 'GET', '/entity/ecs/core/World')).status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual(['/', '/entity/ecs/core/World']);
  });

  it('a path that only starts like a page, or has one in its query, is the router\'s', async () => {
    const { port, seen } = await start({ staticRoot: root });
    const urls = ['/viewports', '/explorer-x?y=1', '/query?q=/viewport/', '/entity/viewport?x=/assets/'];
    for (const url of urls) expect((await send(port, 'GET', url)).status, url).toBe(200);
    expect(seen.map((s) => s.url)).toEqual(urls);
  });

  it('applies the Host check to pages too', async () => {
    const { port } = await start({ staticRoot: root });
    expect((await send(port, 'GET', '/explorer/', { host: 'evil.example' })).status).toBe(403);
  });

  it('without a staticRoot the page paths go to the router', async () => {
    const { port, seen } = await start();
    await send(port, 'GET', '/viewport/');
    expect(seen.map((s) => s.url)).toEqual(['/viewport/']);
  });
});
