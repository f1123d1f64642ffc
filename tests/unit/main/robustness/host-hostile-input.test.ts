// Raw bytes the router never sees, sent to the real host: request targets with bytes that are not
// UTF-8 (or not even URL characters), request smuggling shapes, path traversal into the pages.
// Each is answered with a JSON 4xx (or refused by the browser-side rules), nothing is applied,
// and the host keeps serving.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { spawnHost, stopAllHosts, type SpawnedHost } from '../../../support/spawn-host';
import { getJson, parseRaw, rawExchange } from './process-probes';

// Each test starts a host process: on a loaded 2-core machine that alone can take seconds, so the
// bound is generous (it only stops a hung test; nothing here is timed).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let host: SpawnedHost;
beforeAll(async () => { host = await spawnHost(['--asteroids', '50']); });
afterAll(stopAllHosts);

const HOST = 'Host: 127.0.0.1\r\nConnection: close\r\n';
/** Sends raw bytes (latin1, so \xff is one byte) and parses the first reply. */
async function raw(text: string) {
  const reply = parseRaw(await rawExchange(host.port, Buffer.from(text, 'latin1')));
  return { ...reply, json: JSON.parse(reply.body) as { error?: string } };
}
const sunIds = async () => (await getJson(host.port, '/entity/Sun')).json.ids as string[][];

describe('hostile raw requests', () => {
  test('bytes that are not URL characters (not UTF-8, NUL, raw non-ASCII) are a 400 JSON error naming the parse error', async () => {
    for (const target of ['/entity/Sun/\xff\xfe\x80', '/query?q=\xc3\x28', '/entity/\xc3\x84pfel', '/entity/Sun\x00', '/set/Sun?data=\x7f']) {
      const r = await raw(`GET ${target} HTTP/1.1\r\n${HOST}\r\n`);
      expect(r.status, target).toBe(400);
      expect(r.headers['content-type'], target).toMatch(/^application\/json/);
      expect(r.json.error, target).toMatch(/^malformed HTTP request \(HPE_INVALID_URL: .*\): send a valid HTTP\/1.1 request$/);
    }
  });

  test('request smuggling shapes are refused and the request hidden inside is never run', async () => {
    const before = await sunIds();
    const smuggled = `PUT /delete/Sun HTTP/1.1\r\n${HOST}\r\n`;
    const shapes = [
      `PUT /disable/Sun HTTP/1.1\r\n${HOST}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${smuggled}`,
      `PUT /disable/Sun HTTP/1.1\r\n${HOST}Content-Length: 1\r\nContent-Length: 40\r\n\r\nx${smuggled}`,
      `PUT /disable/Sun HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n${smuggled}`,
    ];
    for (const text of shapes) {
      const r = await raw(text);
      expect(r.status, text).toBe(400);
      expect(r.json.error, text).toMatch(/^malformed HTTP request/);
    }
    expect(await sunIds()).toEqual(before);
  });

  test('a path that climbs out of the pages folder (plain or encoded) is a 404 JSON error, not a file', async () => {
    for (const target of ['/explorer/../../../../etc/passwd', '/assets/..%2f..%2f..%2fpackage.json', '/viewport/%2e%2e/%2e%2e/%2e%2e/package.json', '/assets/....//....//package.json']) {
      const r = await raw(`GET ${target} HTTP/1.1\r\n${HOST}\r\n`);
      expect([400, 403, 404], target).toContain(r.status);
      expect(r.body, target).not.toMatch(/"name":\s*"ecs-live-explorer"|root:/);
      expect(typeof r.json.error, target).toBe('string');
    }
  });

  test('after all of it the host still answers', async () => {
    expect((await getJson(host.port, '/entity/Sun')).status).toBe(200);
  });
});
