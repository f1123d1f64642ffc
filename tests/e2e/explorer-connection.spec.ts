// Where the explorer connects: the desktop app's bridge unless `?remote=true` forces HTTP, and
// `?host=h:p` for another app (a second host process started here, stopped at the end).
import { expect, test, type Page } from '@playwright/test';
import { attachShot, openExplorer, startHost, treeRow, type ExtraHost } from './support/explorer';

/** Title the stand-in bridge reports, so a page that reads through it shows it. */
const BRIDGE_TITLE = 'desktop-bridge';

/**
 * Gives the page a stand-in for the desktop app's `window.ecsHost` before it loads: requests are
 * answered by this same host over fetch, except that the World's doc name reads BRIDGE_TITLE.
 * `window.__bridgeCalls` counts the requests it answered.
 */
async function installBridge(page: Page): Promise<void> {
  await page.addInitScript((title) => {
    const w = window as unknown as { ecsHost: unknown; __bridgeCalls: number };
    w.__bridgeCalls = 0;
    w.ecsHost = {
      appInfo: async () => ({ title, restUrl: location.origin, explorerUrl: location.href }),
      openExplorer: () => undefined,
      request: async (method: string, url: string) => {
        w.__bridgeCalls++;
        const r = await fetch(url, { method });
        let body = await r.text();
        if (url.startsWith('/contract/entity/ecs/core/World') && r.ok) body = JSON.stringify({ ...JSON.parse(body), label: title });
        return { status: r.status, body };
      },
    };
  }, BRIDGE_TITLE);
}

function bridgeCalls(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __bridgeCalls: number }).__bridgeCalls);
}

test('inside the desktop app the explorer reads through the bridge', async ({ page }) => {
  await installBridge(page);
  const x = await openExplorer(page);
  await expect(x.title).toHaveText(BRIDGE_TITLE);
  await expect(x.connection).toContainText('desktop app');
  expect(await bridgeCalls(page)).toBeGreaterThan(0);
});

test('?remote=true forces HTTP even inside the desktop app, and stays in the address', async ({ page }, info) => {
  await installBridge(page);
  const x = await openExplorer(page, '?remote=true');
  const origin = new URL(page.url()).origin;
  await expect(x.title).toHaveText('e2e-demo');
  await expect(x.connection).toContainText(origin);
  await treeRow(x, 'Sun', 1).click();
  await expect(x.inspector.getByRole('heading', { level: 3 })).toHaveText('Sol');
  expect(await bridgeCalls(page)).toBe(0);
  // Opening an entity keeps the connection choice in the address, so the link reproduces the view.
  await expect(page).toHaveURL(/[?&]remote=true(&|$)/);
  await expect(page).toHaveURL(/[?&]entity=Sun(&|$)/);
  await attachShot(info, 'explorer-remote', page);
});

test('?host that is not host:port is reported and the page falls back to its own app', async ({ page }) => {
  const x = await openExplorer(page, '?host=not%20a%20host');
  await expect(page.getByRole('banner')).toContainText('ignored ?host=not a host');
  await expect(x.title).toHaveText('e2e-demo');
});

test.describe('another app', () => {
  let other: ExtraHost | undefined;
  test.beforeAll(async () => {
    other = await startHost('other-app');
  });
  test.afterAll(async () => {
    await other?.stop();
  });

  test('?host=127.0.0.1:<port> shows the other app and its entities', async ({ page }, info) => {
    const x = await openExplorer(page, `?host=${other!.hostPort}`);
    await expect(x.title).toHaveText('other-app');
    await expect(page).toHaveTitle('other-app');
    await expect(x.connection).toContainText(other!.url);
    await treeRow(x, 'Sun', 1).click();
    await expect(x.inspector.getByRole('heading', { level: 3 })).toHaveText('Sol');
    await expect(page).toHaveURL(/[?&]host=127\.0\.0\.1:\d+(&|$)/);
    await attachShot(info, 'explorer-other-host', page);
  });
});

test('shows when the app goes away and reconnects by itself when it is back', async ({ page }) => {
  let first: ExtraHost | undefined = await startHost('first-app');
  const port = first.port;
  let second: ExtraHost | undefined;
  try {
    const x = await openExplorer(page, `?host=${first.hostPort}`);
    await expect(x.title).toHaveText('first-app');
    await first.stop();
    first = undefined;
    await expect(x.connection).toContainText('reconnecting', { timeout: 10_000 });
    // Another app on the same address: the page finds it without a reload.
    second = await startHost('second-app', port);
    await expect(x.connection).toContainText('connected', { timeout: 15_000 });
    await expect(x.title).toHaveText('second-app', { timeout: 5_000 });
  } finally {
    await first?.stop();
    await second?.stop();
  }
});

test('About (?) in the title bar shows the MCP address, and that address accepts an MCP initialize', async ({ page, request }) => {
  await openExplorer(page);
  await page.getByTestId('about').locator('summary').click();
  const url = await page.getByTestId('mcp-url').textContent();
  expect(url).toBe(new URL('/mcp', page.url()).href);
  const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } } };
  const r = await request.post(url!, { headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, data: init });
  expect(r.status()).toBe(200);
  expect(await r.text()).toContain('"serverInfo"');
});
