// The paused banner under the title bar: it appears when time is paused (from any client, here a
// PUT), says so, and goes away when time runs again.
import { expect, test } from '@playwright/test';
import { openExplorer } from './support/explorer';
import { put } from './support/rest';

const TIME = (value: Record<string, unknown>) => `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [value] }))}`;

test.afterEach(async ({ page }) => {
  await put(page.request, TIME({ paused: false, step: 0, time_scale: 1 }));
});

test('pausing time from outside shows the paused banner; resuming hides it', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openExplorer(page);
  const banner = page.getByTestId('paused-banner');
  await expect(banner).toHaveCount(0);
  await put(page.request, TIME({ paused: true }));
  await expect(banner).toBeVisible({ timeout: 10_000 });
  await expect(banner).toContainText('paused');
  await put(page.request, TIME({ paused: false }));
  await expect(banner).toHaveCount(0, { timeout: 10_000 });
  expect(errors).toEqual([]);
});
