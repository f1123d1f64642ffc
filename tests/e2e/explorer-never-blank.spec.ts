// The explorer never shows a blank page: under a browser language Intl rejects (Chromium's
// "en-US@posix" under LANG=C.UTF-8) it starts as usual, and when its code cannot load it says so
// in the page, with a reload button, and on the console.
import { expect, test } from '@playwright/test';
import { openExplorer } from './support/explorer';

test('starts under the browser language en-US@posix, with no console error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'language', { configurable: true, get: () => 'en-US@posix' });
    Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['en-US@posix'] });
  });
  const x = await openExplorer(page, '?entity=Sun.Earth');
  await expect(x.tree.getByRole('treeitem').first()).toBeVisible();
  await expect(x.inspector.getByRole('heading', { level: 3 })).toBeVisible();
  // The statistics charts come from the library that threw on this language.
  await page.getByRole('tablist', { name: 'Layout' }).getByRole('tab', { name: 'Statistics' }).click();
  await expect(x.stats.locator('.uplot').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a start-up error is shown in the page with a reload button, and on the console', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') logged.push(m.text()); });
  // The app's own script fails to load, as on a broken install or a dropped connection.
  await page.route(/\/assets\/start-[^/]*\.js$/, (route) => route.fulfill({ status: 500, body: 'broken' }));
  await page.goto('/explorer/');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'The explorer could not start' })).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
  expect(logged.some((t) => t.includes('The explorer could not start'))).toBe(true);

  // Reload once the script loads again: the explorer comes back.
  await page.unroute(/\/assets\/start-[^/]*\.js$/);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByTestId('connection')).toContainText('connected', { timeout: 15_000 });
});
