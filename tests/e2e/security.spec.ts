// The rules of docs/security-and-limits.md over real HTTP from a real browser. A page from another
// origin (served by a tiny server in this file as http://foreign.test:<port>, which Chromium
// resolves to 127.0.0.1 through --host-resolver-rules, so its origin is not a loopback name)
// can read the world but not change it without the token; with the token it can. A page from a
// loopback origin may change it (policy). A request that names the host under a foreign name
// (DNS rebinding) is refused. Hosts are spawned here (with and without --token), not the
// config's shared one.
import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import config from '../../playwright.config';
import { spawnHost, stopAllHosts, type SpawnedHost } from '../support/spawn-host';

const TOKEN = 'e2e-s3cret-token';

test.use({
  launchOptions: {
    executablePath: config.use?.launchOptions?.executablePath,
    args: [...(config.use?.launchOptions?.args ?? []), '--host-resolver-rules=MAP foreign.test 127.0.0.1'],
  },
});

let pages: Server;
let pagePort = 0;
let guarded: SpawnedHost; // started with --token
let open: SpawnedHost; // started without a token

test.beforeAll(async () => {
  // Any page will do: the tests run their fetches from its origin.
  pages = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>another site</title><p>another site</p>');
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagePort = (pages.address() as { port: number }).port;
  [guarded, open] = await Promise.all([spawnHost(['--asteroids', '100', '--token', TOKEN]), spawnHost(['--asteroids', '100'])]);
});

test.afterAll(async () => {
  await stopAllHosts();
  await new Promise((resolve) => pages.close(resolve));
});

/** What a fetch from the page saw: the status and JSON body, or the error the browser raised. */
type Outcome = { status: number; body: unknown } | { failed: string };

async function fetchFrom(page: Page, url: string, method = 'GET', headers: Record<string, string> = {}): Promise<Outcome> {
  return page.evaluate(async ([u, m, h]) => {
    try {
      const r = await fetch(u, { method: m, headers: h });
      return { status: r.status, body: await r.json() as unknown };
    } catch (e) {
      return { failed: String(e) };
    }
  }, [url, method, headers] as const);
}

/** Whether Sun.Mars carries ecs.core.Disabled, read by the test itself (no Origin). */
async function marsDisabled(host: SpawnedHost): Promise<boolean> {
  const body = await (await fetch(`${host.url}/entity/Sun/Mars`)).json() as { ids: string[][] };
  return body.ids.some((id) => id.join() === 'ecs.core.Disabled');
}

