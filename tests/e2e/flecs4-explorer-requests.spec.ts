// Every kind of request today's Flecs explorer sends (tests/reference/flecs-4/REQUESTS.md), sent
// the way it sends them — XMLHttpRequest, no custom headers, from a page on the Flecs website's
// origin (https) to a host on 127.0.0.1 started with --compat flecs-4 --allow-origin
// https://www.flecs.dev — answers with the status of the reference capture and its shape (the
// differences allowed are those listed in tests/conformance/flecs4/deviations.md). The page is
// a blank one served by the test under that origin; nothing of the explorer is needed. The
// preflights the browser sends for PUT and DELETE, and the Private Network Access preflight an
// earlier Chrome sends from an https page to localhost, are answered for that origin.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loadFlecs4Captures, replayOf, type Flecs4Capture } from '../conformance/flecs4/captures';
import { shapeDifferences, shapeOf } from '../conformance/flecs4/shape';
import { startHost, type ExtraHost } from './support/explorer';

/** The hosted explorer's origin. */
const ORIGIN = 'https://www.flecs.dev';
const DEVIATIONS = join(import.meta.dirname, '..', 'conformance', 'flecs4', 'deviations.md');

// Today's Chrome asks the user before an https page may reach the loopback address space (Local
// Network Access, which follows the Private Network Access preflight of earlier versions); the
// test answers that prompt as the user does: allow.
test.use({ permissions: ['local-network-access'] });

let host: ExtraHost | undefined;
test.beforeAll(async () => {
  host = await startHost('flecs4-e2e', 0, ['--compat', 'flecs-4', '--allow-origin', ORIGIN, '--asteroids', '50']);
});
test.afterAll(async () => {
  await host?.stop();
});

/** What a running host adds to the conformance suite's world (a router without a transport): the World's flecs.rest.Rest {port, address}. */
const HOST_ONLY: Record<string, readonly string[]> = { '005': ['`components.[flecs.rest.Rest]` extra (object)'] };

/** The differences deviations.md allows for a capture (and those of a running host). */
function allowed(c: Flecs4Capture): Set<string> {
  const no = c.file.slice(0, 3);
  const out = new Set<string>(HOST_ONLY[no]);
  for (const line of readFileSync(DEVIATIONS, 'utf8').split('\n')) {
    const m = /^- (\d{3}) (.+?): (.+)$/.exec(line);
    if (m && m[1] === no) out.add(m[2]!);
  }
  return out;
}

interface Answer { status: number; text: string }

/** Sends a request from the page as the explorer does (flecs.js: XMLHttpRequest, no headers of its own). */
async function send(page: Page, method: string, url: string): Promise<Answer> {
  return page.evaluate(([m, u]) => new Promise<Answer>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(m!, u!);
    // A status the page can read means the browser let the reply through (CORS, local network).
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    // A request the browser refused ends here with status 0.
    xhr.onerror = () => resolve({ status: 0, text: '' });
    xhr.send();
  }), [method, url]);
}

test("the Flecs 4 explorer's request kinds from https://www.flecs.dev: statuses and reply shapes of the reference", async ({ page }) => {
  test.setTimeout(240_000);
  await page.route(`${ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>explorer</title>' }));
  await page.goto(`${ORIGIN}/explorer/`);
  const captures = loadFlecs4Captures();
  const seen: string[] = [];
  for (const c of captures) {
    const replay = replayOf(c);
    for (const [method, url] of replay.setup) {
      const a = await send(page, method, host!.url + url);
      expect(a.status, `setup ${method} ${url}: ${a.text}`).toBe(200);
    }
    const [method, url] = replay.request;
    const a = await send(page, method, host!.url + url);
    expect(a.status, `${c.file}: ${method} ${url}: ${a.text.slice(0, 300)}`).toBe(c.status);
    const ours = shapeOf(a.text === '' ? '' : JSON.parse(a.text), undefined, replay.sameEntity);
    const unexplained = shapeDifferences(ours, shapeOf(c.reply, undefined, replay.sameEntity)).filter((d) => !allowed(c).has(d));
    expect(unexplained, `${c.file}: ${method} ${url}: differences from the reference's shape not in deviations.md`).toEqual([]);
    seen.push(`${method} ${url.split('?')[0]}`);
  }
  expect(seen).toHaveLength(captures.length);
});

test('writes from the hosted explorer: the preflight grants its origin PUT and DELETE and answers Private Network Access', async ({ request }) => {
  for (const method of ['PUT', 'DELETE']) {
    const r = await request.fetch(`${host!.url}/entity/Sun/Earth`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': method, 'Access-Control-Request-Private-Network': 'true' },
    });
    expect(r.status()).toBe(204);
    const h = r.headers();
    expect(h['access-control-allow-origin']).toBe(ORIGIN);
    expect(h['access-control-allow-methods']!.split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'PUT', 'DELETE']));
    expect(h['access-control-allow-private-network']).toBe('true');
  }
  // Without the private-network request header, the grant is not given (it is only an answer to that question).
  const plain = await request.fetch(`${host!.url}/entity/Sun/Earth`, { method: 'OPTIONS', headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'PUT' } });
  expect(plain.headers()['access-control-allow-private-network']).toBeUndefined();
  // Another https origin may read, but is not granted the writes (nor are they done).
  const other = await request.fetch(`${host!.url}/entity/Sun/Earth`, {
    method: 'OPTIONS', headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'DELETE', 'Access-Control-Request-Private-Network': 'true' },
  });
  expect(other.headers()['access-control-allow-methods'] ?? '').not.toContain('DELETE');
  const refused = await request.fetch(`${host!.url}/entity/Sun/Earth`, { method: 'DELETE', headers: { Origin: 'https://elsewhere.example' } });
  expect(refused.status()).toBe(403);
  expect((await request.get(`${host!.url}/entity/Sun/Earth`)).status()).toBe(200);
});

test('a page on another https origin reads the world but its writes are refused by the browser and by the host', async ({ page }) => {
  const other = 'https://elsewhere.example';
  await page.route(`${other}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>other</title>' }));
  await page.goto(`${other}/`);
  const read = await send(page, 'GET', `${host!.url}/entity/flecs/core/World?values=true&label=true`);
  expect(read.status).toBe(200);
  expect(JSON.parse(read.text)).toMatchObject({ parent: 'flecs.core', name: 'World' });
  // The preflight grants this origin only GET; whether the browser then stops the PUT (0) or the
  // host refuses it (403), nothing changes.
  const write = await send(page, 'PUT', `${host!.url}/toggle/Sun/Earth?enable=false`);
  expect([0, 403]).toContain(write.status);
  const earth = await send(page, 'GET', `${host!.url}/entity/Sun/Earth`);
  expect(JSON.parse(earth.text).tags ?? []).not.toContain('flecs.core.Disabled');
});
