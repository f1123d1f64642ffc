// The paused banner and timeline under the title bar: the banner says when time is paused (from
// any client, here a PUT); dragging the timeline back shows that frame in the inspector (read with
// at=), marked as the past; "restore here" makes it the live world, paused.
import { expect, test } from '@playwright/test';
import { openExplorer } from './support/explorer';
import { getJson, put } from './support/rest';

const TIME = (value: Record<string, unknown>) => `/set/ecs/core/World?data=${encodeURIComponent(JSON.stringify({ ids: [['ecs.app.TimeControl']], values: [value] }))}`;

test.afterEach(async ({ page }) => {
  await put(page.request, TIME({ paused: false, step: 0, time_scale: 1 }));
});

test('pausing time from outside shows it in the banner; resuming shows it running', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openExplorer(page);
  const banner = page.getByTestId('paused-banner');
  await put(page.request, TIME({ paused: true }));
  await expect(banner).toHaveAttribute('data-paused', 'true', { timeout: 10_000 });
  await expect(banner).toContainText('paused at frame');
  await put(page.request, TIME({ paused: false }));
  await expect(banner).toHaveAttribute('data-paused', 'false', { timeout: 10_000 });
  expect(errors).toEqual([]);
});

test('scrubbing the timeline back shows the past in the inspector; restore here makes it live, paused', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/explorer/?entity=Sun.Earth');
  const slider = page.getByRole('slider', { name: /Frame shown/ });
  await expect(slider).toBeVisible({ timeout: 15_000 });
  const h = await getJson<{ first: number; last: number }>(page.request, '/history');
  const frame = Math.max(h.first, h.last - 20);
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await slider.fill(String(frame));
  await expect(page.getByTestId('viewing-past')).toHaveText(`viewing the past: frame ${frame}`);
  // The inspector reads Sun.Earth as of that frame.
  await expect.poll(() => urls.some((u) => u.includes('/entity/Sun/Earth') && u.includes(`at=${frame}`)), { timeout: 10_000 }).toBe(true);
  await page.getByRole('button', { name: 'restore here' }).click();
  const banner = page.getByTestId('paused-banner');
  await expect(banner).toHaveAttribute('data-paused', 'true', { timeout: 10_000 });
  await expect(page.getByTestId('viewing-past')).toHaveCount(0);
  const after = await getJson<{ last: number; frame: number }>(page.request, '/history');
  expect(after.frame).toBeGreaterThanOrEqual(frame);
  expect(errors).toEqual([]);
});