test.describe('a page from a foreign origin', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(`http://foreign.test:${pagePort}/`);
    expect(await page.evaluate(() => location.origin)).toBe(`http://foreign.test:${pagePort}`);
  });

  test('can read the world', async ({ page }) => {
    const r = await fetchFrom(page, `${guarded.url}/entity/Sun/Earth?values=true`);
    expect(r).toMatchObject({ status: 200, body: { path: 'Sun.Earth' } });
    const q = await fetchFrom(page, `${open.url}/query?q=Position&limit=3`);
    expect(q).toMatchObject({ status: 200 });
  });

  test('cannot change it without the token: 403 with a readable reason, and nothing changes', async ({ page }) => {
    const r = await fetchFrom(page, `${guarded.url}/disable/Sun/Mars`, 'PUT');
    expect(r).toEqual({ status: 403, body: { error: `PUT from origin 'http://foreign.test:${pagePort}' is not allowed: use the access token (Authorization: Bearer <token>)` } });
    const wrong = await fetchFrom(page, `${guarded.url}/disable/Sun/Mars`, 'PUT', { Authorization: 'Bearer guess' });
    expect(wrong).toMatchObject({ status: 403, body: { error: expect.stringContaining('the Authorization header given does not carry it') } });
    const set = await fetchFrom(page, `${guarded.url}/set/Sun/Mars?data=${encodeURIComponent('{"ids":[["Enemy"]]}')}`, 'PUT');
    expect(set).toMatchObject({ status: 403 });
    expect(await marsDisabled(guarded)).toBe(false);
  });

  test('can change it with the token', async ({ page }) => {
    const auth = { Authorization: `Bearer ${TOKEN}` };
    expect(await fetchFrom(page, `${guarded.url}/disable/Sun/Mars`, 'PUT', auth)).toEqual({ status: 200, body: {} });
    expect(await marsDisabled(guarded)).toBe(true);
    expect(await fetchFrom(page, `${guarded.url}/enable/Sun/Mars`, 'PUT', auth)).toEqual({ status: 200, body: {} });
    expect(await marsDisabled(guarded)).toBe(false);
  });

  test('on a host without a token, the browser is not even allowed to send the PUT', async ({ page }) => {
    // The preflight offers only GET and OPTIONS, so the browser stops the request itself.
    const r = await fetchFrom(page, `${open.url}/disable/Sun/Mars`, 'PUT');
    expect(r).toMatchObject({ failed: expect.stringContaining('Failed to fetch') });
    const withGuess = await fetchFrom(page, `${open.url}/delete/Sun/Mars`, 'PUT', { Authorization: `Bearer ${TOKEN}` });
    expect(withGuess).toMatchObject({ failed: expect.stringContaining('Failed to fetch') });
    expect(await marsDisabled(open)).toBe(false);
    expect((await fetch(`${open.url}/entity/Sun/Mars`)).status).toBe(200);
  });

  test('a plain form post (no preflight) changes nothing', async ({ page }) => {
    await page.setContent(`<form method="post" action="${open.url}/disable/Sun/Mars"><button>go</button></form>`);
    const [reply] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/disable/Sun/Mars')), page.click('button')]);
    expect(reply.status()).toBe(405);
    expect(await marsDisabled(open)).toBe(false);
  });
});

test.describe('a page from a loopback origin', () => {
  test('may change the world without a token (127.0.0.1 and localhost are different origins, both loopback)', async ({ page }) => {
    await page.goto(`http://localhost:${pagePort}/`);
    expect(await fetchFrom(page, `${open.url}/disable/Sun/Mars`, 'PUT')).toEqual({ status: 200, body: {} });
    expect(await marsDisabled(open)).toBe(true);
    expect(await fetchFrom(page, `${open.url}/enable/Sun/Mars`, 'PUT')).toEqual({ status: 200, body: {} });
    expect(await marsDisabled(open)).toBe(false);
  });
});

test.describe('DNS rebinding: the host reached under a foreign name', () => {
  test('refuses every request, pages included, with a 403 that says which names it answers', async ({ page }) => {
    for (const path of ['/entity/Sun', '/explorer/', '/query?q=Position']) {
      const reply = await page.goto(`http://foreign.test:${open.port}${path}`);
      expect(reply?.status(), path).toBe(403);
      const body = JSON.parse(await reply!.text()) as { error: string };
      expect(body.error, path).toMatch(new RegExp(`^Host 'foreign\\.test:${open.port}' is not allowed: .*loopback names \\(localhost, 127\\.0\\.0\\.1, \\[::1\\]\\)`));
    }
    // The same page under its loopback name is served.
    expect((await page.goto(`http://localhost:${open.port}/entity/Sun`))?.status()).toBe(200);
  });

  test('a rebinding page cannot change the world from its own (now foreign-named) origin either', async ({ page }) => {
    await page.goto(`http://foreign.test:${pagePort}/`);
    const r = await fetchFrom(page, `http://foreign.test:${guarded.port}/disable/Sun/Mars`, 'PUT', { Authorization: `Bearer ${TOKEN}` });
    // Even with the token: the Host check refuses the preflight (403), so the browser never sends the PUT.
    expect(r).toMatchObject({ failed: expect.stringContaining('Failed to fetch') });
    expect(await marsDisabled(guarded)).toBe(false);
  });
});
