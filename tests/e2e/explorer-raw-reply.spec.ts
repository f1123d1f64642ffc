// Every panel can show the JSON reply it was built from: the inspector's here, with its options as
// toggles (switching one re-sends the request) and the same request as a curl line to copy.
import { expect, test } from '@playwright/test';
import { openExplorer } from './support/explorer';

test('the inspector shows its raw reply, toggles an option, and copies the request as curl', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const x = await openExplorer(page, '?entity=Sun.Earth');
  await x.inspector.getByRole('button', { name: 'Show the raw reply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Raw reply' });
  const body = dialog.getByTestId('raw-body');
  await expect(body).toContainText('"path": "Sun.Earth"');
  await expect(body).toContainText('"values"');

  // The curl line sends exactly the request shown, and answers the same entity.
  const curl = await dialog.getByTestId('raw-curl').textContent();
  const target = /^curl -s '([^']+)'$/.exec(curl ?? '')?.[1];
  expect(target, curl ?? '').toBeDefined();
  expect(target!.startsWith(baseURL!)).toBe(true);
  await expect(dialog.getByTestId('raw-request')).toHaveText(`GET ${target!.slice(baseURL!.length)}`);
  const direct = await (await page.request.get(target!)).json() as { path: string; values?: unknown[] };
  expect(direct.path).toBe('Sun.Earth');
  await dialog.getByRole('button', { name: 'copy as curl' }).click();
  await expect(dialog.getByRole('button', { name: 'copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(curl);

  // Switching values off asks again without them.
  await dialog.getByRole('group', { name: 'Request options' }).getByRole('checkbox', { name: 'values' }).uncheck();
  await expect(dialog.getByTestId('raw-request')).toContainText('values=false');
  await expect(body).toContainText('"path": "Sun.Earth"');
  await expect(body).not.toContainText('"values"');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the query, tree and statistics panels open their raw replies too', async ({ page }) => {
  const x = await openExplorer(page, `?q=${encodeURIComponent('Planet')}`);
  for (const panel of [x.queryPanel, x.tree.locator('xpath=ancestor::section[1]')]) {
    await panel.getByRole('button', { name: 'Show the raw reply' }).click();
    const dialog = page.getByRole('dialog', { name: 'Raw reply' });
    await expect(dialog.getByTestId('raw-body')).toContainText('"results"');
    await dialog.getByRole('button', { name: 'Close' }).click();
  }
  await page.getByRole('tablist', { name: 'Layout' }).getByRole('tab', { name: 'Statistics' }).click();
  await x.stats.getByRole('button', { name: 'Show the raw reply' }).click();
  await expect(page.getByRole('dialog', { name: 'Raw reply' }).getByTestId('raw-body')).toContainText('"performance.fps"');
});
